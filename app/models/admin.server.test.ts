import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capturingHeads, imageSize } from "~/models/admin.server";
import { createImageVariants } from "~/infra/images.server";
import { createLocalStorage } from "~/infra/storage-disk.server";

let root: string;
beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-size-"))));
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("imageSize", () => {
  it("reports a photo stored sideways (EXIF orientation 6) with the size the image service serves it at", async () => {
    // 1200x900 pixels as stored, with a tag saying "turn 90° clockwise": shown 900 wide, 1200 high.
    const sideways = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#b0125b" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 1200, height: 900, orientation: 6 });

    // Stored the way the back office stores a photo: its first bytes kept while it streams.
    const uploads = path.join(root, "uploads");
    const capture = capturingHeads(createLocalStorage(uploads));
    const { key } = await capture.storage.put(Readable.from([sideways]), { maxBytes: 5e6, prefix: "photos", accept: (t) => t });
    const size = await imageSize(capture.heads.get(key));
    expect(size).toEqual({ width: 900, height: 1200 });

    // The gallery's variant has the same proportions, so the reserved box fits it.
    const variant = await createImageVariants(capture.storage, path.join(root, "cache")).variant(key, 320);
    const served = await sharp(variant!).metadata();
    expect(served.width / served.height).toBeCloseTo(size.width! / size.height!, 2);
  });

  it("keeps an upright image's size, and gives nulls for bytes that are not an image", async () => {
    const upright = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(await imageSize(upright)).toEqual({ width: 40, height: 30 });
    expect(await imageSize(Buffer.from("no sóc una imatge"))).toEqual({ width: null, height: null });
    expect(await imageSize(undefined)).toEqual({ width: null, height: null });
  });
});
