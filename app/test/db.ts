import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { createPostgresDatabase } from "../../tests/support";

// One way to make a throwaway PostgreSQL database, shared with the tests that drive the built server.
export { createPostgresDatabase };

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). With TEST_BACKENDS=postgres
 * as well, PostgreSQL only: `npm test` runs PGlite in the moved-clock pass instead (decision 041). */
export function testBackends(): Backend[] {
  if (!process.env.TEST_DATABASE_URL) return ["pglite"];
  return process.env.TEST_BACKENDS === "postgres" ? ["postgres"] : ["pglite", "postgres"];
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL
 * server that is dropped again on close. */
export async function createTestDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") return openDatabase({ kind: "pglite", from: migratedTemplate() });
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

let template: Blob | undefined;
/** The migrated PGlite of this run (app/test/global-setup.ts), read once per worker. */
function migratedTemplate(): Blob {
  template ??= new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return template;
}
