import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { getTableName } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { seed } from "~/seed/seed.server";
import { createPostgresDatabase, createTestDatabase, testBackends } from "~/test/db";
import { createLocalStorage, STALE_TEMP_MS, type LocalStorage } from "./storage.server";
import { ORPHAN_GRACE_MS, referencedKeys, storageKeyColumns, sweepOrphans, sweepStorage } from "./storage-sweep.server";

const ASSETS = path.resolve("scripts/seed-assets");
const MP3 = fs.readFileSync(path.resolve("tests/fixtures/veu.mp3"));
const store = (storage: LocalStorage) => storage.put(Readable.from([MP3]), { maxBytes: 1e6, accept: (x) => x, prefix: "audio" });
const age = (root: string, key: string, ms: number) => {
  const when = (Date.now() - ms) / 1000;
  fs.utimesSync(path.join(root, key), when, when);
};

it("finds every column that holds a storage key", () => {
  expect(storageKeyColumns().map(({ table, column }) => `${getTableName(table)}.${column.name}`)).toEqual([
    "footer_logos.image_key",
    "testimonials.audio_key",
    "home_background.media_key",
    "videos.video_key",
    "resources.media_key",
    "bici_fucsia_photos.image_key",
  ]);
});

describe.each(testBackends())("sweeping orphan files on %s", (backend) => {
  let database: Database;
  let root: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-sweep-"));
    storage = createLocalStorage(root);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps every file of the seeded site: each is referenced by its row", async () => {
    await seed(database.db, storage, ASSETS);
    const files = (await storage.list()).map((f) => f.key).sort();
    expect(files.length).toBeGreaterThan(10);
    expect([...(await referencedKeys(database.db))].sort()).toEqual(files);
    expect(await sweepOrphans(database.db, storage, Date.now() + 1000)).toEqual([]);
    expect((await storage.list()).map((f) => f.key).sort()).toEqual(files);
  });

  it("deletes the files no row references that were written before the cut-off, and no other", async () => {
    const before = new Set((await storage.list()).map((f) => f.key));
    const kept = await store(storage);
    await database.db.insert(t.testimonials).values({ title: "Amb fila", category: "laboral", audioKey: kept.key });
    const orphan = await store(storage); // its row never came: the process died in between
    const recent = await store(storage); // another instance's, still waiting for its row
    // Each file's age is stated on the test's clock (the guard run moves it; the disk's does not).
    age(root, kept.key, 2 * ORPHAN_GRACE_MS);
    age(root, orphan.key, 2 * ORPHAN_GRACE_MS);
    age(root, recent.key, 0);

    expect(await sweepOrphans(database.db, storage, Date.now() - ORPHAN_GRACE_MS)).toEqual([orphan.key]);
    expect(await storage.exists(orphan.key)).toBe(false);
    expect(await storage.exists(kept.key)).toBe(true);
    expect(await storage.exists(recent.key)).toBe(true);

    // At a start with no other instance (always on PGlite), every unreferenced file goes, and so
    // does a temporary file left long ago.
    fs.writeFileSync(path.join(root, ".tmp", "left-long-ago"), "x");
    age(root, ".tmp/left-long-ago", 2 * STALE_TEMP_MS);
    expect(await sweepStorage(database, storage)).toEqual({ temporary: 1, orphans: 1 });
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
