import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { setupTempStorage } from "~/test/context";
import { FormError, readForm } from "~/infra/forms.server";
import type { PutOptions, Storage } from "~/infra/storage.server";

let root: string;
let storage: Storage;
setupTempStorage((temp) => ({ root, storage } = temp));

const post = (body: BodyInit, type?: string) =>
  new Request("http://127.0.0.1/form", { method: "POST", body, headers: type ? { "content-type": type } : {} });
const URLENCODED = "application/x-www-form-urlencoded";
/** A request whose body streams these chunks, telling how many reads it got and whether it was cancelled. */
function streamed(chunks: Buffer[], type: string) {
  let cancelled = false;
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulls++];
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1/form", {
    method: "POST",
    body,
    headers: { "content-type": type },
    duplex: "half",
  } as RequestInit);
  return { request, pulls: () => pulls, cancelled: () => cancelled };
}
const fieldsOf = async (request: Request, maxBytes: number) => (await readForm(request, storage, { maxBytes })).fields;
const withFiles = <F extends string>(request: Request, files: Record<F, PutOptions>, maxBytes = 64 * 1024) =>
  readForm(request, storage, { maxBytes, files });

describe("FormError", () => {
  it("carries the HTTP status of its code, the one mapping every form answers with", async () => {
    expect([new FormError("too_large").status, new FormError("bad_request").status, new FormError("bad_type", "f").status]).toEqual([
      413, 400, 415,
    ]);
    const err = await readForm(post("a=1", "application/json"), storage, { maxBytes: 1024 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FormError);
    expect((err as FormError).status).toBe(400);
  });
});

describe("readForm", () => {
  it("reads a url-encoded form (the first value of each name), and one sent with no type", async () => {
    expect(await fieldsOf(post("email=anna%40example.cat&privacy=on&privacy=off&t=%C3%A0+b", URLENCODED), 1024)).toEqual({
      email: "anna@example.cat",
      privacy: "on",
      t: "à b",
    });
    expect(await fieldsOf(post(Buffer.from("a=1")), 1024)).toEqual({ a: "1" });
  });

  it("reads a multipart form's fields and skips its files, storing nothing", async () => {
    const fd = new FormData();
    fd.append("comment", "Més carrils");
    fd.append("file", new Blob([Buffer.alloc(1000)]), "x.bin");
    expect(await fieldsOf(post(fd), 64 * 1024)).toEqual({ comment: "Més carrils" });
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("refuses text that is not UTF-8 or holds a NUL, escaped or raw, in a value or a name", async () => {
    for (const body of ["a=%FF", "a=%00", "a=%C0%AF", "a=%ED%A0%80", "a=\xff", "a=\x00", "%FF=1", "a=1&b=\xc3"]) {
      await expect(fieldsOf(post(Buffer.from(body, "latin1"), URLENCODED), 1024), JSON.stringify(body)).rejects.toMatchObject({
        code: "bad_request",
      });
    }
  });

  it("refuses a body that is not a form", async () => {
    for (const type of ["text/plain", "application/json", "multipart/form-data", "multipart/form-data; boundary=X"]) {
      const err = await fieldsOf(post('{"a":1}', type), 1024).catch((e: unknown) => e);
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
    await expect(fieldsOf(declared, 1024)).rejects.toMatchObject({ code: "too_large" });
    await expect(fieldsOf(post("a=" + "x".repeat(2000), URLENCODED), 1024)).rejects.toMatchObject({ code: "too_large" });
  });

  it("reads the rest of a body that is too large instead of cancelling it, so the answer reaches the client", async () => {
    // Found by tests/fuzz: cancelling the request's body closes the connection unanswered.
    const body = streamed(
      Array.from({ length: 10 }, () => Buffer.alloc(1000, 97)),
      URLENCODED,
    );
    await expect(fieldsOf(body.request, 1500)).rejects.toMatchObject({ code: "too_large" });
    await vi.waitFor(() => expect(body.pulls()).toBe(11));
    expect(body.cancelled()).toBe(false);
  });
});

const filesUnder = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
const form = (entries: [string, string | Blob, string?][]) => {
  const fd = new FormData();
  for (const [name, value, filename] of entries) {
    if (typeof value === "string") fd.append(name, value);
    else fd.append(name, value, filename);
  }
  return new Request("http://127.0.0.1/upload", { method: "POST", body: fd });
};
const image = { maxBytes: 1024 * 1024, prefix: "images", accept: (t: string) => (t.startsWith("image/") ? t : null) };

describe("readForm with files", () => {
  it("collects the fields and streams the expected file into storage", async () => {
    const req = form([
      ["title", "La Vivi"],
      ["image", new Blob([await png()], { type: "text/plain" }), "foto.txt"],
    ]);
    const { fields, files } = await withFiles(req, { image });
    expect(fields).toEqual({ title: "La Vivi" });
    expect(files.image).toMatchObject({ contentType: "image/png", key: expect.stringMatching(/^images\/.+\.png$/) });
    expect(await storage.exists(files.image!.key)).toBe(true);
  });

  it("treats an empty file input as no file", async () => {
    const { files } = await withFiles(form([["image", new Blob([]), ""]]), { image });
    expect(files.image).toBeUndefined();
  });

  it("ignores files it was not asked for", async () => {
    const { files } = await withFiles(form([["other", new Blob([await png()]), "x.png"]]), { image });
    expect(files).toEqual({});
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a file whose bytes are not of an accepted type, naming the field", async () => {
    const err = await withFiles(form([["image", new Blob(["<html></html>"]), "foto.png"]]), { image }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FormError);
    expect(err).toMatchObject({ code: "bad_type", field: "image" });
  });

  it("refuses an oversized file and deletes the files already stored for the request", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    const req = form([
      ["first", new Blob([await png()]), "a.png"],
      ["image", new Blob([big]), "b.png"],
    ]);
    const err = await withFiles(req, { first: image, image }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "too_large", field: "image" });
    expect(filesUnder(root)).toEqual([]);
  });

  it("reads a url-encoded form as one without files, and refuses a broken multipart body", async () => {
    const plain = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await withFiles(plain, { image })).toMatchObject({ fields: { a: "1" }, files: {} });
    const broken = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: '--X\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { "content-type": "multipart/form-data; boundary=X" },
    });
    await expect(withFiles(broken, { image })).rejects.toBeInstanceOf(FormError);
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a field that is not UTF-8 or holds a NUL, storing no file, before or after it", async () => {
    const image_ = Buffer.concat([
      Buffer.from('--X\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n\r\n'),
      await png(),
      Buffer.from("\r\n"),
    ]);
    for (const value of ["a\x00b", "\xff\xfe", "\xc0\xaf"]) {
      const title = Buffer.from(`--X\r\ncontent-disposition: form-data; name="title"\r\n\r\n${value}\r\n`, "latin1");
      // Field first, file after, in one chunk: the parser still emits the file after the failure.
      const body = Buffer.concat([...(value === "a\x00b" ? [image_, title] : [title, image_]), Buffer.from("--X--\r\n")]);
      const req = new Request("http://127.0.0.1/upload", {
        method: "POST",
        body,
        headers: { "content-type": "multipart/form-data; boundary=X" },
      });
      await expect(withFiles(req, { image })).rejects.toMatchObject({ code: "bad_request", field: "title" });
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // time for a late store to land
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a field without a name (it brought the whole server down, found by tests/fuzz)", async () => {
    const req = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: "--X\r\ncontent-disposition: form-data\r\n\r\nsense nom\r\n--X--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=X" },
    });
    await expect(withFiles(req, { image })).rejects.toMatchObject({ code: "bad_request" });
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a body over its text budget plus each file's limit, naming the file: from its Content-Length, or as it streams counting skipped parts", async () => {
    const small = { ...image, maxBytes: 50_000 };
    const req = form([["other", new Blob([Buffer.alloc(200_000)]), "x.bin"]]);
    await expect(withFiles(req, { image: small }, 100_000)).rejects.toMatchObject({ code: "too_large", field: "image" });
    const declared = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: "--X--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=X", "content-length": "150001" },
    });
    await expect(withFiles(declared, { image: small }, 100_000)).rejects.toMatchObject({ code: "too_large", field: "image" });
    expect(filesUnder(root)).toEqual([]);
  });

  it("reads a refused body to its end instead of cancelling it, so that the answer still reaches the client", async () => {
    // Cancelling the request's body destroys the connection: the client got no answer at all
    // (found by tests/fuzz with a part that has no headers).
    const chunks = [Buffer.from("--X\r\n\r\nno headers here\r\n--X--\r\n"), ...Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024))];
    const body = streamed(chunks, "multipart/form-data; boundary=X");
    await expect(withFiles(body.request, { image })).rejects.toMatchObject({ code: "bad_request" });
    await vi.waitFor(() => expect(body.pulls()).toBe(chunks.length + 1));
    expect(body.cancelled()).toBe(false);
  });

  it("discard() removes what was stored when a later step refuses the request", async () => {
    const upload = await withFiles(form([["image", new Blob([await png()]), "a.png"]]), { image });
    await upload.discard();
    expect(filesUnder(root)).toEqual([]);
  });
});
