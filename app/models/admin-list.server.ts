import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL, type Table } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db } from "~/db/client.server";
import { isCategory } from "~/domain/themes";
import { LIST_PARAMS, MAX_SEARCH_LENGTH, parseDay, type ListPage, type ListQuery, type SortDir } from "~/lib/admin-list";

// Every admin list, paged, searched, sorted and filtered on the server (decision 036). A screen
// describes its list once (ListSpec); its loader is `listPage(db, spec, readListQuery(url, spec), fields)`
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
  /** Sort keys (the `sort` parameter) and their columns; `date` is always one. */
  sorts?: Record<string, PgColumn>;
  defaultDir?: SortDir;
  /** The theme (àmbit) column, for rows that have one; `theme=<category>` filters it. */
  theme?: PgColumn;
  /** Filters of the list's own, each a parameter with a closed set of values: a status, a type. */
  filters?: Record<string, { column: PgColumn; values: readonly string[] }>;
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

const sortsOf = (spec: ListSpec): Record<string, PgColumn> => ({ date: spec.date, ...spec.sorts });

/** The list's defaults, for building short URLs (listParams). */
export const listDefaults = (spec: ListSpec) => ({ sort: "date", dir: spec.defaultDir ?? ("desc" as SortDir) });

/** The query in a URL, checked against the list: anything unknown or malformed is left out. */
export function readListQuery(url: URL, spec: ListSpec): ListQuery {
  const get = (name: string) => url.searchParams.get(name);
  const sort = get(LIST_PARAMS.sort) ?? "";
  const dir = get(LIST_PARAMS.dir);
  const page = Number.parseInt(get(LIST_PARAMS.page) ?? "1", 10);
  const theme = get(LIST_PARAMS.theme);
  const filters: Record<string, string> = {};
  for (const [name, { values }] of Object.entries(spec.filters ?? {})) {
    const value = get(name);
    if (value && values.includes(value)) filters[name] = value;
  }
  let from = parseDay(get(LIST_PARAMS.from));
  let to = parseDay(get(LIST_PARAMS.to));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: (get(LIST_PARAMS.q) ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sort: Object.hasOwn(sortsOf(spec), sort) ? sort : "date",
    dir: dir === "asc" || dir === "desc" ? dir : (spec.defaultDir ?? "desc"),
    from,
    to,
    theme: spec.theme && isCategory(theme) ? theme : null,
    filters,
  };
}

/** The search as a LIKE pattern: the typed text anywhere, its % and _ literal. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start of a calendar day in the campaign's time zone. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TIME_ZONE})`;

/** The condition of a query: search, date range, theme and the list's own filters. */
export function listWhere(spec: ListSpec, query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [spec.where];
  if (query.q && spec.search.length) conditions.push(or(...spec.search.map((c) => ilike(c, containing(query.q)))));
  if (query.from) conditions.push(sql`${spec.date} >= ${dayStart(query.from)}`);
  if (query.to) conditions.push(sql`${spec.date} < (${query.to}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  if (query.theme && spec.theme) conditions.push(eq(spec.theme, query.theme));
  for (const [name, value] of Object.entries(query.filters)) {
    const filter = spec.filters?.[name];
    if (filter) conditions.push(eq(filter.column, value));
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
  const filtered = Boolean(query.q || query.from || query.to || query.theme || Object.keys(query.filters).length);
  const [[all], [found]] = await Promise.all([
    known.total === undefined ? db.select({ n: count() }).from(spec.table).where(spec.where) : [{ n: known.total }],
    filtered ? db.select({ n: count() }).from(spec.table).where(where) : Promise.resolve([undefined]),
  ]);
  const total = all?.n ?? 0;
  const matching = found?.n ?? total;
  const pages = Math.max(1, Math.ceil(matching / pageSize));
  const page = Math.min(query.page, pages);
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
