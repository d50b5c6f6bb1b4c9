import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable, type PgColumn } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { seed } from "~/seed/seed.server";
import { createPostgresDatabase, createTestDatabase, testBackends } from "~/test/db";
import { createTestStorage, storageBackends, type TestStorage } from "~/test/storage";
import { STALE_TEMP_MS } from "~/infra/storage-disk.server";
import type { Storage } from "~/infra/storage.server";
import { ORPHAN_GRACE_MS, referencedKeys, storageKeyColumns, sweepOrphans, sweepStorage } from "~/infra/storage-sweep.server";

const ASSETS = path.resolve("scripts/seed-assets");
const MP3 = fs.readFileSync(path.resolve("tests/fixtures/veu.mp3"));
const store = (storage: Storage) => storage.put(Readable.from([MP3]), { maxBytes: 1e6, accept: (x) => x, prefix: "audio" });
const columnName = ({ table, column }: { table: PgTable; column: PgColumn }) => `${getTableName(table)}.${column.name}`;

it("finds every column the schema declares with storageKey()", () => {
  expect(storageKeyColumns().map(columnName)).toEqual([
    "footer_logos.image_key",
    "map_layers.file_key",
    "testimonials.audio_key",
    "home_background.media_key",
    "videos.video_key",
    "resources.media_key",
    "resources.captions_key",
    "bici_fucsia_photos.image_key",
    "result_entries.image_key",
  ]);
});

const backends = testBackends().flatMap((db) => storageBackends().map((files) => [db, files] as const));
describe.each(backends)("sweeping orphan files on %s, files on %s", (backend, files) => {
  let database: Database;
  let test: TestStorage;
  let storage: Storage;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    test = await createTestStorage(files);
    storage = test.storage;
  });
  afterAll(async () => {
    await database.close();
    await test.close();
  });

  it("keeps every file of the seeded site: each is referenced by its row", async () => {
    await seed(database.db, storage, ASSETS);
    const files = (await storage.list()).map((f) => f.key).sort();
    expect(files.length).toBeGreaterThan(10);
    expect([...(await referencedKeys(database.db))].sort()).toEqual(files);
    expect(await sweepOrphans(database.db, storage, Date.now() + 1000)).toEqual([]);
    expect((await storage.list()).map((f) => f.key).sort()).toEqual(files);
  });

  // The rule the sweep stands on, checked against real rows rather than a naming convention: every
  // column in which the seeded site stores a file's key is one the sweep reads. A new column that
  // stores keys without storageKey() would have its files deleted at the next start; this fails first.
  it("knows every column in which the seeded site stores a file's key", async () => {
    const stored = new Set((await storage.list()).map((f) => f.key));
    const holding: string[] = [];
    for (const table of Object.values(t)) {
      if (!is(table, PgTable)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        if (column.dataType !== "string") continue;
        const rows = await database.db.select({ value: column }).from(table);
        if (rows.some((row) => typeof row.value === "string" && stored.has(row.value))) holding.push(columnName({ table, column }));
      }
    }
    expect(holding.length).toBeGreaterThanOrEqual(5);
    expect(storageKeyColumns().map(columnName)).toEqual(expect.arrayContaining(holding));
  });

  it("deletes the files no row references that were written before the cut-off, and no other", async () => {
    const before = new Set((await storage.list()).map((f) => f.key));
    const kept = await store(storage);
    await database.db.insert(t.testimonials).values({ title: "Amb fila", category: "laboral", audioKey: kept.key });
    const orphan = await store(storage); // its row never came: the process died in between
    const recent = await store(storage); // another instance's, still waiting for its row
    // Each file's age is stated on the test's clock (the guard run moves it; the disk's does not).
    test.age(kept.key, 2 * ORPHAN_GRACE_MS);
    test.age(orphan.key, 2 * ORPHAN_GRACE_MS);
    // Stamped a moment ahead of this clock: another host's clock (an S3 server's), or the same
    // tick of the guard run's clock, which moves in 20 ms steps. (A cut-off of "now" kept it.)
    test.age(recent.key, -2000);

    expect(await sweepOrphans(database.db, storage, Date.now() - ORPHAN_GRACE_MS)).toEqual([orphan.key]);
    expect(await storage.exists(orphan.key)).toBe(false);
    expect(await storage.exists(kept.key)).toBe(true);
    expect(await storage.exists(recent.key)).toBe(true);

    // At a start with no other instance (always on PGlite), every unreferenced file goes, and so
    // does a temporary file left long ago (only the local disk keeps uploads in progress as files).
    const temporary = files === "local" ? 1 : 0;
    if (files === "local") {
      fs.writeFileSync(path.join(test.root!, ".tmp", "left-long-ago"), "x");
      test.age(".tmp/left-long-ago", 2 * STALE_TEMP_MS);
    }
    expect(await sweepStorage(database, storage)).toEqual({ temporary, orphans: 1 });
    expect(await storage.exists(recent.key)).toBe(false);
    expect(new Set((await storage.list()).map((f) => f.key))).toEqual(new Set([...before, kept.key]));
  });
});

