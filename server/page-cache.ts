import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
// The query parameters public pages read, by path (the site registry). Any other parameter (a
// campaign tag, a random one) is left out of the page's address before it is rendered and kept:
// such addresses share one cached page instead of costing a render each and pushing useful pages out.
import { PAGE_PARAMS } from "~/lib/routes";

// Public pages rendered once and kept in memory until content changes.
// - Only anonymous GET/HEAD requests for public paths are cached (no session cookie, no /admin).
// - Any successful write through the app (a public form, an admin action, an upload) clears the
//   cache, here and, through the notify hook (PostgreSQL LISTEN/NOTIFY), on every other instance.
// - A cached page keeps the CSP nonce it was rendered with: the response's policy is built with
//   that nonce, and a new one comes with the next render after any change.

/** The PostgreSQL channel on which a change is announced to every instance (and by the seed CLI). */
export const PAGE_CACHE_CHANNEL = "page_cache";

const SESSION_COOKIE = /(?:^|;\s*)pb_session=/;
const NOT_CACHED = /^\/(?:admin|media|assets|healthz)(?:\/|$)|^\/admin\./;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  nonce: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The address a cacheable page is rendered for and kept under: its path, and only the parameters
 * the page reads (the first value of each, in a fixed order). A page's data for a client-side
 * navigation (`/aportacions.data?tipus=…&_routes=…`) keeps the same ones, and React Router's own;
 * its route discovery (`/__manifest?paths=…&version=…`) keeps them all. */
export function pageKey(url: URL): string {
  // React Router's route discovery: every parameter counts (the paths asked about, the version).
  if (url.pathname === "/__manifest") return `${url.pathname}${url.search}`;
  const data = url.pathname.endsWith(".data");
  const page = data ? url.pathname.slice(0, -".data".length) : url.pathname;
  const names = [...(PAGE_PARAMS[page] ?? []), ...(data ? ["_routes", "index"] : [])];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  return query.size ? `${url.pathname}?${query}` : url.pathname;
}

export function isCacheable(req: ExpressRequest): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !NOT_CACHED.test(req.path) && !SESSION_COOKIE.test(req.headers.cookie ?? "");
}

/** notify: tells the other instances; onClear: anything else that follows content changes
 * (the CSP's frame sources), called on every clear, from here or from another instance. */
export function createPageCache({ notify, onClear }: { notify?: () => void; onClear?: () => void } = {}) {
  const entries = new Map<string, CachedPage>();
  let generation = 0;

  const clear = () => {
    generation++;
    entries.clear();
    onClear?.();
  };

  return {
    get size() {
      return entries.size;
    },
    generation: () => generation,
    /** Content changed here: forget every page, and tell the other instances. */
    invalidate() {
      clear();
      notify?.();
    },
    /** Content changed on another instance. */
    invalidateLocal: clear,

    /** Before the security headers: a hit carries its own nonce into this response's CSP. */
    lookup(): RequestHandler {
      return (req, res, next) => {
        if (isCacheable(req)) {
          // Kept for the render that follows a miss (server/app.ts): the page is rendered for it.
          const key = (res.locals.pageKey = pageKey(res.locals.url as URL));
          const hit = entries.get(key);
          if (hit) {
            // Least recently used goes first when the cache is full.
            entries.delete(key);
            entries.set(key, hit);
            res.locals.cachedPage = hit;
            res.locals.cspNonce = hit.nonce;
          }
        }
        next();
      };
    },

    /** Sends a hit, compressed as the client accepts, or 304 when the client has it. */
    serve(): RequestHandler {
      return (req, res, next) => {
        const hit = res.locals.cachedPage as CachedPage | undefined;
        if (!hit) return next();
        res.setHeader("X-Cache", "HIT");
        sendPage(req, res, hit);
      };
    },

    /** Any write that succeeds clears the cache once it has answered. A render that began
     * before the change and ends after it is not kept: the clear moves the generation on. */
    invalidateOnWrites(): RequestHandler {
      return (req, res, next) => {
        if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
        res.on("finish", () => {
          if (res.statusCode < 400) this.invalidate();
        });
        next();
      };
    },

    /** Keeps a freshly rendered page when nothing changed while it was rendered. */
    store(key: string, renderedAt: number, page: Omit<CachedPage, "etag" | "br" | "gzip">): CachedPage | null {
      if (page.identity.length > MAX_BODY_BYTES) return null;
      const full: CachedPage = {
        ...page,
        etag: `W/"${createHash("sha1").update(page.identity).digest("base64url")}"`,
        br: zlib.brotliCompressSync(page.identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: zlib.gzipSync(page.identity, { level: 6 }),
      };
      if (renderedAt !== generation) return full; // content changed meanwhile: send, do not keep
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, full);
      return full;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

export function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.vary("Accept-Encoding");
  res.vary("Cookie");
  if (req.fresh && page.status === 200) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
