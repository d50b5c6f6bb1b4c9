import { paths } from "./routes";
// The admin lists' query as the URL carries it (decision 036): client-safe, so the screens build
// their links and forms from it; the server reads and applies it in admin-list.server.ts.

/** The query parameters of every admin list, and of the exports that follow its filters. */
export const LIST_PARAMS = {
  /** Free text, searched in the list's text columns (case-insensitive, % and _ literal). */
  q: "q",
  /** The page, from 1 (a page past the end shows the last one). */
  page: "page",
  /** A sort key the list declares (ListSpec.sorts), and its direction. */
  sort: "sort",
  dir: "dir",
  /** A date range, yyyy-mm-dd, both days included, in the campaign's time zone (Europe/Madrid). */
  from: "from",
  to: "to",
  /** A theme (àmbit), for lists whose rows have one. */
  theme: "theme",
} as const;

export type SortDir = "asc" | "desc";

/** The query of a list, after the server checked it against the list's spec. */
export interface ListQuery {
  q: string;
  page: number;
  sort: string;
  dir: SortDir;
  from: string | null;
  to: string | null;
  theme: string | null;
  /** The list's own filters (ListSpec.filters: a status, a type), by parameter name. */
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

/** The search parameters of a query, without its defaults (so that URLs stay short). */
export function listParams(query: ListQuery, defaults: { sort: string; dir: SortDir }, withPage = true): URLSearchParams {
  const p = new URLSearchParams();
  if (query.q) p.set(LIST_PARAMS.q, query.q);
  if (query.from) p.set(LIST_PARAMS.from, query.from);
  if (query.to) p.set(LIST_PARAMS.to, query.to);
  if (query.theme) p.set(LIST_PARAMS.theme, query.theme);
  for (const [name, value] of Object.entries(query.filters)) p.set(name, value);
  if (query.sort !== defaults.sort || query.dir !== defaults.dir) {
    p.set(LIST_PARAMS.sort, query.sort);
    p.set(LIST_PARAMS.dir, query.dir);
  }
  if (withPage && query.page > 1) p.set(LIST_PARAMS.page, String(query.page));
  return p;
}

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
  return `${paths.adminExports}/${name}.${format}${s ? `?${s}` : ""}`;
};
