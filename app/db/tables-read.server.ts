import { AsyncLocalStorage } from "node:async_hooks";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";

// Which tables a piece of work reads, noted by the database layer itself (the drizzle logger of
// client.server.ts calls noteQuery with every statement it runs): the page cache keeps each page
// with the tables its render read, so a page's tags cannot drift from what its loaders read.

/** Every table of the schema, by its SQL name. */
export const TABLE_NAMES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

const NAMED = new RegExp(`(?<![\\w$])"?(${TABLE_NAMES.join("|")})"?(?![\\w$])`, "g");
const scope = new AsyncLocalStorage<Set<string>>();

/** Runs `work` and adds the name of every table a statement inside it names to `into`. */
export function collectTablesRead<T>(into: Set<string>, work: () => T): T {
  return scope.run(into, work);
}

/** The drizzle logger's hook: a statement run inside collectTablesRead names these tables. */
export function noteQuery(query: string): void {
  const tables = scope.getStore();
  if (!tables) return;
  for (const match of query.matchAll(NAMED)) tables.add(match[1]!);
}

/** The table names a statement names (for tests). */
export function tablesNamed(query: string): string[] {
  return [...new Set([...query.matchAll(NAMED)].map((m) => m[1]!))];
}
