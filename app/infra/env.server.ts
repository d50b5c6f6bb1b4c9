import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { S3StorageOptions } from "~/infra/storage-s3.server";

// Empty strings (as left by a blank line in an .env file) mean "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

// Mail (decision 023): SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox/.
const mailEnv = {
  SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, error: "ha de ser una URL smtp:// o smtps:// (p. ex. smtp://usuari:contrasenya@servidor:587)" }),
  ),
  /** An address, or a name and an address: `Campanya <noreply@example.cat>`. */
  MAIL_FROM: optional(
    z
      .string()
      .trim()
      .refine((v) => z.email().safeParse(/<([^<>]+)>$/.exec(v)?.[1] ?? v).success, {
        error: "ha de ser una adreça de correu, o un nom i una adreça: Nom <adreca@example.cat>",
      }),
  ),
  /** Newsletter messages sent per second at most, by each instance (decision 030). */
  NEWSLETTER_RATE: optional(z.coerce.number({ error: "ha de ser un nombre" }).positive({ error: "ha de ser més gran que 0" }).max(1000)),
};

const envSchema = z
  .object({
    ...mailEnv,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "ha de ser una URL postgres:// o postgresql://" })),
    ADMIN_EMAIL: optional(z.email({ error: "ha de ser una adreça de correu vàlida" })),
    ADMIN_PASSWORD: optional(z.string().min(10, { error: "ha de tenir com a mínim 10 caràcters" })),
    SESSION_SECRET: optional(z.string().min(32, { error: "ha de tenir com a mínim 32 caràcters" })),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: "ha de ser una URL http:// o https://" })),
    // Behind a reverse proxy: which proxies to believe about the client's address (X-Forwarded-For),
    // as Express's "trust proxy" takes it: a number of hops, or addresses and networks.
    TRUST_PROXY: optional(
      z
        .string()
        .trim()
        .refine((v) => /^\d{1,2}$/.test(v) || v.split(",").every((part) => isProxyAddress(part.trim())), {
          error: "ha de ser un nombre de salts o una llista d'adreces o xarxes (p. ex. loopback, 10.0.0.0/8)",
        }),
    ),
    // Testimonials waiting for moderation at most, by count and by the megabytes of their audio:
    // past either, new ones are refused until staff approve, reject or delete some (decision 024).
    PENDING_TESTIMONIALS_MAX: optional(z.coerce.number().int().min(1, { error: "ha de ser un enter positiu" })),
    PENDING_TESTIMONIALS_MAX_MB: optional(z.coerce.number().int().min(1, { error: "ha de ser un enter positiu" })),
    // Files in an S3-compatible bucket instead of DATA_DIR/uploads (decision 018).
    S3_BUCKET: optional(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "ha de ser un nom de bucket (3 a 63 minúscules, xifres, punts o guions)" }),
    ),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "ha de ser una URL http:// o https://" })),
    S3_REGION: optional(z.string().trim().min(1)),
    S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
    S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false", "1", "0"], { error: "ha de ser true o false" })),
    S3_PREFIX: optional(
      z
        .string()
        .trim()
        .regex(/^(?:[A-Za-z0-9._-]+\/)+$/, { error: "ha de ser una carpeta acabada en / (p. ex. fitxers/)" }),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL i ADMIN_PASSWORD s'han de donar junts",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "cal donar MAIL_FROM (el remitent) quan es dona SMTP_URL" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID i S3_SECRET_ACCESS_KEY s'han de donar junts",
      });
    }
    if (!env.S3_BUCKET) {
      for (const name of [
        "S3_ENDPOINT",
        "S3_REGION",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
        "S3_FORCE_PATH_STYLE",
        "S3_PREFIX",
      ] as const) {
        if (env[name]) ctx.addIssue({ code: "custom", path: [name], message: "només té efecte amb S3_BUCKET" });
      }
    }
  });

/** An entry of Express's "trust proxy" list: a named range, an address, or an address/bits network. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** The TRUST_PROXY value as Express's "trust proxy" setting takes it. */
export function trustProxySetting(value: string): number | string[] {
  return /^\d+$/.test(value) ? Number(value) : value.split(",").map((part) => part.trim());
}

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL's origin when it was given (the only origin a browser may post from); else unset. */
  PUBLIC_ORIGIN?: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once. A bad value throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(entorn)"}: ${i.message}`);
    throw new ConfigError(`Configuració no vàlida:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const host = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://${host}:${env.PORT}`).replace(/\/+$/, ""),
    ...(env.PUBLIC_URL ? { PUBLIC_ORIGIN: new URL(env.PUBLIC_URL).origin } : {}),
  };
}

/** Where files are stored: an S3-compatible bucket when S3_BUCKET is set, otherwise null (the local
 * disk, DATA_DIR/uploads). Path-style addressing is the default with an endpoint of one's own. */
export function s3Settings(env: Env): S3StorageOptions | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? ["true", "1"].includes(env.S3_FORCE_PATH_STYLE) : Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? "",
  };
}
