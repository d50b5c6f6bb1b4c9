import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { isProcessAlive } from "~/infra/lock.server";
import { checkPrefix, contentTypeOf, isValidKey, newKey, typeGuard, type Storage, type StoredObject } from "~/infra/storage.server";

// The local disk backend of the storage interface (storage.server.ts), the default: files under
// DATA_DIR/uploads/. The S3 one is storage-s3.server.ts.

// An upload is streamed into DATA_DIR/uploads/.tmp, then renamed to its key. A process killed
// mid-upload (SIGKILL, OOM, power loss) leaves its temporary file there, and several instances may
// share the folder (PostgreSQL), so a temporary file is named after its writer: a hash of the host
// name and the pid. `sweepTemp` removes those whose writer no longer runs.
const HOST_TAG = createHash("sha256").update(os.hostname()).digest("hex").slice(0, 8);
const TEMP_NAME = /^([0-9a-f]{8})-(\d+)-[0-9a-f-]{36}$/;
/** A temporary file of another host, or not named by us, is only removed once untouched this long
 * (an upload in progress writes to it all the time, and a request cannot last this long). */
export const STALE_TEMP_MS = 24 * 60 * 60 * 1000;
/** The temporary files this process is writing now. */
const writing = new Set<string>();

/** The local disk, with the sweep of interrupted uploads that only a local folder needs. */
export type LocalStorage = Storage & Required<Pick<Storage, "sweepTemp">>;

/** A file on disk as a reader sees it; the ETag is express.static's (size and time of writing). */
const described = (key: string, stat: fs.Stats): StoredObject => ({
  key,
  size: stat.size,
  contentType: contentTypeOf(key),
  etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
  modifiedAt: stat.mtimeMs,
});

export function createLocalStorage(root: string): LocalStorage {
  const tmpDir = path.join(root, ".tmp");
  const resolveKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Clau d'emmagatzematge no vàlida: ${key}`);
    return path.join(root, key);
  };

  return {
    async put(body, { maxBytes, accept, prefix }) {
      checkPrefix(prefix);
      // Synchronously: the body may be a stream whose error listeners the pipeline below attaches,
      // and an error in an await before it would be an unhandled 'error' (found by the fuzzer).
      fs.mkdirSync(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${HOST_TAG}-${process.pid}-${randomUUID()}`);
      writing.add(tmpPath);
      const guard = typeGuard({ maxBytes, accept });
      const out = fs.createWriteStream(tmpPath, { flags: "wx" });
      try {
        await pipeline(body, guard.stream, out);
        const type = await guard.contentType;
        const key = newKey(prefix, type);
        const finalPath = resolveKey(key);
        await fsp.mkdir(path.dirname(finalPath), { recursive: true });
        await fsp.rename(tmpPath, finalPath);
        return { key, contentType: type, size: guard.size() };
      } catch (err) {
        // A body that fails at once can fail the pipeline while the file is still being opened: the
        // file appears after that, so remove it only once the stream has let go of it.
        if (!out.closed) await once(out, "close").catch(() => {});
        await fsp.rm(tmpPath, { force: true });
        throw err;
      } finally {
        writing.delete(tmpPath);
      }
    },

    async sweepTemp() {
      const names = await fsp.readdir(tmpDir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return [];
        throw err;
      });
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        if (writing.has(file)) continue;
        const owner = TEMP_NAME.exec(name);
        let abandoned: boolean;
        if (owner && owner[1] === HOST_TAG) {
          // Our own pid, but not one of our uploads: a previous life of this pid (pid 1 in a container).
          const pid = Number(owner[2]);
          abandoned = pid === process.pid || !isProcessAlive(pid);
        } else {
          const stat = await fsp.stat(file).catch(() => null);
          abandoned = stat !== null && Date.now() - stat.mtimeMs > STALE_TEMP_MS;
        }
        if (abandoned) {
          await fsp.rm(file, { recursive: true, force: true });
          removed++;
        }
      }
      return removed;
    },

    async delete(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },

    async list() {
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return [];
        throw err;
      });
      const files: { key: string; modifiedAt: number }[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // The temporary folder and anything that is not one of our keys are not stored files.
        if (!isValidKey(key)) continue;
        const stat = await fsp.stat(path.join(root, key)).catch(() => null);
        if (stat) files.push({ key, modifiedAt: stat.mtimeMs });
      }
      return files;
    },

    async stat(key) {
      if (!isValidKey(key)) return null;
      const stat = await fsp.stat(path.join(root, key)).catch(() => null);
      return stat?.isFile() ? described(key, stat) : null;
    },

    async get(key, range) {
      if (!isValidKey(key)) return null;
      // Opened first: a file deleted meanwhile is either read whole or not found, never cut.
      const handle = await fsp.open(path.join(root, key)).catch(() => null);
      if (!handle) return null;
      const stat = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { ...described(key, stat), body: handle.createReadStream(range ?? {}) };
    },

    async exists(key) {
      if (!isValidKey(key)) return false;
      return fsp.stat(path.join(root, key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
}
