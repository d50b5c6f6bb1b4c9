import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { FormError, readForm } from "./forms.server";
import { setupTempStorage } from "~/test/context";
import type { Storage } from "./storage.server";

let root: string;
let storage: Storage;
setupTempStorage((temp) => ({ root, storage } = temp));

const post = (body: BodyInit, type?: string) =>
  new Request("http://127.0.0.1/form", { method: "POST", body, headers: type ? { "content-type": type } : {} });
const URLENCODED = "application/x-www-form-urlencoded";

describe("readForm", () => {
  it("reads a url-encoded form (the first value of each name), and one sent with no type", async () => {
    expect(await readForm(post("email=anna%40example.cat&privacy=on&privacy=off&t=%C3%A0+b", URLENCODED), storage, 1024)).toEqual({
      email: "anna@example.cat",
      privacy: "on",
      t: "à b",
    });
    expect(await readForm(post(Buffer.from("a=1")), storage, 1024)).toEqual({ a: "1" });
  });

  it("reads a multipart form's fields and skips its files, storing nothing", async () => {
    const fd = new FormData();
    fd.append("comment", "Més carrils");
    fd.append("file", new Blob([Buffer.alloc(1000)]), "x.bin");
    expect(await readForm(post(fd), storage, 64 * 1024)).toEqual({ comment: "Més carrils" });
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("refuses text that is not UTF-8 or holds a NUL, escaped or raw, in a value or a name", async () => {
    for (const body of ["a=%FF", "a=%00", "a=%C0%AF", "a=%ED%A0%80", "a=\xff", "a=\x00", "%FF=1", "a=1&b=\xc3"]) {
      await expect(readForm(post(Buffer.from(body, "latin1"), URLENCODED), storage, 1024), JSON.stringify(body)).rejects.toMatchObject({
        code: "bad_request",
      });
    }
  });

  it("refuses a body that is not a form", async () => {
    for (const type of ["text/plain", "application/json", "multipart/form-data", "multipart/form-data; boundary=X"]) {
      const err = await readForm(post('{"a":1}', type), storage, 1024).catch((e: unknown) => e);
      expect(err, type).toBeInstanceOf(FormError);
      expect(err).toMatchObject({ code: "bad_request", message: "Petició no vàlida." });
    }
  });

  it("refuses a body over the limit: from its Content-Length before reading, or as it streams", async () => {
    const declared = new Request("http://127.0.0.1/form", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": URLENCODED, "content-length": String(200 * 1024 * 1024) },
    });
    await expect(readForm(declared, storage, 1024)).rejects.toMatchObject({ code: "too_large" });
    await expect(readForm(post("a=" + "x".repeat(2000), URLENCODED), storage, 1024)).rejects.toMatchObject({ code: "too_large" });
  });

  it("reads the rest of a body that is too large instead of cancelling it, so the answer reaches the client", async () => {
    // Found by scripts/fuzz.mjs: cancelling the request's body closes the connection unanswered.
    let cancelled = false;
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ < 10) controller.enqueue(new Uint8Array(1000).fill(97));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const req = new Request("http://127.0.0.1/form", {
      method: "POST",
      body,
      headers: { "content-type": URLENCODED },
      duplex: "half",
    } as RequestInit);
    await expect(readForm(req, storage, 1500)).rejects.toMatchObject({ code: "too_large" });
    await vi.waitFor(() => expect(pulls).toBe(11));
    expect(cancelled).toBe(false);
  });
});
