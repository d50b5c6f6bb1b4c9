import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "~/db/client.server";

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A new, empty database on the TEST_DATABASE_URL server: its URL, and drop() to remove it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `pb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL
 * server that is dropped again on close. */
export async function createTestDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") return openDatabase({ kind: "pglite" });
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}
