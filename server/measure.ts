import type { IncomingMessage, ServerResponse } from "node:http";
import { isbot } from "isbot";
import type { Db } from "~/db/client.server";
import { dayInCatalonia, endOfDayInCatalonia } from "~/domain/consultation";
import { NO_MEASURE_COOKIE } from "~/lib/cookie-consent";
import { PUBLIC_PAGES, type PublicPage } from "~/lib/routes";
import { errorFields, log } from "~/infra/log.server";
import { addPageViews, addVisitors, closePastDays, saltOf, visitorHash, type Device, type ViewCount } from "~/models/page-views.server";
import type { RouteOf } from "./page-cache";

// Audience measurement without cookies (issue 34, decision 066). Every GET of a public page that
// answers with its page (200, or 304 to a browser that has it) is counted here, in memory, whether
// the page cache sent it in front of Express or React Router rendered it: the cost on the request
// is a few header reads, a lookup in the route table's memo, and one listener. Every FLUSH_MS the
// counts go to the database in one statement that adds them (app/models/page-views.server.ts).
// Not counted: bots (isbot, or no User-Agent), prefetches, HEAD and every other method, the back
// office, files, and browsers whose visitor has said no (the cookie-banner's measurement switch,
// or the Global Privacy Control / Do Not Track signals). No cookie is set, and what is stored
// names a page of the registry (never the address as asked, so no query string and no token), a
// day, the host of an external referring site and a device class. A day's visitors are a hash of
// the day's salt, the address and the User-Agent, computed at the flush: the address and the
// User-Agent stay in memory until then, and are never written.

/** How often the counts go to the database: what a crash can lose at most. */
export const FLUSH_MS = 15_000;
/** Distinct keys (page, referrer, device) or visitors held before a flush is started at once. */
const MAX_PENDING = 5_000;
export { NO_MEASURE_COOKIE };
const NO_MEASURE = new RegExp(`(?:^|;\\s*)${NO_MEASURE_COOKIE}=1(?:;|$)`);

/** The class of a device from its browser's name: coarse on purpose. */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The host of an external referring site (lower case, without "www."), or "" for none, for this
 * site itself, or for anything that is not an http(s) address. */
export function referrerOf(referer: string | undefined, ownHosts: ReadonlySet<string>): string {
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  const host = url.hostname.toLowerCase();
  if (ownHosts.has(host) || host.length > 253) return "";
  return host.startsWith("www.") ? host.slice(4) : host;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** What a User-Agent is (a bot: null; else its device class), remembered: browsers' names repeat,
 * and isbot's pattern costs more than the rest of the count (UA_MEMO_SIZE names at most). */
const UA_MEMO_SIZE = 2000;
const uaMemo = new Map<string, Device | null>();
function classify(userAgent: string): Device | null {
  let known = uaMemo.get(userAgent);
  if (known === undefined) {
    known = isbot(userAgent) ? null : deviceOf(userAgent);
    if (uaMemo.size >= UA_MEMO_SIZE) uaMemo.clear();
    uaMemo.set(userAgent, known);
  }
  return known;
}

/** Whether the request asks not to be counted, or is no visitor's page view at all. */
export function isCountable(req: IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const h = req.headers;
  const ua = h["user-agent"];
  if (!ua || classify(ua) === null) return false;
  const purpose = h["sec-purpose"] ?? h.purpose ?? h["x-moz"];
  if (purpose !== undefined && /prefetch|prerender/i.test(String(purpose))) return false;
  if (h["sec-gpc"] === "1" || h.dnt === "1") return false;
  if (h.cookie && NO_MEASURE.test(h.cookie)) return false;
  return true;
}

/** Each public page's address in the registry, by its route's id (as the route table names it). */
const PAGE_OF_ROUTE: ReadonlyMap<string, PublicPage> = new Map(PUBLIC_PAGES.map((p) => [p.id ?? p.file.replace(/\.tsx?$/, ""), p]));

/** The page a path is counted as: its address in the registry (a landing by its own address, which
 * is public content; any other page with a parameter, the newsletter's links, as the registry
 * writes it, so that no token is ever stored); null when it is no public page. React Router's data
 * requests for a page (a navigation inside the site) count as that page. */
export function pageOf(pathname: string, routeOf: RouteOf): string | null {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
  }
  const route = routeOf(path);
  if (!route) return null;
  const page = PAGE_OF_ROUTE.get(route.id);
  if (!page) return null;
  if (page.name === "landing") return route.canonical;
  return page.path;
}

export interface MeasurementOptions {
  db: Db;
  /** The route table (server/react-router.ts); until it is known, nothing is counted. */
  routeOf: () => RouteOf | undefined;
  /** The client's address as the site reads it (behind a trusted proxy, X-Forwarded-For). */
  addressOf: (req: IncomingMessage) => string;
  /** The site's own hosts (PUBLIC_URL's): a link from one page to another is not a referrer. */
  ownHosts: readonly string[];
  flushMs?: number;
  now?: () => number;
}

/** How many paths' pages are kept (any path can be asked for, so the memo is bounded). */
const PAGE_MEMO_SIZE = 1000;

