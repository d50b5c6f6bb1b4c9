import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";
import accepts from "accepts";
import fresh from "fresh";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
// The query parameters public pages read, by path (the site registry). Any other parameter (a
// campaign tag, a random one) is left out of the page's address before it is rendered and kept:
// such addresses share one cached page instead of costing a render each and pushing useful pages out.
import { localeOf, localePrefix } from "~/i18n/locales";
import { pageParams, PUBLIC_PAGES } from "~/lib/routes";
import { endOfDayInCatalonia } from "~/domain/consultation";
import { targetPath } from "~/domain/request-path";
import { contributionTypes } from "~/domain/contributions";
import type { Database } from "~/db/client.server";
import {
  ALL_CONTENT,
  announceContentChange,
  onContentChange,
  setProcessChangeHandler,
  withWriteState,
  type WriteState,
} from "~/infra/content-changes.server";
import { errorFields, log } from "~/infra/log.server";
import { withRenderState } from "~/infra/request-state.server";
import { SESSION_COOKIE_NAME } from "~/infra/session.server";
import { HOST } from "./guards";
import { logRequest } from "./request-log";

// Public pages rendered once and kept in memory (decision 026, which replaces 007's clear-all).
// - Only anonymous GET/HEAD requests for public paths are cached (no session cookie, no /admin in
//   any letter case, no fresh-view cookie).
// - Each kept page holds the tables its render read (its tags, noted by the database layer). A write
//   names the tables it changed (contentChanged, app/infra/content-changes.server.ts): the pages with
//   one of those tags become stale, here and, through PostgreSQL LISTEN/NOTIFY, on every other
//   instance. A write that names nothing (a sign-out, a honeypot answer, a pending testimonial)
//   leaves every page kept.
// - Stale while revalidate: a stale page is still sent, for at most MAX_STALE_MS after the write,
//   while one render of the new copy runs (one per page at a time, and at most one every
//   RERENDER_INTERVAL_MS); after that bound, requests wait for the render. Concurrent requests for a
//   page being rendered share that one render.
// - The contributor's own view: a write that named something sets a short-lived cookie
//   (FRESH_COOKIE) whose requests skip the cache, so their next pages show what they wrote.
// - Every address a route does not know (the not-found page) is kept under one key per language. The files of
//   the build (build/client: the favicon, the pictures) are never pages: the cache leaves them to
//   the static files, whatever it holds (issue 27, item 1).
// - A page is kept under its canonical address (its path as the route table writes it, the values
//   of the parameters it reads in one spelling); another spelling of a page's path is redirected to
//   it, and a page keeps at most MAX_KEYS_PER_PAGE addresses, so that variants of one page push no
//   other page out (issue 29, item 8).
// - Kept pages carry no nonce: their policy allows their inline scripts by hash.

// The whole cached render lives in three places of the server (server/app.ts): front(), a plain Node
// listener in front of Express, sends a kept page with the headers Express sent it with last time
// (decision 043); serve(), after Express's same-origin check, watches writes and sends kept pages;
// render() at the end renders a miss, keeps it and sends it. serve() and render() pass
// `res.locals.page` from one to the other.

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** A cacheable request: the address its page is kept under, and what its security headers
       * were made of (PageCacheOptions.headerInputs). */
      page?: { key: string; group: string; inputs: HeaderInputs | null };
    }
  }
}

/** How long after a write a page may still be sent as it was before it (decision 026). */
export const MAX_STALE_MS = 2000;
/** A page is rendered again at most this often while writes keep coming. */
export const RERENDER_INTERVAL_MS = 1000;
/** The cookie a successful write sets, so that its author's next pages skip the caches. */
export const FRESH_COOKIE = "pb_fresh";
/** Long enough to cover the staleness bound, and a slow CDN's refresh (docs/deploy.md). */
export const FRESH_SECONDS = 10;
/** Kept pages: browsers revalidate each time (ETag); a CDN may keep them 2 s and serve them 2 s
 * more while it refreshes them (docs/deploy.md). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=2, stale-while-revalidate=2";
/** The key of every not-found page (in Catalan; each language's is under its prefix: /es/404). */
export const NOT_FOUND_KEY = "/404";
const notFoundKey = (path: string) => `${localePrefix(localeOf(path))}${NOT_FOUND_KEY}`;

