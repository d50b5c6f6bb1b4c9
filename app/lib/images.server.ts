import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_QUALITY, IMAGE_WIDTHS, type ImageWidth } from "./images";
import { isValidKey } from "./storage.server";

const RESIZABLE = /\.(jpg|png|webp|avif|gif)$/;

export const isImageWidth = (n: number): n is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(n);
export const isResizable = (key: string) => isValidKey(key) && RESIZABLE.test(key);

/** Makes (once) and returns the path of a WebP variant of a stored image, or null when the
 * original does not exist. Variants are cached on disk beside nothing else: a stored key never
 * changes, so a variant never goes stale. */
export function createImageVariants(uploadsDir: string, cacheDir: string) {
  const inFlight = new Map<string, Promise<string | null>>();

  async function make(key: string, width: ImageWidth, target: string): Promise<string | null> {
    const source = path.join(uploadsDir, key);
    if (
      !(await fsp.stat(source).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      return null;
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await sharp(source, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY })
        .toFile(tmp);
      await fsp.rename(tmp, target);
      return target;
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  return {
    /** Path of the variant, made on first use; concurrent first requests share one resize. */
    async variant(key: string, width: ImageWidth): Promise<string | null> {
      if (!isResizable(key)) return null;
      const target = path.join(cacheDir, key.replace(RESIZABLE, ""), `w${width}-q${IMAGE_QUALITY}.webp`);
      if (fs.existsSync(target)) return target;
      const id = `${key}@${width}`;
      let pending = inFlight.get(id);
      if (!pending) {
        pending = make(key, width, target).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },
  };
}