export function createMeasurement({ db, routeOf, addressOf, ownHosts, flushMs = FLUSH_MS, now = Date.now }: MeasurementOptions) {
  const own = new Set(ownHosts.map((h) => h.toLowerCase()));
  let counts = new Map<string, ViewCount>();
  /** The visitors since the last flush, by day: "address\0user-agent", held until the flush. */
  let visitors = new Map<string, Set<string>>();
  /** The hashes this instance has already stored today (not sent again). */
  let storedDay = "";
  let stored = new Set<string>();
  let day = "";
  let dayEnds = 0;
  let closedBefore = "";
  let flushing: Promise<void> | null = null;
  let pending = 0;
  let memoRoute: RouteOf | undefined;
  const pages = new Map<string, string | null>();

  const today = () => {
    const t = now();
    if (t >= dayEnds) {
      day = dayInCatalonia(t);
      dayEnds = endOfDayInCatalonia(t);
    }
    return day;
  };

  const count = (req: IncomingMessage, page: string) => {
    const d = today();
    const ua = req.headers["user-agent"]!;
    const device = classify(ua)!;
    // A data request's Referer is the page it was made from: the site itself.
    let referrer = referrerOf(header(req.headers.referer), own);
    if (
      referrer &&
      referrer ===
        req.headers.host
          ?.replace(/:\d+$/, "")
          .replace(/^www\./, "")
          .toLowerCase()
    )
      referrer = "";
    const key = `${d}\u0000${page}\u0000${referrer}\u0000${device}`;
    const row = counts.get(key);
    if (row) row.views++;
    else counts.set(key, { day: d, page, referrer, device, views: 1 });
    let seen = visitors.get(d);
    if (!seen) visitors.set(d, (seen = new Set()));
    const size = seen.size;
    seen.add(`${addressOf(req)}\u0000${ua}`);
    if (seen.size !== size) pending++;
    if (counts.size + pending >= MAX_PENDING) void flush();
  };

  /** Sends what was counted since the last flush. A batch that fails is put back, to be added
   * with the next one. */
  const sendBatch = async () => {
    const batch = counts;
    const seen = visitors;
    counts = new Map();
    visitors = new Map();
    pending = 0;
    try {
      const d = today();
      if (closedBefore !== d) {
        await closePastDays(db, d);
        closedBefore = d;
      }
      await addPageViews(db, [...batch.values()]);
    } catch (err) {
      for (const [key, row] of batch) {
        const kept = counts.get(key);
        if (kept) kept.views += row.views;
        else counts.set(key, row);
      }
      for (const [d, set] of seen) {
        const kept = visitors.get(d) ?? new Set();
        for (const v of set) kept.add(v);
        visitors.set(d, kept);
      }
      throw err;
    }
    for (const [d, set] of seen) {
      // A day already over is not counted any more: its salt is gone (a batch held up over midnight).
      if (d !== today()) continue;
      if (storedDay !== d) {
        storedDay = d;
        stored = new Set();
      }
      const salt = await saltOf(db, d);
      const hashes: string[] = [];
      for (const v of set) {
        const [address, ua] = v.split("\u0000") as [string, string];
        const hash = visitorHash(salt, address, ua);
        if (!stored.has(hash)) hashes.push(hash);
      }
      await addVisitors(db, d, hashes);
      for (const h of hashes) stored.add(h);
    }
  };

  const flush = (): Promise<void> => {
    if (flushing) return flushing.then(() => (counts.size || visitors.size ? flush() : undefined));
    if (counts.size === 0 && visitors.size === 0 && closedBefore === today()) return Promise.resolve();
    flushing = sendBatch()
      .catch((err: unknown) => log("error", "page view counts not stored (kept for the next flush)", errorFields(err)))
      .finally(() => (flushing = null));
    return flushing;
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** Called for every request, before anything answers it: counts it once it has been answered
     * with its page. */
    observe(req: IncomingMessage, res: ServerResponse) {
      if (!isCountable(req)) return;
      const route = routeOf();
      if (!route) return;
      const path = (req.url ?? "").split("?", 1)[0]!;
      // The back office, the files and the media are never pages (and cost no lookup).
      if (!path.startsWith("/") || /^\/(?:admin|assets|media|healthz|__manifest)(?:[/.]|$)/i.test(path)) return;
      // The page of a path, kept while the route table is the same (a few hundred paths at most are
      // ever asked for): matching it against the routes is most of what counting would cost.
      if (route !== memoRoute) {
        memoRoute = route;
        pages.clear();
      }
      let page = pages.get(path);
      if (page === undefined) {
        page = pageOf(path, route);
        if (pages.size >= PAGE_MEMO_SIZE) pages.clear();
        pages.set(path, page);
      }
      if (page === null) return;
      // Every page of the registry is an HTML page (robots.txt, the sitemap, the map's data are
      // not in it): its status is enough.
      res.once("finish", () => {
        if (res.statusCode === 200 || res.statusCode === 304) count(req, page);
      });
    },
    flush,
    /** Stops the timer and sends what is left. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type Measurement = ReturnType<typeof createMeasurement>;
