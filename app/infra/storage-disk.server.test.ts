import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage, STALE_TEMP_MS, type LocalStorage } from "~/infra/storage-disk.server";

// What only the disk backend does: uploads in progress are files of its own (DATA_DIR/uploads/.tmp),
// swept at start. What every backend does is tested on each in storage.server.test.ts.

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-storage-"));
  storage = createLocalStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

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
    ["--import", "tsx", "--input-type=module", "-e", script, path.resolve("app/infra/storage-disk.server.ts"), dir],
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
    const file = await storage.put(Readable.from([Buffer.from("%PDF-1.4\n%%EOF\n")]), { maxBytes: 1e6, accept: (t) => t, prefix: "docs" });
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    fs.writeFileSync(path.join(root, ".tmp", "x"), "x");
    fs.writeFileSync(path.join(root, "README.txt"), "x");
    const listed = await storage.list();
    expect(listed.map((f) => f.key)).toEqual([file.key]);
    expect(listed[0]!.modifiedAt).toBe(fs.statSync(path.join(root, file.key)).mtimeMs);
    expect(await createLocalStorage(path.join(root, "missing")).list()).toEqual([]);
  });
});
