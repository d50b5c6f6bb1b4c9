import fs from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStorage, storageBackends, type TestStorage } from "~/test/storage";
import { capturingHeads } from "~/models/admin.server";
import { isValidKey, sniffContentType, StorageError, type Storage } from "~/infra/storage.server";

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#b0125b" } })
    .png()
    .toBuffer();
const imagesOnly = (type: string) => (type.startsWith("image/") ? type : null);
/** A body delivered in small chunks, as a network upload would be. */
const chunked = (bytes: Buffer, size = 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
const text = async (body: Readable) => Buffer.concat(await body.toArray()).toString("latin1");

describe.each(storageBackends())("storage on %s", (backend) => {
  let test: TestStorage;
  let storage: Storage;
  beforeEach(async () => {
    test = await createTestStorage(backend);
    storage = test.storage;
  });
  afterEach(() => test.close());
  const nothingStored = async () => {
    expect(await storage.list()).toEqual([]);
    expect(test.files()).toEqual([]);
  };

  it("stores a file under a generated key, typed by its bytes", async () => {
    const bytes = await png();
    const file = await storage.put(chunked(bytes, 7), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" });
    expect(file.contentType).toBe("image/png");
    expect(file.size).toBe(bytes.length);
    expect(file.key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(isValidKey(file.key)).toBe(true);
    expect(test.bytes(file.key).equals(bytes)).toBe(true);
    expect(await storage.exists(file.key)).toBe(true);
  });

  it("reads a stored file whole, or a byte range of it, with its size, type, validator and time of writing", async () => {
    const bytes = await png();
    const file = await storage.put(chunked(bytes), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" });
    const stat = (await storage.stat(file.key))!;
    expect(stat).toMatchObject({ key: file.key, size: bytes.length, contentType: "image/png" });
    expect(stat.etag).toMatch(/^(W\/)?"[^"]+"$/);
    // The time of writing is the disk's (or the S3 server's) clock, which the moved-clock run does not move.
    expect(Math.abs(stat.modifiedAt - (performance.timeOrigin + performance.now()))).toBeLessThan(60_000);

    const whole = (await storage.get(file.key))!;
    expect(whole).toMatchObject({ size: bytes.length, contentType: "image/png", etag: stat.etag });
    expect(Buffer.concat(await whole.body.toArray()).equals(bytes)).toBe(true);

    const part = (await storage.get(file.key, { start: 1, end: 3 }))!;
    expect(part.size).toBe(bytes.length); // the whole file's size, as Content-Range needs it
    expect(await text(part.body)).toBe("PNG");
    const tail = (await storage.get(file.key, { start: bytes.length - 8, end: bytes.length - 1 }))!;
    expect(Buffer.concat(await tail.body.toArray()).equals(bytes.subarray(-8))).toBe(true);

    expect((await storage.list()).map((f) => f.key)).toEqual([file.key]);
  });

  it("answers null for a file that is not there, or a key that is not one of ours", async () => {
    const missing = "images/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.png";
    expect(await storage.stat(missing)).toBeNull();
    expect(await storage.get(missing)).toBeNull();
    expect(await storage.get(missing, { start: 0, end: 9 })).toBeNull();
    expect(await storage.exists(missing)).toBe(false);
    expect(await storage.stat("../package.json")).toBeNull();
    expect(await storage.get("../package.json")).toBeNull();
    await storage.delete(missing); // nothing to delete is no error
  });

  it("names the file from its bytes, not from what the sender called it", async () => {
    // An HTML page sent as "photo.png" is refused: its bytes are not an image.
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    await expect(storage.put(chunked(html), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "bad_type",
    });
    await nothingStored();
  });

  it("refuses a real file of a type the caller does not accept", async () => {
    await expect(storage.put(chunked(await png()), { maxBytes: 1e6, accept: () => null, prefix: "audio" })).rejects.toBeInstanceOf(
      StorageError,
    );
    await nothingStored();
  });

  it("stops an upload once it passes the size limit, while streaming, and leaves nothing", async () => {
    const head = await png();
    let produced = 0;
    // An endless body: only a limit enforced while streaming can stop it.
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced === 64 * 1024 ? Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length)]) : Buffer.alloc(64 * 1024));
      },
    });
    await expect(storage.put(endless, { maxBytes: 1024 * 1024, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "too_large",
    });
    expect(produced).toBeLessThan(4 * 1024 * 1024);
    await nothingStored();
  });

  it("refuses an empty body", async () => {
    await expect(storage.put(Readable.from([]), { maxBytes: 10, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "empty",
    });
  });

  it("refuses a body that fails at once, as a cut upload does, without an unhandled error", async () => {
    // The back office's photo upload hands storage a stream that takes its source's error as soon as
    // the source fails: before the fix, that came while put() was still creating its folder, with
    // nobody listening, and brought the whole server down (found by tests/fuzz).
    // Many times: the failure can come while the temporary file is still being opened, and a file
    // opened after its removal was left behind (seen once under CI's load).
    for (let i = 0; i < 40; i++) {
      for (const store of [storage, capturingHeads(storage).storage]) {
        const cut = new PassThrough();
        process.nextTick(() => cut.destroy(new Error("Unexpected end of form")));
        await expect(store.put(cut, { maxBytes: 1000, accept: imagesOnly, prefix: "images" })).rejects.toThrow("Unexpected end of form");
      }
    }
    await nothingStored();
  });

  it("streams a file larger than an upload part, and refuses one past the limit midway, leaving nothing", async () => {
    // 12 MB: more than two S3 parts of 5 MB, so the S3 backend uploads it in parts as it arrives.
    const big = Buffer.concat([await png(), Buffer.alloc(12 * 1024 * 1024 - (await png()).length, 7)]);
    const file = await storage.put(chunked(big, 64 * 1024), { maxBytes: 20e6, accept: imagesOnly, prefix: "images" });
    expect(file.size).toBe(big.length);
    expect((await storage.stat(file.key))!.size).toBe(big.length);
    const part = (await storage.get(file.key, { start: 6 * 1024 * 1024, end: 6 * 1024 * 1024 + 9 }))!;
    expect(Buffer.concat(await part.body.toArray()).equals(big.subarray(6 * 1024 * 1024, 6 * 1024 * 1024 + 10))).toBe(true);
    await storage.delete(file.key);
    await expect(storage.put(chunked(big, 64 * 1024), { maxBytes: 11e6, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "too_large",
    });
    await nothingStored();
  });

  it("stores under the refined type the caller gives (a WebM sound file as audio)", async () => {
    const webm = fs.readFileSync(path.resolve("scripts/seed-assets/testimoni-4.webm"));
    const file = await storage.put(chunked(webm), {
      maxBytes: 5e6,
      accept: (t) => (t === "video/webm" ? "audio/webm" : null),
      prefix: "audio",
    });
    expect(file.contentType).toBe("audio/webm");
    expect(file.key).toMatch(/\.weba$/);
  });

  it("deletes a file and never lets a key leave the root", async () => {
    const file = await storage.put(chunked(await png()), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" });
    await storage.delete(file.key);
    expect(await storage.exists(file.key)).toBe(false);
    await expect(storage.delete("../package.json")).rejects.toThrow();
    expect(await storage.exists("../package.json")).toBe(false);
  });

  it.each([
    "../x.png",
    "images/../../x.png",
    "images/%2e%2e/x.png",
    "images\\x.png",
    ".tmp/x.png",
    "Images/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.png",
    "images/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.png/",
  ])("treats %s as no key", (key) => expect(isValidKey(key)).toBe(false));
});

describe("sniffContentType", () => {
  it("takes a WAV only with its format chunk: 'RIFF....WAVE' and junk is not audio (found by tests/fuzz)", async () => {
    // A second of 8 kHz, 8-bit mono silence: RIFF header, 'fmt ' chunk (PCM), 'data' chunk.
    const fmt = Buffer.alloc(16);
    fmt.writeUInt16LE(1, 0); // PCM
    fmt.writeUInt16LE(1, 2); // mono
    fmt.writeUInt32LE(8000, 4);
    fmt.writeUInt32LE(8000, 8);
    fmt.writeUInt16LE(1, 12);
    fmt.writeUInt16LE(8, 14);
    const chunk = (id: string, body: Buffer) => {
      const header = Buffer.alloc(8);
      header.write(id, 0, "latin1");
      header.writeUInt32LE(body.length, 4);
      return Buffer.concat([header, body]);
    };
    const riff = (...chunks: Buffer[]) => {
      const body = Buffer.concat([Buffer.from("WAVE", "latin1"), ...chunks]);
      return Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from(new Uint32Array([body.length]).buffer), body]);
    };
    const real = riff(chunk("LIST", Buffer.alloc(10)), chunk("fmt ", fmt), chunk("data", Buffer.alloc(8000, 128)));
    expect(await sniffContentType(real.subarray(0, 4100))).toBe("audio/wav");
    expect(await sniffContentType(riff(chunk("data", Buffer.alloc(100)), chunk("fmt ", fmt)))).toBeNull();
    expect(await sniffContentType(Buffer.from("RIFF\x00\x00\x00\x00WAVEjunk", "latin1"))).toBeNull();
    // A format chunk cut short, or the sound before the format: not a WAV either.
    expect(await sniffContentType(Buffer.concat([real.subarray(0, 20), Buffer.alloc(4)]))).toBeNull();
  });

  it("offers a text opening with the WEBVTT line as captions (only their own accept() takes it)", async () => {
    expect(await sniffContentType(Buffer.from("WEBVTT\n\n00:01.000 --> 00:02.000\nHola\n"))).toBe("text/vtt");
    expect(await sniffContentType(Buffer.from("\uFEFFWEBVTT - Subtítols\r\n"))).toBe("text/vtt");
    expect(await sniffContentType(Buffer.from("WEBVTTX\n"))).toBeNull();
    expect(await sniffContentType(Buffer.from("<html>WEBVTT\n"))).toBeNull();
  });
});
