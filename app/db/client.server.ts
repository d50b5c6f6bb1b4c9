import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers when the database does; throws otherwise. */
  ping(): Promise<void>;
  /** PostgreSQL only: messages between instances (LISTEN/NOTIFY). Returns a stop function. */
  listen?(channel: string, onMessage: (payload: string) => void): () => void;
  notify?(channel: string, payload: string): Promise<void>;
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
// Several instances may start at once against one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_ID = 7_270_736_902;

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: "pglite"; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })));
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<() => void>();
    return {
      db,
      kind: "postgres",
      ping: async () => void (await db.execute(sql`select 1`)),
      async close() {
        for (const stop of listeners) stop();
        await pool.end();
      },
      notify: async (channel, payload) => void (await pool.query("select pg_notify($1, $2)", [channel, payload])),
      listen(channel, onMessage) {
        // A connection of its own, reopened after a failure (a restart of PostgreSQL, say).
        let client: pg.Client | null = null;
        let stopped = false;
        let retry: NodeJS.Timeout | undefined;
        const connect = async () => {
          const c = new pg.Client({ connectionString: options.url });
          c.on("error", () => reconnect());
          c.on("notification", (msg) => {
            if (msg.channel === channel) onMessage(msg.payload ?? "");
          });
          try {
            await c.connect();
            await c.query(`listen "${channel.replace(/"/g, "")}"`);
            if (stopped) return void c.end().catch(() => {});
            client = c;
          } catch {
            c.end().catch(() => {});
            reconnect();
          }
        };
        const reconnect = () => {
          if (stopped || retry) return;
          client?.end().catch(() => {});
          client = null;
          retry = setTimeout(() => {
            retry = undefined;
            void connect();
          }, 1000);
          retry.unref();
        };
        void connect();
        const stop = () => {
          stopped = true;
          clearTimeout(retry);
          void client?.end().catch(() => {});
          listeners.delete(stop);
        };
        listeners.add(stop);
        return stop;
      },
    };
  }

  const client = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
