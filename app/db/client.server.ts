import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { noteQuery } from "./tables-read.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers when the database does; throws otherwise. */
  ping(): Promise<void>;
  /** PostgreSQL only: messages between instances (LISTEN/NOTIFY). Returns a stop function. */
  listen?(channel: string, onMessage: (payload: string) => void): () => void;
  notify?(channel: string, payload: string): Promise<void>;
  /** Registers this process as a running instance of the site until close(). When no other
   * instance runs, `whileAlone` runs first, and no other instance can start until it is done: the
   * moment to clear what a crashed instance left (nobody else can be half-way through a write).
   * Resolves with whether it ran. PGlite has a single writer (the DATA_DIR lock, or a test's
   * private database), so there it always runs. */
  registerInstance(whileAlone: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}

/** The committed migrations: found by walking up from this module, wherever the bundler put it
 * (app/db in source, build/server or one of its chunk folders in the build). */
function findMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("No s'han trobat les migracions (carpeta drizzle/).");
    dir = parent;
  }
}
const MIGRATIONS_DIR = findMigrationsDir();
/** Every statement names the tables it reads to the page cache's bookkeeping (tables-read.server.ts). */
const logger = { logQuery: (query: string) => noteQuery(query) };
// Several instances may start at once against one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_ID = 7_270_736_902;
// Each running instance holds this one shared, on a connection of its own; taking it exclusively
// proves no other instance runs.
const INSTANCE_LOCK_ID = 7_270_736_903;

/** The extensions the migrations create, loaded into every PGlite (pg_trgm: the admin lists'
 * search, decision 036). Whoever opens a PGlite folder of ours must pass them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined: an in-memory database (tests); `from`: started from a dump of another
   * (`dumpDataDir`), which the migrations then bring up to date. */
  | { kind: "pglite"; dataDir?: string; from?: Blob };

/** A PostgreSQL connection of its own (for a lock or a LISTEN), kept: when it is lost (PostgreSQL
 * restarted, say) a new one is tried every second, and `setup` runs on it again. `first`, when
 * given, is a connection already set up. Returns the function that closes it for good. */
function keepConnection(url: string, setup: (client: pg.Client) => Promise<void>, first?: pg.Client): () => void {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    if (stopped || retry) return;
    client?.end().catch(() => {});
    client = null;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
    retry.unref();
  };
  const adopt = (c: pg.Client) => {
    client = c;
    c.once("end", lost);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("error", lost);
    try {
      await c.connect();
      await setup(c);
      if (stopped) return void c.end().catch(() => {});
      adopt(c);
    } catch {
      c.end().catch(() => {});
      lost();
    }
  };
  if (first) {
    first.removeAllListeners("error");
    first.on("error", lost);
    adopt(first);
  } else void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    void client?.end().catch(() => {});
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
    // A connection lost while it is lent out (a transaction's, when PostgreSQL stops and terminates
    // its backends) is an 'error' event on the client, and the pool listens only to its idle ones:
    // unheard, that event threw and took the whole instance down. The query or transaction on it
    // fails on its own, and the pool replaces the connection (decision 060).
    pool.on("connect", (client) => client.on("error", () => {}));
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const listeners = new Set<() => void>();
    return {
      db,
      kind: "postgres",
      ping: async () => void (await db.execute(sql`select 1`)),
      async close() {
        for (const stop of listeners) stop();
        await pool.end();
      },
      async registerInstance(whileAlone) {
        const first = new pg.Client({ connectionString: options.url });
        first.on("error", () => {}); // a lost connection is replaced below
        await first.connect();
        let alone: boolean;
        try {
          alone = (await first.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [INSTANCE_LOCK_ID])).rows[0]!.ok;
          if (alone) await whileAlone();
          // Shared from now on: instances start beside this one and none of them is alone.
          await first.query("select pg_advisory_lock_shared($1)", [INSTANCE_LOCK_ID]);
          if (alone) await first.query("select pg_advisory_unlock($1)", [INSTANCE_LOCK_ID]);
        } catch (err) {
          await first.end().catch(() => {});
          throw err;
        }
        // The lock lives as long as its connection: after a lost one (PostgreSQL restarted, say),
        // take it again on a new connection.
        listeners.add(
          keepConnection(options.url, async (c) => void (await c.query("select pg_advisory_lock_shared($1)", [INSTANCE_LOCK_ID])), first),
        );
        return alone;
      },
      notify: async (channel, payload) => void (await pool.query("select pg_notify($1, $2)", [channel, payload])),
      listen(channel, onMessage) {
        const stop = keepConnection(options.url, async (c) => {
          c.on("notification", (msg) => {
            if (msg.channel === channel) onMessage(msg.payload ?? "");
          });
          await c.query(`listen "${channel.replace(/"/g, "")}"`);
        });
        const stopListening = () => {
          stop();
          listeners.delete(stopListening);
        };
        listeners.add(stopListening);
        return stopListening;
      },
    };
  }

  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(options.from ? { loadDataDir: options.from } : {}),
  });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    async registerInstance(whileAlone) {
      await whileAlone();
      return true;
    },
    close: () => client.close(),
  };
}
