import { getTableColumns, is } from "drizzle-orm";
import { PgTable, type PgColumn } from "drizzle-orm/pg-core";
import type { Database, Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { log } from "~/infra/log.server";
import type { Storage } from "~/infra/storage.server";

// A file is stored (streamed, then renamed to its key) before the row that references it is
// inserted. A process killed in between leaves a file that no row will ever reference, and one
// killed mid-stream leaves a temporary file (local disk only). Both are cleared when the site starts,
// on every backend: the sweep lists the files through the Storage interface.

/** When other instances run (PostgreSQL), a file of theirs may still be waiting for its row; a
 * request cannot last this long, so an unreferenced file older than this is an orphan. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Every column that holds a storage key: those the schema declares with storageKey(). */
export function storageKeyColumns(): { table: PgTable; column: PgColumn }[] {
  const out: { table: PgTable; column: PgColumn }[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const column of Object.values(getTableColumns(table))) if (schema.holdsStorageKey(column)) out.push({ table, column });
  }
  return out;
}

/** The storage keys some row references. */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { table, column } of storageKeyColumns()) {
    for (const row of await db.select({ key: column }).from(table)) if (typeof row.key === "string") keys.add(row.key);
  }
  return keys;
}

/** Deletes the stored files that no row references and that were last written before `before`. */
export async function sweepOrphans(db: Db, storage: Storage, before: number): Promise<string[]> {
  const files = (await storage.list()).filter((f) => f.modifiedAt < before);
  if (files.length === 0) return [];
  // Read after listing: a row committed meanwhile is seen, so its file is kept.
  const referenced = await referencedKeys(db);
  const orphans = files.filter((f) => !referenced.has(f.key)).map((f) => f.key);
  for (const key of orphans) await storage.delete(key);
  return orphans;
}

/** At start: clears what interrupted uploads left. Every orphan file when this is the only
 * instance (always on PGlite), otherwise only those past the grace period. Registers the instance;
 * `alsoWhileAlone` is another part's clearing of what a crash left (the newsletter queue's). */
export async function sweepStorage(
  database: Database,
  storage: Storage,
  alsoWhileAlone?: () => Promise<unknown>,
): Promise<{ temporary: number; orphans: number }> {
  const temporary = (await storage.sweepTemp?.()) ?? 0;
  let orphans: string[] = [];
  const alone = await database.registerInstance(async () => {
    // Alone, before serving: every unreferenced file, however new (a cut-off of "now" missed one
    // written in the same millisecond, and the guard run's clock moves in 20 ms steps).
    orphans = await sweepOrphans(database.db, storage, Infinity);
    await alsoWhileAlone?.();
  });
  if (!alone) orphans = await sweepOrphans(database.db, storage, Date.now() - ORPHAN_GRACE_MS);
  if (temporary || orphans.length) {
    log("warn", "removed the files of interrupted uploads", { temporary, orphans: orphans.length, keys: orphans.slice(0, 20) });
  }
  return { temporary, orphans: orphans.length };
}
