import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { imageSrcSet } from "~/lib/images";
import { createImageVariants, decodesWhole } from "~/infra/images.server";
import { logLines } from "~/test/log";
import { createLocalStorage } from "~/infra/storage-disk.server";

let root: string;
beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-img-"))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function storeJpeg(width: number, height: number) {
  const storage = createLocalStorage(path.join(root, "uploads"));
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#0f6b4f" } })
    .jpeg()
    .toBuffer();
  return (await storage.put(Readable.from([bytes]), { maxBytes: 5e7, prefix: "photos", accept: (t) => t })).key;
}

describe("image variants", () => {
  it("makes an 800 px WebP at quality 75 once, then serves it from the cache", async () => {
    const key = await storeJpeg(4000, 3000);
    const images = createImageVariants(createLocalStorage(path.join(root, "uploads")), path.join(root, "cache"));
    const [a, b] = await Promise.all([images.variant(key, 800), images.variant(key, 800)]);
    expect(a).toBe(b);
    const meta = await sharp(a!).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 600 });
    const made = fs.statSync(a!).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await images.variant(key, 800)).toBe(a);
    expect(fs.statSync(a!).mtimeMs).toBe(made);
    expect(fs.readdirSync(path.dirname(a!))).toEqual(["w800-q75.webp"]);
  });

  it("serves a variant from memory, and forgets it (memory and disk) once the original is deleted", async () => {
    const key = await storeJpeg(1000, 750);
    const images = createImageVariants(createLocalStorage(path.join(root, "uploads")), path.join(root, "cache"));
    const first = (await images.served(key, 320))!;
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await sharp(first.body).metadata()).width).toBe(320);
    const file = (await images.variant(key, 320))!;
    fs.rmSync(file); // the next one comes from memory, not from the disk
    expect(await images.served(key, 320)).toBe(first);
    await createLocalStorage(path.join(root, "uploads")).delete(key); // deleted in the back office
    expect(await images.served(key, 320)).toBeNull();
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    expect(await images.served(key, 640)).toBeNull();
  });

  it("never enlarges a small original", async () => {
    const key = await storeJpeg(300, 200);
    const images = createImageVariants(createLocalStorage(path.join(root, "uploads")), path.join(root, "cache"));
    expect((await sharp((await images.variant(key, 1600))!).metadata()).width).toBe(300);
  });

  it("answers null for a missing original or a key that is not an image", async () => {
    const images = createImageVariants(createLocalStorage(path.join(root, "uploads")), path.join(root, "cache"));
    expect(await images.variant("photos/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.jpg", 800)).toBeNull();
    expect(await images.variant("docs/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.pdf", 800)).toBeNull();
    expect(await images.variant("../../etc/passwd.jpg", 800)).toBeNull();
  });

  it("builds a srcset of the allowed widths", () => {
    expect(imageSrcSet("photos/a.jpg", 800)).toBe(
      "/media/photos/a.jpg?w=320 320w, /media/photos/a.jpg?w=480 480w, /media/photos/a.jpg?w=640 640w, /media/photos/a.jpg?w=800 800w",
    );
  });

  it("a stored image that cannot be decoded: refused by decodesWhole; its variant fails once, then is remembered", async () => {
    const storage = createLocalStorage(path.join(root, "uploads"));
    const good = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c2185b" } })
      .png()
      .toBuffer();
    // The PNG's signature and header, then garbage: accepted by its magic bytes, but broken.
    const broken = Buffer.concat([good.subarray(0, 64), Buffer.alloc(4000, 7)]);
    const put = (bytes: Buffer) => storage.put(Readable.from([bytes]), { maxBytes: 5e7, prefix: "photos", accept: (t) => t });
    const goodKey = (await put(good)).key;
    const brokenKey = (await put(broken)).key;
    expect(brokenKey).toMatch(/\.png$/);
    expect(await decodesWhole(storage, goodKey)).toBe(true);
    expect(await decodesWhole(storage, brokenKey)).toBe(false);

    let reads = 0;
    const counting = { ...storage, get: (key: string) => (reads++, storage.get(key)) };
    const images = createImageVariants(counting, path.join(root, "cache"));
    const lines = await logLines(async () => {
      expect(await images.variant(brokenKey, 800)).toBeNull();
      expect(await images.variant(brokenKey, 800)).toBeNull();
      expect(await images.served(brokenKey, 800)).toBeNull();
    });
    expect(reads).toBe(1);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([["warn", "image variant could not be made"]]);
    expect(lines[0]).not.toHaveProperty("stack");
  });
});
