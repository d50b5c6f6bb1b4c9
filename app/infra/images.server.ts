import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { IMAGE_QUALITY, IMAGE_WIDTHS, type ImageWidth } from "~/lib/images";
import { Writable } from "node:stream";
import { isValidKey, type Storage } from "~/infra/storage.server";
import { log } from "~/infra/log.server";

const RESIZABLE = /\.(jpg|png|webp|avif|gif)$/;

export const isImageWidth = (n: number): n is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(n);
export const isResizable = (key: string) => isValidKey(key) && RESIZABLE.test(key);

/** The largest image the service decodes (pixels). */
const MAX_PIXELS = 100_000_000;

/** Whether a stored image decodes whole (issue 29: one accepted by its magic bytes but broken gave
 * every visitor's resize request a 500). Read through Storage, decoded to a small size, kept nowhere. */
export async function decodesWhole(storage: Storage, key: string): Promise<boolean> {
  const file = await storage.get(key);
  if (!file) return false;
  try {
    const decode = sharp({ limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate().resize({ width: 16 }).raw();
    await pipeline(file.body, decode, new Writable({ write: (_chunk, _enc, done) => done() }));
    return true;
  } catch {
    file.body.destroy();
    return false;
  }
}

/** Variants that could not be made, remembered at most (then forgotten all at once). */
const FAILED_LIMIT = 10_000;

/** Served variants kept in memory at most (least recently served out first). */
const MEMORY_LIMIT = 32 * 1024 * 1024;

export interface ServedVariant {
  body: Buffer;
  etag: string;
}

/** Makes (once) and returns the path of a WebP variant of a stored image, or null when the
 * original does not exist. The original is read through the Storage interface (any backend);
 * variants are cached on the local disk (DATA_DIR/cache/images), beside nothing else: a stored key
 * never changes, so a variant never goes stale; when the original is deleted, its variants go with
 * it at the next request. The variants served recently are also kept in memory. */
export function createImageVariants(storage: Storage, cacheDir: string) {
  const inFlight = new Map<string, Promise<string | null>>();
  // A variant that failed once is not tried on every request again (issue 29): answered as missing.
  const failed = new Set<string>();
  const memory = new Map<string, ServedVariant>();
  let memoryBytes = 0;
  const variantsDir = (key: string) => path.join(cacheDir, key.replace(RESIZABLE, ""));

  /** The original is gone (deleted in the back office): so are its variants. */
  async function forget(key: string) {
    for (const id of failed) if (id.startsWith(`${key}@`)) failed.delete(id);
    for (const [id, entry] of memory)
      if (id.startsWith(`${key}@`)) {
        memory.delete(id);
        memoryBytes -= entry.body.length;
      }
    await fsp.rm(variantsDir(key), { recursive: true, force: true });
  }

  async function make(key: string, width: ImageWidth, target: string): Promise<string | null> {
    const source = await storage.get(key);
    if (!source) return null;
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const resize = sharp({ limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY });
      await pipeline(source.body, resize, fs.createWriteStream(tmp));
      await fsp.rename(tmp, target);
      return target;
    } catch (err) {
      source.body.destroy();
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  return {
    /** Path of the variant, made on first use; concurrent first requests share one resize. */
    async variant(key: string, width: ImageWidth): Promise<string | null> {
      if (!isResizable(key)) return null;
      const target = path.join(variantsDir(key), `w${width}-q${IMAGE_QUALITY}.webp`);
      if (fs.existsSync(target)) return target;
      const id = `${key}@${width}`;
      if (failed.has(id)) return null;
      let pending = inFlight.get(id);
      if (!pending) {
        pending = make(key, width, target)
          .catch((err: unknown) => {
            // A stored image that cannot be decoded: one warning, no stack, and not again.
            if (failed.size >= FAILED_LIMIT) failed.clear();
            failed.add(id);
            log("warn", "image variant could not be made", { key, width, err: err instanceof Error ? err.message : String(err) });
            return null;
          })
          .finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },

    /** The variant's bytes and ETag, from memory when it was served lately; null when the
     * original does not exist (any variant it left is removed). */
    async served(key: string, width: ImageWidth): Promise<ServedVariant | null> {
      if (!isResizable(key)) return null;
      if (!(await storage.exists(key))) {
        await forget(key);
        return null;
      }
      const id = `${key}@${width}`;
      const hit = memory.get(id);
      if (hit) {
        memory.delete(id);
        memory.set(id, hit);
        return hit;
      }
      const file = await this.variant(key, width);
      if (!file) return null;
      const body = await fsp.readFile(file);
      const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
      memory.set(id, entry);
      memoryBytes += body.length;
      for (const [oldest, old] of memory) {
        if (memoryBytes <= MEMORY_LIMIT) break;
        memory.delete(oldest);
        memoryBytes -= old.body.length;
      }
      return entry;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
