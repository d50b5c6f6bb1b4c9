import { adminPaths } from "./admin-paths";
// The one query dialect of every back-office list (decisions 036 and 056): the admin lists, the
// moderation queue, the audit log and the exports that follow their filters. Client-safe, so the
// screens build their links and forms from it; the server applies it in admin-list.server.ts.
//
// Every list speaks the same words, in Catalan: `q` (search), `pagina`, `ordre` and `sentit`,
// `des-de` and `fins-a` (days), and named filters (`estat`, `tipus`, `ambit`, `categoria`,
// `origen`, `denunciades`, `retingudes`, `compte`, `entitat`, `accio`). A list declares which it
// understands (its ListShape); anything else in the address, or any malformed value, is left out:
// reading a query never fails.

/** The parameters every list shares. */
export const LIST_PARAMS = {
  /** Free text, searched in the list's text columns (case-insensitive, % and _ literal). */
  q: "q",
  /** The page, from 1 (a page past the end shows the last one). */
  page: "pagina",
  /** A sort key the list declares, and its direction (asc or desc). */
  sort: "ordre",
  dir: "sentit",
  /** A date range, yyyy-mm-dd, both days included, in the campaign's time zone (Europe/Madrid). */
  from: "des-de",
  to: "fins-a",
} as const;

/** The spelling before decision 056 (decision 036's English names, and the contributions export's):
 * a GET that still uses one is sent, permanently, to the same query in the one dialect. */
export const OLD_PARAMS: Readonly<Record<string, string>> = {
  page: LIST_PARAMS.page,
  sort: LIST_PARAMS.sort,
  dir: LIST_PARAMS.dir,
  from: LIST_PARAMS.from,
  to: LIST_PARAMS.to,
  theme: "ambit",
  status: "estat",
  type: "tipus",
  category: "categoria",
  source: "origen",
};

/** Old values, by (new) parameter: the English sort keys, and the spec's testimonial statuses
 * (?status=approved, the dashboard's old links). */
export const OLD_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [LIST_PARAMS.sort]: { date: "data", name: "nom", title: "titol", email: "correu" },
  estat: { approved: "published", rejected: "hidden" },
};

export type SortDir = "asc" | "desc";

/** A list's own filter: one value of a closed set, a yes/no flag (`=1`), or free text. */
export type FilterShape =
  | { kind: "one-of"; values: readonly string[]; /** Taken when the address names none (kept out of it). */ default?: string }
  | { kind: "flag" }
  | { kind: "text"; max: number };

/** What a list understands of the dialect. */
export interface ListShape {
  /** Whether `q` searches this list. */
  search: boolean;
  /** Whether `des-de` and `fins-a` filter it. */
  dates: boolean;
  /** Its sort keys, the default first ("data", the row's date, on every list). */
  sorts: readonly string[];
  defaultDir: SortDir;
  filters: Readonly<Record<string, FilterShape>>;
}

/** The query of a list, after it was checked against the list's shape. */
export interface ListQuery {
  q: string;
  page: number;
  sort: string;
  dir: SortDir;
  from: string | null;
  to: string | null;
  /** The list's own filters by parameter name: a value of the set, "1" for a flag, the text. */
  filters: Record<string, string>;
}

/** One page of a list, as a loader returns it. */
export interface ListPage<Row> {
  rows: Row[];
  /** Rows that match the query. */
  matching: number;
  /** Rows in the list, whatever the query. */
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  query: ListQuery;
}

export const MAX_SEARCH_LENGTH = 200;
/** Beyond this a page number is noise (a list of 50 a page would hold five million rows). */
export const MAX_PAGE = 100_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days a filter may name: the campaign's century. Outside it a day is no filter (issue 29:
 * year 0000 passed the pattern and broke the database's date cast, a 500 and an export cut off). */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2099-12-31";

/** A calendar day (yyyy-mm-dd) that exists, between FIRST_DAY and LAST_DAY, or null. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value) || value < FIRST_DAY || value > LAST_DAY) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) ? value : null;
}

/** The value of one filter in an address, or null when it is absent or not one the filter takes. */
function filterValue(shape: FilterShape, raw: string | null): string | null {
  if (shape.kind === "flag") return raw === "1" ? "1" : null;
  const value = (raw ?? "").trim();
  if (shape.kind === "text") return value && value.length <= shape.max ? value : null;
  return shape.values.includes(value) ? value : (shape.default ?? null);
}

