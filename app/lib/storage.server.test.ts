import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { capturingHeads } from "./admin.server";
import { createLocalStorage, isValidKey, STALE_TEMP_MS, StorageError, type LocalStorage } from "./storage.server";

let root: string;
let storage: LocalStorage;
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

  it("refuses a body that fails at once, as a cut upload does, without an unhandled error", async () => {
    // The back office's photo upload hands storage a stream that takes its source's error as soon as
    // the source fails: before the fix, that came while put() was still creating its folder, with
    // nobody listening, and brought the whole server down (found by scripts/fuzz.mjs).
    for (const store of [storage, capturingHeads(storage).storage]) {
      const cut = new PassThrough();
      process.nextTick(() => cut.destroy(new Error("Unexpected end of form")));
      await expect(store.put(cut, { maxBytes: 1000, accept: imagesOnly, prefix: "images" })).rejects.toThrow("Unexpected end of form");
    }
    expect(filesUnder(root)).toEqual([]);
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

/** A real process that starts an upload into `dir` and never finishes it (until it is killed). */
function uploadingProcess(dir: string) {
  const script = `
    import { PassThrough, Readable } from "node:stream";
    const { createLocalStorage } = await import(process.argv[1]);
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(4096));
    void createLocalStorage(process.argv[2]).put(body, { maxBytes: 1e9, accept: (t) => t, prefix: "audio" });
    setInterval(() => {}, 1000);`;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script, path.resolve("app/lib/storage.server.ts"), dir],
    {
      stdio: "ignore",
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, exited };
}
const tempFiles = () => (fs.existsSync(path.join(root, ".tmp")) ? fs.readdirSync(path.join(root, ".tmp")) : []);
async function waitFor(check: () => boolean) {
  for (let i = 0; !check(); i++) {
    if (i > 300) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("sweeping the temporary files of interrupted uploads", () => {
  it("removes those of a process killed mid-upload, and keeps those of live ones, this one's included", async () => {
    const killed = uploadingProcess(root);
    await waitFor(() => tempFiles().length === 1);
    const [killedFile] = tempFiles();
    killed.child.kill("SIGKILL");
    await killed.exited;

    const live = uploadingProcess(root);
    // An upload of this process, still streaming.
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(4096));
    const mine = storage.put(body, { maxBytes: 1e9, accept: (t) => t, prefix: "audio" });
    try {
      await waitFor(() => tempFiles().length === 3);
      const kept = tempFiles().filter((f) => f !== killedFile);

      // A new start (here, a new storage on the same folder) sweeps.
      expect(await createLocalStorage(root).sweepTemp()).toBe(1);
      expect(tempFiles().sort()).toEqual(kept.sort());

      live.child.kill("SIGKILL");
      await live.exited;
      expect(await createLocalStorage(root).sweepTemp()).toBe(1);
      expect(tempFiles()).toHaveLength(1); // this process's own, still being written
    } finally {
      live.child.kill("SIGKILL");
      body.destroy(new Error("aborted"));
      await mine.catch(() => {});
    }
    // The aborted upload of this process removed its own file.
    expect(tempFiles()).toEqual([]);
  });

  it("removes a temporary file it cannot attribute only once it is a day old", async () => {
    fs.mkdirSync(path.join(root, ".tmp"));
    const old = path.join(root, ".tmp", "0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f");
    const recent = path.join(root, ".tmp", "an-upload-of-another-host");
    fs.writeFileSync(old, "x");
    fs.writeFileSync(recent, "x");
    // Both ages on the test's clock (the guard run moves it; the disk's clock stays).
    const longAgo = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    fs.utimesSync(old, longAgo, longAgo);
    fs.utimesSync(recent, Date.now() / 1000, Date.now() / 1000);
    expect(await storage.sweepTemp()).toBe(1);
    expect(tempFiles()).toEqual(["an-upload-of-another-host"]);
  });

  it("has nothing to do on a new folder", async () => {
    expect(await storage.sweepTemp()).toBe(0);
  });

  it("lists the stored files, not the temporary ones nor files that are not ours", async () => {
    const file = await storage.put(chunked(await png()), { maxBytes: 1e6, accept: imagesOnly, prefix: "images" });
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    fs.writeFileSync(path.join(root, ".tmp", "x"), "x");
    fs.writeFileSync(path.join(root, "README.txt"), "x");
    const listed = await storage.list();
    expect(listed.map((f) => f.key)).toEqual([file.key]);
    expect(listed[0]!.modifiedAt).toBe(fs.statSync(path.join(root, file.key)).mtimeMs);
    expect(await createLocalStorage(path.join(root, "missing")).list()).toEqual([]);
  });
});
