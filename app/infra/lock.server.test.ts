import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataPaths } from "~/infra/data-paths.server";
import { acquireDataDirLock, DataDirLockedError } from "~/infra/lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const writeLock = (dir: string, pid: number, host = os.hostname()) =>
  fs.writeFileSync(dataPaths(dir).lock, JSON.stringify({ pid, host, startedAt: new Date().toISOString() }));

describe("acquireDataDirLock", () => {
  it("creates the folder, holds the lock and releases it", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(dataPaths(dir).lock, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(dataPaths(dir).lock)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("refuses while another live process holds the folder", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeLock(dir, other.pid!);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`ja està en ús pel procés ${other.pid}`);
      // The holder's lock is left in place.
      expect(JSON.parse(fs.readFileSync(dataPaths(dir).lock, "utf8")).pid).toBe(other.pid);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    writeLock(dir, dead.pid!);
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(dataPaths(dir).lock, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a half-written lock file", () => {
    const dir = tempDir();
    fs.writeFileSync(dataPaths(dir).lock, "{");
    acquireDataDirLock(dir).release();
  });

  it("refuses a lock held from another machine on a shared disk", () => {
    const dir = tempDir();
    writeLock(dir, 12345, "another-host");
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("does not remove a lock it no longer owns", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    writeLock(dir, 999_999);
    lock.release();
    expect(fs.existsSync(dataPaths(dir).lock)).toBe(true);
  });
});