// Instances on one PostgreSQL database: only one that starts alone clears everything. Generated
// only where a PostgreSQL server is given (CI sets TEST_DATABASE_URL).
const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};
onPostgres("instances on one PostgreSQL database", () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const running = new Set<Database>();
  beforeAll(async () => {
    db = await createPostgresDatabase();
  });
  afterAll(async () => {
    for (const d of running) await d.close();
    await db.drop();
  });
  const open = async () => {
    const database = await openDatabase({ kind: "postgres", url: db.url, poolSize: 2 });
    running.add(database);
    return database;
  };
  const stop = async (database: Database) => {
    running.delete(database);
    await database.close();
  };
  /** Opens and registers an instance; whether it started alone (and so ran the clearing). */
  const start = async () => {
    const database = await open();
    let ran = false;
    const alone = await database.registerInstance(async () => {
      ran = true;
    });
    expect(ran).toBe(alone);
    return { database, alone };
  };

  it("knows whether it is the only instance running", async () => {
    const first = await start();
    expect(first.alone).toBe(true);
    const second = await start();
    expect(second.alone).toBe(false);
    await stop(first.database);
    const third = await start();
    expect(third.alone).toBe(false); // the second still runs
    await stop(second.database);
    await stop(third.database);
    const fourth = await start();
    expect(fourth.alone).toBe(true);
    await stop(fourth.database);
  });

  it("registers again after losing its connection (PostgreSQL restarted, say)", async () => {
    const first = await start();
    expect(first.alone).toBe(true);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const held = async () =>
      Number(
        (
          await admin.query(
            "select count(*) as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
          )
        ).rows[0].n,
      );
    try {
      expect(await held()).toBe(1);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      await expect.poll(held, { timeout: 5000 }).toBe(0);
      await expect.poll(held, { timeout: 5000 }).toBe(1);
      const second = await start();
      expect(second.alone).toBe(false);
      await stop(second.database);
    } finally {
      await admin.end();
      await stop(first.database);
    }
  });

  it("keeps the other instances waiting while the one that started alone clears", async () => {
    const first = await open();
    let release!: () => void;
    const clearing = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const firstDone = first.registerInstance(async () => {
      await clearing;
      order.push("first cleared");
    });
    await new Promise((r) => setTimeout(r, 200));
    const second = await open();
    const secondDone = second
      .registerInstance(async () => void order.push("second cleared"))
      .then((alone) => {
        order.push("second started");
        return alone;
      });
    await new Promise((r) => setTimeout(r, 200));
    expect(order).toEqual([]);
    release();
    expect(await firstDone).toBe(true);
    expect(await secondDone).toBe(false);
    expect(order).toEqual(["first cleared", "second started"]);
  });
});
