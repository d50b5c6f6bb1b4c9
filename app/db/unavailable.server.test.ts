import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, tcpDoor } from "../../tests/support";
import { openDatabase } from "./client.server";
import { isDatabaseUnavailable } from "./unavailable.server";

/** What a promise was refused with (it must be refused). */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("the query was answered");
}

describe("isDatabaseUnavailable", () => {
  it("reads the driver's codes and words, through Drizzle's wrapping, and takes nothing else for the database away", () => {
    const coded = (code: string) => Object.assign(new Error("x"), { code });
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001"])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: coded("57P01") }))).toBe(true);
    for (const code of ["42P01", "23505", "22P02", "0800"]) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("Connection terminated by the user, politely"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

// A real PostgreSQL, reached through a door the test shuts and opens (its connections cut, new ones
// refused, as when the server stops), or whose backends it terminates (as a fast shutdown does).
// Declared only where a PostgreSQL server is given (CI sets TEST_DATABASE_URL): no skipped test.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};

onPostgres("the database away, told apart from a query's fault (decision 060)", () => {
  it("recognises a stopped, lost or terminated PostgreSQL, not a bad query, and the same pool answers again once it is back", async () => {
    const { url, drop } = await createPostgresDatabase();
    const door = await tcpDoor(Number(new URL(url).port || 5432));
    const through = new URL(url);
    through.port = String(door.port);
    const database = await openDatabase({ kind: "postgres", url: through.toString(), poolSize: 2 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await database.ping();
      // A fault of ours is not the database away.
      const bad = await refusal(database.db.execute(sql`select * from no_such_table`));
      expect(isDatabaseUnavailable(bad)).toBe(false);
      expect(isDatabaseUnavailable(new Error("trencat"))).toBe(false);
      expect(isDatabaseUnavailable(undefined)).toBe(false);

      // A backend terminated under a query (PostgreSQL stopping: 57P01).
      const slow = refusal(database.db.execute(sql`select pg_sleep(5)`));
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%'",
              )
            ).rowCount,
        )
        .toBe(1);
      expect(isDatabaseUnavailable(await slow)).toBe(true);

      // The connection lost in the middle of a query.
      const cut = refusal(database.db.execute(sql`select pg_sleep(5)`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await door.shut();
      expect(isDatabaseUnavailable(await cut)).toBe(true);
      // Nobody there: refused.
      expect(isDatabaseUnavailable(await refusal(database.ping()))).toBe(true);
      expect(isDatabaseUnavailable(await refusal(database.db.execute(sql`select 1`)))).toBe(true);

      // Back: the same pool answers, with no restart.
      await door.open();
      await expect
        .poll(
          () =>
            database.ping().then(
              () => "ok",
              () => "away",
            ),
          { timeout: 5000 },
        )
        .toBe("ok");
    } finally {
      await admin.end();
      await database.close();
      await door.shut();
      await drop();
    }
  });
});
