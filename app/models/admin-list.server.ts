import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL, type Table } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "~/db/client.server";
import { redirect } from "react-router";
import {
  canonicalSearch,
  clampPage,
  parseListQuery,
  type FilterShape,
  type ListPage,
  type ListQuery,
  type ListShape,
  type SortDir,
} from "~/lib/admin-list";

// Every admin list, paged, searched, sorted and filtered on the server (decision 036). A screen
// describes its list once (ListSpec); its loader is `listPage(db, spec, readListQuery(url, spec), fields)`,
// in the one query dialect of every list (lib/admin-list.ts, decision 056),
// and its export streams the same rows, with the same filters, through `listRows`.

export const DEFAULT_PAGE_SIZE = 50;
/** Dates are days of the campaign's calendar. */
export const TIME_ZONE = "Europe/Madrid";

export interface ListSpec {
  table: PgTable;
  /** The rows' unique id: the last sort key, so that the order (and so each page) is stable. */
  id: PgColumn;
  /** The row's date: the date-range filter's column, the default sort and the exports' order. */
  date: PgColumn;
  /** Text columns the search looks in. E-mail columns may be searched: the admin sees them. */
  search: PgColumn[];
  /** Sort keys (the `ordre` parameter) and their columns; `data` (the date) is always one. */
  sorts?: Record<string, PgColumn>;
  defaultDir?: SortDir;
  /** Filters of the list's own, by parameter name: a column with a closed set of values (a status,
   * a theme), or a yes/no flag (`=1`) that adds a condition (only reported ones). */
  filters?: Record<string, { column: PgColumn; values: readonly string[] } | { when: SQL }>;
  /** A condition every row of this list meets (e.g. one type of contribution). */
  where?: SQL;
  pageSize?: number;
}

/** The fields of a list's query: the table's columns by name (`listPage` sends only these). */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(
  table: T,
  ...names: K[]
): Pick<T["_"]["columns"], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T["_"]["columns"], K>;
}

/** The list's sort keys and their columns: "data" (the row's date) first, on every list. */
const sortsOf = (spec: ListSpec): Record<string, PgColumn> => ({ data: spec.date, ...spec.sorts });

/** What the list understands of the one query dialect (lib/admin-list.ts). */
export function shapeOf(spec: ListSpec): ListShape {
  const filters: Record<string, FilterShape> = {};
  for (const [name, filter] of Object.entries(spec.filters ?? {}))
    filters[name] = "when" in filter ? { kind: "flag" } : { kind: "one-of", values: filter.values };
  return { search: spec.search.length > 0, dates: true, sorts: Object.keys(sortsOf(spec)), defaultDir: spec.defaultDir ?? "desc", filters };
}

/** A GET in the old spelling (page, from, status…) answered with a permanent redirect to the same
 * query in the one dialect (decision 056): bookmarks and shared links move to it once. */
export function redirectOldSpelling(url: URL): void {
  const canonical = canonicalSearch(url.searchParams);
  if (canonical !== null) throw redirect(`${url.pathname}${canonical ? `?${canonical}` : ""}`, 301);
}

/** The query in a URL, checked against the list: anything unknown or malformed is left out; an old
 * spelling redirects. Every list's loader and export reads its query here. */
export function readListQuery(url: URL, spec: ListSpec | ListShape): ListQuery {
  redirectOldSpelling(url);
  return parseListQuery(url.searchParams, "table" in spec ? shapeOf(spec) : spec);
}

/** The search as a LIKE pattern: the typed text anywhere, its % and _ literal. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start of a calendar day in the campaign's time zone. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TIME_ZONE})`;

/** A date column within a range of days (both included, either open), in the campaign's time zone:
 * every list's `des-de` and `fins-a`. */
export function dayRange(column: PgColumn | SQL, from: string | null | undefined, to: string | null | undefined): SQL | undefined {
  return and(
    from ? sql`${column} >= ${dayStart(from)}` : undefined,
    to ? sql`${column} < (${to}::date + 1)::timestamp at time zone ${TIME_ZONE}` : undefined,
  );
}