/** The query in an address, checked against the list's shape: anything unknown or malformed takes
 * its default. */
export function parseListQuery(params: URLSearchParams, shape: ListShape): ListQuery {
  const get = (name: string) => params.get(name);
  const rawPage = get(LIST_PARAMS.page) ?? "";
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const sort = get(LIST_PARAMS.sort) ?? "";
  const dir = get(LIST_PARAMS.dir);
  const filters: Record<string, string> = {};
  for (const [name, filter] of Object.entries(shape.filters)) {
    const value = filterValue(filter, get(name));
    if (value !== null) filters[name] = value;
  }
  let from = shape.dates ? parseDay(get(LIST_PARAMS.from)) : null;
  let to = shape.dates ? parseDay(get(LIST_PARAMS.to)) : null;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: shape.search ? (get(LIST_PARAMS.q) ?? "").trim().slice(0, MAX_SEARCH_LENGTH) : "",
    page: page <= MAX_PAGE ? page : 1,
    sort: shape.sorts.includes(sort) ? sort : (shape.sorts[0] ?? "data"),
    dir: dir === "asc" || dir === "desc" ? dir : shape.defaultDir,
    from,
    to,
    filters,
  };
}

/** The address of a query, without its defaults (so that addresses stay short); `page: false`
 * leaves the page out (an export, a change of filter). */
export function listSearch(query: Partial<ListQuery>, shape: ListShape, { page = true } = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (query.q) p.set(LIST_PARAMS.q, query.q);
  if (query.from) p.set(LIST_PARAMS.from, query.from);
  if (query.to) p.set(LIST_PARAMS.to, query.to);
  for (const [name, filter] of Object.entries(shape.filters)) {
    const value = query.filters?.[name];
    if (value && !(filter.kind === "one-of" && value === filter.default)) p.set(name, value);
  }
  const sort = query.sort ?? shape.sorts[0];
  const dir = query.dir ?? shape.defaultDir;
  if (sort !== shape.sorts[0] || dir !== shape.defaultDir) {
    p.set(LIST_PARAMS.sort, sort ?? "data");
    p.set(LIST_PARAMS.dir, dir);
  }
  if (page && query.page && query.page > 1) p.set(LIST_PARAMS.page, String(query.page));
  return p;
}

/** `?…` for a query ("?" alone for none: a link to the list's first page, unfiltered). */
export const listHref = (query: Partial<ListQuery>, shape: ListShape) => {
  const s = listSearch(query, shape).toString();
  return s ? `?${s}` : "?";
};

/** The same address in the one dialect when it uses an old spelling (OLD_PARAMS, OLD_VALUES), or
 * null when it has none. A name given in both spellings keeps the new one. */
export function canonicalSearch(params: URLSearchParams): string | null {
  let changed = false;
  const out = new URLSearchParams();
  for (const [name, value] of params) {
    const renamed = OLD_PARAMS[name];
    if (renamed && params.has(renamed)) {
      changed = true;
      continue;
    }
    const key = renamed ?? name;
    const mapped = OLD_VALUES[key]?.[value] ?? value;
    if (renamed || mapped !== value) changed = true;
    out.append(key, mapped);
  }
  return changed ? out.toString() : null;
}

/** The page to show of `pages`: a page past the end is the last one. */
export const clampPage = (page: number, matching: number, pageSize: number) => {
  const pages = Math.max(1, Math.ceil(matching / pageSize));
  return { page: Math.min(page, pages), pages };
};

/** A link to the same list with some parameters changed (null removes one); any change other
 * than the page's goes back to page 1. */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | null>): string {
  const p = new URLSearchParams(search);
  if (!(LIST_PARAMS.page in changes)) p.delete(LIST_PARAMS.page);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === LIST_PARAMS.page && value === "1")) p.delete(name);
    else p.set(name, value);
  }
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/** The export formats, and the address of a list's export with the list's filters (not its page). */
export type ExportFormat = "csv" | "xlsx" | "zip";
export const exportHref = (name: string, format: ExportFormat, search: string | URLSearchParams) => {
  const p = new URLSearchParams(search);
  p.delete(LIST_PARAMS.page);
  const s = p.toString();
  return `${adminPaths.adminExports}/${name}.${format}${s ? `?${s}` : ""}`;
};
