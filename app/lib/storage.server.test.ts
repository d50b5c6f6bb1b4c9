import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, isValidKey, StorageError, type Storage } from "./storage.server";

let root: string;
let storage: Storage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-storage-"));
  storage = createLocalStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

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
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe("local storage", () => {
  it("stores a file under a generated key, typed by its bytes", async () => {
    const bytes = await png();
    const file = await storage.put(chunked(bytes, 7), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" });
    expect(file.contentType).toBe("image/png");
    expect(file.size).toBe(bytes.length);
    expect(file.key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(isValidKey(file.key)).toBe(true);
    expect(fs.readFileSync(path.join(root, file.key)).equals(bytes)).toBe(true);
    expect(await storage.exists(file.key)).toBe(true);
  });

  it("names the file from its bytes, not from what the sender called it", async () => {
    // An HTML page sent as "photo.png" is refused: its bytes are not an image.
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    await expect(storage.put(chunked(html), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "bad_type",
    });
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a real file of a type the caller does not accept", async () => {
    await expect(storage.put(chunked(await png()), { maxBytes: 1e6, accept: () => null, prefix: "audio" })).rejects.toBeInstanceOf(
      StorageError,
    );
    expect(filesUnder(root)).toEqual([]);
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
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses an empty body", async () => {
    await expect(storage.put(Readable.from([]), { maxBytes: 10, accept: imagesOnly, prefix: "images" })).rejects.toMatchObject({
      code: "empty",
    });
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