/** The condition of a query: search, date range and the list's own filters. */
export function listWhere(spec: ListSpec, query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [spec.where];
  if (query.q && spec.search.length) conditions.push(or(...spec.search.map((c) => ilike(c, containing(query.q)))));
  conditions.push(dayRange(spec.date, query.from, query.to));
  for (const [name, value] of Object.entries(query.filters)) {
    const filter = spec.filters?.[name];
    if (filter) conditions.push("when" in filter ? filter.when : eq(filter.column, value));
  }
  return and(...conditions);
}

const orderOf = (spec: ListSpec, query: ListQuery) => {
  const by = query.dir === "asc" ? asc : desc;
  return [by(sortsOf(spec)[query.sort] ?? spec.date), by(spec.id)];
};

/** One page of the list: its rows (only `fields`: never send a column the screen does not show),
 * how many match, how many there are. A page past the end is the last page. Offset paging over an
 * index on (sort column, id): the rows skipped are read from the index, not sent anywhere. */
export async function listPage<F extends SelectedFields>(
  db: Db,
  spec: ListSpec,
  query: ListQuery,
  fields: F,
  /** The list's total when the screen counts it anyway (with its own figures, in one scan). */
  known: { total?: number } = {},
): Promise<ListPage<SelectResultFields<F>>> {
  const pageSize = spec.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = listWhere(spec, query);
  const filtered = Boolean(query.q || query.from || query.to || Object.keys(query.filters).length);
  const [[all], [found]] = await Promise.all([
    known.total === undefined ? db.select({ n: count() }).from(spec.table).where(spec.where) : [{ n: known.total }],
    filtered ? db.select({ n: count() }).from(spec.table).where(where) : Promise.resolve([undefined]),
  ]);
  const total = all?.n ?? 0;
  const matching = found?.n ?? total;
  const { page, pages } = clampPage(query.page, matching, pageSize);
  const rows = matching
    ? ((await db
        .select(fields as SelectedFields)
        .from(spec.table)
        .$dynamic()
        .where(where)
        .orderBy(...orderOf(spec, query))
        .limit(pageSize)
        .offset((page - 1) * pageSize)) as SelectResultFields<F>[])
    : [];
  return { rows, matching, total, page, pages, pageSize, query: { ...query, page } };
}

/** Every row of the query, oldest first, read in batches by keyset on (date, id): memory holds
 * one batch whatever the number of rows, on PGlite as on PostgreSQL (no server-side cursor
 * needed), and rows written meanwhile never shift a batch. The date is compared as the database
 * wrote it (microseconds), not as a JavaScript Date (milliseconds).
 *
 * Batches are small (200) so that a batch is written out before V8's young generation has been
 * collected twice: the rows of a batch of 1,000 (40 ms of XLSX work) outlived two scavenges, were
 * promoted to the old generation and piled up there as garbage until the next full collection,
 * 50-85 MB over an export of 100,000 rows (V8's --trace-gc and a sampling heap profile showed it);
 * with 200, 20-30 MB. */
export async function* listRows<F extends SelectedFields>(
  db: Db,
  spec: ListSpec,
  query: ListQuery,
  fields: F,
  batchSize = 200,
): AsyncGenerator<SelectResultFields<F>> {
  const where = listWhere(spec, query);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? sql`(${spec.date}, ${spec.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
    const batch = (await db
      .select({ ...(fields as SelectedFields), __at: sql<string>`${spec.date}::text`, __id: sql<string>`${spec.id}::text` })
      .from(spec.table)
      .$dynamic()
      .where(and(where, keyset))
      .orderBy(asc(spec.date), asc(spec.id))
      .limit(batchSize)) as (SelectResultFields<F> & { __at: string; __id: string })[];
    for (const { __at, __id, ...row } of batch) {
      after = { at: __at, id: __id };
      yield row as unknown as SelectResultFields<F>;
    }
    if (batch.length < batchSize) return;
  }
}
