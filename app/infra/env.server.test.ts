import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, s3Settings, trustProxySetting } from "~/infra/env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://127.0.0.1:3000");
  });

  it("treats empty strings as not set", () => {
    const env = parseEnv({ DATABASE_URL: "", ADMIN_EMAIL: " ", ADMIN_PASSWORD: "", PUBLIC_URL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it("accepts a full production configuration", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/srv/data",
      DATABASE_URL: "postgresql://app@db:5432/bici",
      ADMIN_EMAIL: "admin@example.cat",
      ADMIN_PASSWORD: "una-contrasenya-llarga",
      SESSION_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://bici.example.cat/",
    });
    expect(env).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATA_DIR: "/srv/data", PUBLIC_URL: "https://bici.example.cat" });
  });

  it.each([
    ["1", 1],
    ["loopback", ["loopback"]],
    ["loopback, 10.0.0.0/8, fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("takes TRUST_PROXY=%j as Express's trust proxy setting", (value, setting) => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY!)).toEqual(setting);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x@y/z" }, "DATABASE_URL: ha de ser una URL postgres:// o postgresql://"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "0123456789" }, "ADMIN_EMAIL: ha de ser una adreça de correu vàlida"],
    [{ ADMIN_EMAIL: "a@b.cat" }, "ADMIN_PASSWORD: ADMIN_EMAIL i ADMIN_PASSWORD s'han de donar junts"],
    [{ ADMIN_EMAIL: "a@b.cat", ADMIN_PASSWORD: "curta" }, "ADMIN_PASSWORD: ha de tenir com a mínim 10 caràcters"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET: ha de tenir com a mínim 32 caràcters"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL: ha de ser una URL http:// o https://"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY: ha de ser un nombre de salts o una llista d'adreces o xarxes"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "loopback, 300.1.1.1" }, "TRUST_PROXY"],
  ])("refuses %j with a readable message", (source, expected) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(expected);
  });
});

describe("the storage settings", () => {
  it("keep files on disk by default", () => {
    expect(s3Settings(parseEnv({}))).toBeNull();
  });

  it("choose an S3-compatible bucket with S3_BUCKET, path-style by default with an endpoint of one's own", () => {
    expect(
      s3Settings(
        parseEnv({
          S3_BUCKET: "bici-fitxers",
          S3_ENDPOINT: "http://127.0.0.1:9000",
          S3_ACCESS_KEY_ID: "clau",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_PREFIX: "penedes/",
        }),
      ),
    ).toEqual({
      bucket: "bici-fitxers",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "clau",
      secretAccessKey: "secret",
      forcePathStyle: true,
      prefix: "penedes/",
    });
    expect(s3Settings(parseEnv({ S3_BUCKET: "bici-fitxers", S3_REGION: "eu-south-2" }))).toMatchObject({
      endpoint: undefined,
      region: "eu-south-2",
      forcePathStyle: false,
      prefix: "",
    });
    expect(
      s3Settings(parseEnv({ S3_BUCKET: "bici", S3_ENDPOINT: "https://s3.example.cat", S3_FORCE_PATH_STYLE: "false" }))?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ S3_BUCKET: "Bici_Fitxers" }, "S3_BUCKET: ha de ser un nom de bucket"],
    [{ S3_BUCKET: "bici", S3_ENDPOINT: "ftp://x" }, "S3_ENDPOINT: ha de ser una URL http:// o https://"],
    [{ S3_BUCKET: "bici", S3_ACCESS_KEY_ID: "clau" }, "S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID i S3_SECRET_ACCESS_KEY s'han de donar junts"],
    [{ S3_BUCKET: "bici", S3_FORCE_PATH_STYLE: "sí" }, "S3_FORCE_PATH_STYLE: ha de ser true o false"],
    [{ S3_BUCKET: "bici", S3_PREFIX: "sense-barra" }, "S3_PREFIX: ha de ser una carpeta acabada en /"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT: només té efecte amb S3_BUCKET"],
  ])("refuse %j with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});