const SKIP_CACHE_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE_NAME}|${FRESH_COOKIE})=`);
const NOT_CACHED = /^\/(?:admin|media|assets|healthz)(?:\/|$)|^\/admin\./i;
/** How many addresses one page (one route: its parameters' values, its data URL, every landing)
 * keeps at most. Each route of the site (about 25 per language) fits its share of MAX_ENTRIES:
 * variants of one page push out only that page's other variants (issue 29, item 8). */
export const MAX_KEYS_PER_PAGE = 16;
/** Each page in each of the three languages (decision 059) keeps its share, and so do robots.txt,
 * the sitemap, the map's GeoJSON, the tracker's map data, the open data's files and catalogue (decisions 069 and 074), an
 * activity's calendar, each language's not-found page, the root's data and the route discovery. A kept page is about 150 KB (its HTML and its two
 * compressed copies): about 200 MB at the very most, reached only when every page's every variant
 * is asked for. */
export const MAX_ENTRIES = (PUBLIC_PAGES.length + 15) * MAX_KEYS_PER_PAGE;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

type Encoding = "identity" | "br" | "gzip";
/** What a response's headers were made of besides the page (the CSP's frame and tile sources). */
type HeaderInputs = readonly unknown[];

/** The headers a kept page was last sent with through Express, in one encoding, to be sent again
 * by front() while the inputs they were made of are the same. */
interface SentHeaders {
  inputs: HeaderInputs;
  headers: OutgoingHttpHeaders;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The CSP sources of its inline scripts ('sha256-…'), in place of a nonce. */
  scriptHashes: string[];
  /** A strong ETag per encoding (the bytes differ). */
  etags: { identity: string; br: string; gzip: string };
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Sent, never kept (a page showing a default for a failed read). */
  degraded: boolean;
  /** Its headers as Express last sent it, by encoding. */
  sent: Partial<Record<Encoding, SentHeaders>>;
}

interface Rendered {
  page: CachedPage | null;
  response: Response;
  body: Buffer;
}

interface Entry {
  page: CachedPage;
  /** The page (route) it is an address of (MAX_KEYS_PER_PAGE). */
  group: string;
  /** The tables its render read. */
  tags: Set<string>;
  /** When the render that made it started. */
  renderedAt: number;
  /** When the first write it does not show was heard of; null while it is current. */
  staleSince: number | null;
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The route a path is a page of, as the router matches it (any letter case, percent-encoded or
 * not): its id, and its path as the route table writes it; null when only the not-found route
 * matches (server/react-router.ts, routeMatcher). */
export type RouteOf = (pathname: string) => PageRoute | null;
export interface PageRoute {
  id: string;
  canonical: string;
}

/** Without the route table (development, tests): each path is its own page, as it is spelt. */
const asSpelt: RouteOf = (pathname) => ({ id: pathname, canonical: pathname });

/** The values of the parameters pages read, in one spelling: null leaves the parameter out (its
 * page shows the same without it). A value a page refuses (it redirects) is never kept anyway. */
/** The query parameters each page reads (lib/routes.ts). */
const PAGE_PARAMS = pageParams();

const PARAM_VALUES: Record<string, (value: string) => string | null> = {
  // A type no list knows shows every type (/aportacions) or nothing (/denuncia), as none does.
  tipus: (value) => ((contributionTypes as readonly string[]).includes(value) ? value : null),
  // The first page is the page without a number.
  pagina: (value) => (value === "1" ? null : value),
  // An answer state's word (/aportacions?resposta=acceptada, issue 31): another spelling is no state's.
  resposta: (value) => (/^[a-z0-9-]{1,80}$/.test(value) ? value : null),
  // A contribution's id (a uuid) in any letter case is the same contribution.
  id: (value) => value.toLowerCase(),
};

export interface PageAddress {
  /** What the page is rendered for and kept under. */
  key: string;
  /** The page it is an address of (at most MAX_KEYS_PER_PAGE addresses each). */
  group: string;
  /** The path a browser should ask for (its request is redirected there when it differs), or
   * null when any spelling will do (the not-found page, React Router's data and discovery). */
  canonical: string | null;
}

/** The address a cacheable page is rendered for and kept under: its canonical path, and only the
 * parameters the page reads (the first value of each, in one spelling, in a fixed order). A page's
 * data for a client-side navigation (`/aportacions.data?tipus=…&_routes=…`) keeps the same ones,
 * and React Router's own; its route discovery (`/__manifest?paths=…&version=…`) keeps them all.
 * Every path no route knows shares the not-found page's key. */
export function pageAddress(url: URL, routeOf: RouteOf = asSpelt): PageAddress {
  // React Router's route discovery: every parameter counts (the paths asked about, the version).
  if (url.pathname === "/__manifest") return { key: `${url.pathname}${url.search}`, group: url.pathname, canonical: null };
  const data = url.pathname.endsWith(".data");
  const path = data ? url.pathname.slice(0, -".data".length) : url.pathname;
  const route = path === "/_root" ? { id: path, canonical: path } : routeOf(path);
  if (!route) {
    const key = notFoundKey(path);
    return { key: data ? `${key}.data` : key, group: key, canonical: null };
  }
  const names = [...(PAGE_PARAMS[route.canonical] ?? PAGE_PARAMS[route.id] ?? []), ...(data ? ["_routes", "index"] : [])];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    const spell = PARAM_VALUES[name];
    const kept = value === null ? null : spell ? spell(value) : value;
    if (kept !== null) query.set(name, kept);
  }
  const canonical = data ? `${route.canonical}.data` : route.canonical;
  return { key: query.size ? `${canonical}?${query}` : canonical, group: route.id, canonical: data ? null : canonical };
}

/** The key of pageAddress (tests). */
export const pageKey = (url: URL, routeOf?: RouteOf) => pageAddress(url, routeOf).key;

/** Whether a request's page may come from the cache: `path` is the request's path as sent (no query). */
export function isCacheable(method: string | undefined, path: string, cookie: string | undefined): boolean {
  return (
    (method === "GET" || method === "HEAD") &&
    // Routing ignores letter case and decodes the path: so does this check.
    !NOT_CACHED.test(safeDecode(path)) &&
    !SKIP_CACHE_COOKIE.test(cookie ?? "")
  );
}

/** Whether Express would take this request as well formed (guards.ts, wellFormedRequests): when in
 * doubt, no, and Express decides. */
function plainlyWellFormed(req: IncomingMessage, target: string): boolean {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(",", 1)[0]!.trim();
  const forwardedHost = first(req.headers["x-forwarded-host"]);
  const forwardedProto = first(req.headers["x-forwarded-proto"]);
  return (
    target.startsWith("/") &&
    !target.includes("#") &&
    // A path that cannot be read one way only (an encoded slash or backslash, a path encoded twice)
    // is Express's to refuse (decision 052); only a path with an escape can be one.
    (!target.includes("%") || targetPath(target) !== null) &&
    HOST.test(req.headers.host ?? "") &&
    (forwardedHost === undefined || HOST.test(forwardedHost)) &&
    (forwardedProto === undefined || /^https?$/.test(forwardedProto))
  );
}

const sameInputs = (a: HeaderInputs, b: HeaderInputs) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The encoding a kept page is sent in, as Express negotiates it. */
const encodingFor = (req: IncomingMessage): Encoding => {
  const accept = accepts(req);
  return accept.encodings("br") === "br" ? "br" : accept.encodings("gzip") === "gzip" ? "gzip" : "identity";
};

/** The React Router handlers a page is made with: `stream` sends it as it renders (pages that are
 * never kept, and everything in development); `render`, when given, returns it whole, without a
 * nonce, to be kept; `route` tells the page a path is of (null: only the not-found page). */
export interface PageRenderers {
  stream: RequestHandler;
  render?: (request: Request, req: ExpressRequest) => Promise<Response>;
  route?: RouteOf;
}

/** The CSP sources that allow a page's inline scripts, by the SHA-256 of their text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

type Tags = readonly string[];

export interface PageCacheOptions {
  /** On PostgreSQL, changes are announced to and heard from the other instances. */
  database?: Database;
  /** Anything else that follows content changes (the CSP's frame sources follow the site
   * settings), called with the tags of every change, from here or from another instance. */
  onChange?: (tags: Tags) => void;
  /** What the security headers of a response are made of besides the page (the server gives the
   * CSP's frame and tile sources), compared by identity; null while they are being read again
   * (then every request goes through Express, which waits for them). None: always the same. */
  headerInputs?: () => HeaderInputs | null;
  /** Whether a path is one of the build's files (build/client, served by server/static-assets.ts):
   * those are never pages, whatever the cache holds. */
  isFile?: (pathname: string) => boolean;
  /** MAX_STALE_MS and RERENDER_INTERVAL_MS, unless a test says otherwise. */
  maxStaleMs?: number;
  rerenderIntervalMs?: number;
}

export function createPageCache({
  database,
  onChange,
  headerInputs = () => NO_INPUTS,
  isFile = () => false,
  maxStaleMs = MAX_STALE_MS,
  rerenderIntervalMs = RERENDER_INTERVAL_MS,
}: PageCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  /** The renders under way, by key: whoever asks for that page meanwhile shares it. */
  const flights = new Map<string, Promise<Rendered>>();
  const instanceId = randomBytes(8).toString("hex");
  /** Counts changes; each tag remembers the count of its last change, so that a render that read
   * a tag changed while it ran is kept as stale. */
  let changes = 0;
  const changedAt = new Map<string, number>();
  let renderers: PageRenderers | undefined;
  let renders = 0;
  let frontAnswers = 0;

  /** The pages showing these tables (ALL_CONTENT: every page) become stale. */
  const staleLocal = (tags: Tags) => {
    const now = Date.now();
    changes++;
    for (const tag of tags) changedAt.set(tag, changes);
    const all = tags.includes(ALL_CONTENT);
    for (const entry of entries.values()) {
      if (entry.staleSince === null && (all || tags.some((t) => entry.tags.has(t)))) entry.staleSince = now;
    }
    onChange?.(tags);
  };
  /** Content changed here: make its pages stale, and tell the other instances. */
  const invalidate = (tags: Tags) => {
    if (tags.length === 0) return;
    staleLocal(tags);
    if (database) announceContentChange(database, instanceId, tags);
  };
  if (database) onContentChange(database, instanceId, staleLocal);
  setProcessChangeHandler(invalidate);

  const changedSince = (tags: Set<string>, since: number) =>
    (changedAt.get(ALL_CONTENT) ?? 0) > since || [...tags].some((t) => (changedAt.get(t) ?? 0) > since);

  /** Pages say what holds today (the consultation open or closed by its date, decision 050): when a
   * new day starts in Catalonia, every kept page is forgotten, and a render begun the day before is
   * not kept. */
  let dayStartedAt = 0;
  let dayEndsAt = endOfDayInCatalonia();
  const rollDay = () => {
    const now = Date.now();
    if (now < dayEndsAt) return;
    entries.clear();
    dayStartedAt = dayEndsAt;
    dayEndsAt = endOfDayInCatalonia(now);
  };

  /** Keeps a page; the least recently used address of the same page goes first when that page
   * has its MAX_KEYS_PER_PAGE, the least recently used of all when the cache is full. */
  const keep = (key: string, entry: Entry) => {
    rollDay();
    if (entry.renderedAt < dayStartedAt) return;
    entries.delete(key);
    let addresses = 0;
    let oldest: string | undefined;
    for (const [k, e] of entries) {
      if (e.group !== entry.group) continue;
      addresses++;
      oldest ??= k;
    }
    if (addresses >= MAX_KEYS_PER_PAGE) entries.delete(oldest!);
    else if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  };
  /** The cache's part in a request: not for a file of the build, and only for a cacheable one. */
  const cacheable = (method: string | undefined, path: string, cookie: string | undefined) =>
    isCacheable(method, path, cookie) && !isFile(path);

  /** Renders the page of `key` (with the headers of the request that asked), and keeps it when
   * it can. `page` is null when it cannot be shared (it sets a cookie, redirects, failed): the
   * request that rendered it sends `response` and `body`, any other renders its own. */
  const renderPage = async (key: string, group: string, req: ExpressRequest, base: URL): Promise<Rendered> => {
    const render = renderers!.render!;
    const startedAt = Date.now();
    const startCount = changes;
    renders++;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    // A HEAD is rendered as a GET so that the page can be kept for the next visitor; the page is
    // rendered for its address without the parameters it does not read (pageKey).
    const request = new Request(new URL(key, base), { method: "GET", headers });
    // The whole page, deferred parts included, is read inside the render state, so that a public
    // read failing anywhere in it keeps the page (showing a default) out of every cache.
    const {
      result: { response, body },
      state,
    } = await withRenderState(async () => {
      const response = await render(request, req);
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    });
    if ((response.status !== 200 && response.status !== 404) || response.headers.has("set-cookie") || body.length > MAX_BODY_BYTES) {
      return { page: null, response, body };
    }
    const etag = createHash("sha1").update(body).digest("base64url");
    const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !/^(content-length|content-encoding|cache-control|etag|vary)$/i.test(name)),
      scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
      etags: { identity: `"${etag}"`, br: `"${etag}-br"`, gzip: `"${etag}-gz"` },
      identity: body,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: zlib.gzipSync(body, { level: 6 }),
      degraded: state.degraded,
      sent: {},
    };
    if (!state.degraded) {
      // A table it read changed while it rendered: kept, but stale from the start of the render.
      const stale = changedSince(state.reads, startCount) ? startedAt : null;
      keep(key, { page, group, tags: state.reads, renderedAt: startedAt, staleSince: stale });
    }
    return { page, response, body };
  };

  /** One render per key at a time: a request for a page being rendered waits for that render. */
  const renderOnce = (key: string, group: string, req: ExpressRequest, base: URL): { rendered: Promise<Rendered>; shared: boolean } => {
    const flying = flights.get(key);
    if (flying) return { rendered: flying, shared: true };
    const rendered = renderPage(key, group, req, base).finally(() => flights.delete(key));
    flights.set(key, rendered);
    return { rendered, shared: false };
  };

  /** Whether a stale page is due a new copy (none under way, none too recently). */
  const dueForRender = (key: string, entry: Entry) =>
    !flights.has(key) && Date.now() - entry.renderedAt >= rerenderIntervalMs && Boolean(renderers?.render);

  /** Starts the new copy of a stale page in the background (the stale one is sent meanwhile). */
  const revalidate = (key: string, entry: Entry, req: ExpressRequest, base: URL) => {
    if (!dueForRender(key, entry)) return;
    renderOnce(key, entry.group, req, base).rendered.catch((err: unknown) => {
      // The stale copy stays until the bound; then requests render it themselves.
      log("error", "page revalidation failed", { key, ...errorFields(err) });
    });
  };

  /** Sends the kept page of `key` when it is current, or stale within the bound (starting its new
   * copy); false when there is none to send. */
  const sendKept = (key: string, req: ExpressRequest, res: ExpressResponse): boolean => {
    rollDay();
    const entry = entries.get(key);
    if (!entry) return false;
    // Least recently used goes first when the cache is full.
    entries.delete(key);
    entries.set(key, entry);
    if (entry.staleSince === null) {
      sendPage(req, res, entry.page, "HIT");
      return true;
    }
    if (Date.now() - entry.staleSince > maxStaleMs) return false;
    revalidate(key, entry, req, res.locals.url);
    sendPage(req, res, entry.page, "STALE");
    return true;
  };

  return {
    get size() {
      return entries.size;
    },
    /** How many renders were started for the cache (tests). */
    get renders() {
      return renders;
    },
    /** How many kept pages front() sent (tests). */
    get frontAnswers() {
      return frontAnswers;
    },
    /** Content changed on this instance: these tables (ALL_CONTENT: everything). */
    invalidate,
    /** Content changed on another instance. */
    invalidateLocal: staleLocal,
    /** Whether the page kept under `key` is current, stale, or not kept (tests). */
    status(key: string): "fresh" | "stale" | "none" {
      const entry = entries.get(key);
      return !entry ? "none" : entry.staleSince === null ? "fresh" : "stale";
    },

    /** A plain Node listener in front of Express (decision 043): a kept page that is current, or
     * stale within the bound with its new copy under way or not yet due, is sent as Express sent it
     * last (same headers, same bytes, 304 for a matching ETag), without Express's routing and
     * middleware. Anything else (a write, a request to look at more closely, a page not kept or
     * not yet sent through Express with the current header inputs) goes on to Express. */
    front(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
      return (req, res, next) => {
        const start = process.hrtime.bigint();
        const target = req.url ?? "";
        if (!cacheable(req.method, target.split("?", 1)[0]!, req.headers.cookie) || !plainlyWellFormed(req, target)) return next();
        let url: URL;
        try {
          url = new URL(`http://${req.headers.host}${target}`);
        } catch {
          return next();
        }
        const { key, canonical } = pageAddress(url, renderers?.route);
        // Another spelling of a page's address: Express redirects it.
        if (canonical !== null && canonical !== url.pathname) return next();
        rollDay();
        const entry = entries.get(key);
        if (!entry) return next();
        const stale = entry.staleSince !== null;
        if (stale && (Date.now() - entry.staleSince! > maxStaleMs || dueForRender(key, entry))) return next();
        const encoding = encodingFor(req);
        const sent = entry.page.sent[encoding];
        const inputs = headerInputs();
        if (!sent || !inputs || !sameInputs(sent.inputs, inputs)) return next();
        // Least recently used goes first when the cache is full.
        entries.delete(key);
        entries.set(key, entry);
        frontAnswers++;
        res.once("finish", () => logRequest(req.method, target, res.statusCode, start));
        const headers = { ...sent.headers, "X-Cache": stale ? "STALE" : "HIT" };
        if (entry.page.status === 200 && fresh(req.headers, { etag: sent.headers.etag, "last-modified": sent.headers["last-modified"] })) {
          delete headers["content-encoding"];
          delete headers["content-length"];
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(entry.page.status, headers);
        res.end(req.method === "HEAD" ? undefined : entry.page[encoding]);
      };
    },

    /** After the same-origin check. A write runs with a record of what it names: those pages go
     * stale at once, and its author gets the fresh-view cookie. A cacheable request is sent its kept
     * page (or 304) when it is current or stale within the bound, or joins its render under way. */
    serve(): RequestHandler {
      return (req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
          const state: WriteState = {
            changed: new Set(),
            onChange(tags) {
              invalidate(tags);
              if (!res.headersSent) {
                res.append("Set-Cookie", `${FRESH_COOKIE}=1; Max-Age=${FRESH_SECONDS}; Path=/; HttpOnly; SameSite=Lax`);
              }
            },
          };
          return withWriteState(state, () => next());
        }
        if (isFile(req.path) || !isCacheable(req.method, req.path, undefined)) return next();
        const url: URL = res.locals.url;
        const { key, group, canonical } = pageAddress(url, renderers?.route);
        // Another spelling of a page's address (/Aportacions, /%61portacions, /aportacions/) is sent
        // to the address the site writes: one address, one kept page.
        if (canonical !== null && canonical !== url.pathname && canonical.startsWith("/") && !canonical.startsWith("//")) {
          return res.redirect(301, `${canonical}${url.search}`);
        }
        if (!isCacheable(req.method, req.path, req.headers.cookie)) return next();
        // The security headers were set just before this (securityHeaders), from these inputs.
        res.locals.page = { key, group, inputs: headerInputs() };
        if (sendKept(key, req, res)) return;
        const flying = flights.get(key);
        if (!flying) return next();
        // A render of this page is under way: its copy is this request's too.
        flying.then(
          ({ page }) => (page ? sendPage(req, res, page, "HIT") : next()),
          () => next(),
        );
      };
    },

    /** The last handler: renders a page. A cacheable one is rendered whole for its key (once, for
     * every request that asks meanwhile), kept when it can be, and sent; any other is streamed, and
     * kept by nobody. */
    render(pages: PageRenderers): RequestHandler {
      renderers = pages;
      return async (req, res, next) => {
        const page = res.locals.page;
        // Pages for an admin or from the back office are never kept, here or by a CDN.
        if (!page) {
          res.setHeader("Cache-Control", "private, no-store");
          return pages.stream(req, res, next);
        }
        if (!pages.render) return pages.stream(req, res, next);
        try {
          // (Kept meanwhile by a render that ended while this request went through the middleware.)
          if (sendKept(page.key, req, res)) return;
          const flight = renderOnce(page.key, page.group, req, res.locals.url);
          const { page: rendered, response, body } = await flight.rendered;
          if (rendered) return sendPage(req, res, rendered, flight.shared ? "HIT" : "MISS");
          // Not to be shared (it sets a cookie, redirects, failed): another request renders its own.
          if (flight.shared) {
            res.setHeader("Cache-Control", "no-store");
            return pages.stream(req, res, next);
          }
          res.setHeader("X-Cache", "MISS");
          res.setHeader("Cache-Control", "no-store");
          if (response.headers.get("content-type")?.startsWith("text/html"))
            allowInlineScripts(res, inlineScriptHashes(body.toString("utf8")));
          res.status(response.status);
          for (const [name, value] of response.headers) if (name !== "content-length") res.append(name, value);
          res.end(req.method === "HEAD" ? undefined : body);
        } catch (err) {
          next(err);
        }
      };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const NO_INPUTS: HeaderInputs = [];

/** The policy allows a page rendered for the cache (it has no nonce) its own inline scripts, by
 * their hash, in place of this response's nonce. */
function allowInlineScripts(res: ExpressResponse, hashes: string[]) {
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") {
    res.setHeader("Content-Security-Policy", csp.replace(` 'nonce-${res.locals.cspNonce}'`, hashes.map((h) => ` ${h}`).join("")));
  }
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, how: "HIT" | "MISS" | "STALE") {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Cache", how);
  allowInlineScripts(res, page.scriptHashes);
  res.setHeader("Cache-Control", page.degraded ? "no-store" : PUBLIC_CACHE_CONTROL);
  res.vary("Accept-Encoding");
  res.vary("Cookie");
  const encoding = encodingFor(req);
  res.setHeader("ETag", page.etags[encoding]);
  if (req.fresh && page.status === 200) {
    res.status(304).end();
    return;
  }
  const body = page[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  // What front() sends next time, while the security headers are made of the same inputs.
  const inputs = res.locals.page?.inputs;
  if (inputs && !page.degraded && !res.hasHeader("Set-Cookie")) {
    const headers: OutgoingHttpHeaders = {};
    for (const name of res.getHeaderNames()) if (name !== "x-cache") headers[name] = res.getHeader(name);
    page.sent[encoding] = { inputs, headers };
  }
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
