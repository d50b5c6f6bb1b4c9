import fs from "node:fs";
import os from "node:os";
import { dataPaths } from "~/infra/data-paths.server";

// PGlite does not lock its folder, and two processes writing the same folder silently
// lose one side's rows. We hold our own lock: a file created with O_EXCL that records
// the owner's pid. A lock left by a process that no longer runs (SIGKILL, power loss)
// is taken over; one held by a live process makes the second start refuse.

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `La carpeta de dades ${dataDir} ja està en ús pel procés ${holderPid}. ` +
        `Atura aquest procés, o fes servir un altre DATA_DIR, abans d'engegar-ne un altre.`,
    );
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

/** Whether a process of this machine runs with that pid (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false; // a previous life of this very pid (e.g. pid 1 in a container)
  return isProcessAlive(pid);
}

export interface DataDirLock {
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = dataPaths(dataDir).lock;
  const mine: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = readLock(file);
    if (holder && holder.host === mine.host && isAlive(holder.pid)) {
      throw new DataDirLockedError(dataDir, holder.pid);
    }
    if (holder && holder.host !== mine.host) {
      // Another machine on a shared disk: we cannot tell whether it still runs.
      throw new DataDirLockedError(dataDir, holder.pid);
    }
    // Stale: move it aside atomically, then check we moved the stale one and not a
    // lock a racing process created in between; if we did, put it back and refuse.
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readLock(aside);
    if (moved && moved.pid !== holder?.pid && isAlive(moved.pid)) {
      fs.renameSync(aside, file);
      throw new DataDirLockedError(dataDir, moved.pid);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new Error(`No s'ha pogut obtenir el bloqueig de ${dataDir}.`);
}
