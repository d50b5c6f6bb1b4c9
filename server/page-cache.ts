import { createHash, randomBytes } from "node:crypto";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
// The query parameters public pages read, by path (the site registry). Any other parameter (a
// campaign tag, a random one) is left out of the page's address before it is rendered and kept:
// such addresses share one cached page instead of costing a render each and pushing useful pages out.
import { PAGE_PARAMS } from "~/lib/routes";
import type { Database } from "~/db/client.server";
import { announceContentChange, onContentChange } from "~/lib/content-changes.server";
import { withRenderState } from "~/lib/request-state.server";
import { SESSION_COOKIE_NAME } from "~/lib/session.server";

// Public pages rendered once and kept in memory until content changes.
// - Only anonymous GET/HEAD requests for public paths are cached (no session cookie, no /admin).
// - Any successful write through the app (a public form, an admin action, an upload) clears the
//   cache, here and, through PostgreSQL LISTEN/NOTIFY (content-changes.server.ts), on every other
//   instance.
// - A cached page keeps the CSP nonce it was rendered with: the response's policy is built with
//   that nonce, and a new one comes with the next render after any change.

// The whole cached render lives here, in three places of the server's middleware (server/app.ts):
// lookup() before the security headers (a hit brings its CSP nonce), serve() after the same-origin
// check (writes clear the cache, hits are sent), and render() at the end (a miss is rendered, kept
// and sent). They pass `res.locals.page` from one to the next.

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** A cacheable request: the address its page is kept under, and the page when it is kept. */
      page?: { key: string; hit: CachedPage | undefined };
    }
  }
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=`);
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

/** The React Router handlers a page is made with: `stream` sends it as it renders (pages that are
 * never kept, and everything in development); `render`, when given, returns it whole, to be kept. */
export interface PageRenderers {
  stream: RequestHandler;
  render?: (request: Request, req: ExpressRequest, res: ExpressResponse) => Promise<Response>;
}

/** database: on PostgreSQL, changes are announced to and heard from the other instances;
 * onClear: anything else that follows content changes (the CSP's frame sources), called on every
 * clear, from here or from another instance. */
export function createPageCache({ database, onClear }: { database?: Database; onClear?: () => void } = {}) {
  const entries = new Map<string, CachedPage>();
  const instanceId = randomBytes(8).toString("hex");
  let generation = 0;

  const clear = () => {
    generation++;
    entries.clear();
    onClear?.();
  };
  /** Content changed here: forget every page, and tell the other instances. */
  const invalidate = () => {
    clear();
    if (database) announceContentChange(database, instanceId);
  };
  if (database) onContentChange(database, instanceId, clear);

  /** Keeps a freshly rendered page when nothing changed while it was rendered. */
  const store = (key: string, renderedAt: number, page: Omit<CachedPage, "etag" | "br" | "gzip">): CachedPage | null => {
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
  };

  return {
    get size() {
      return entries.size;
    },
    invalidate,
    /** Content changed on another instance. */
    invalidateLocal: clear,

    /** Before the security headers: a hit carries its own nonce into this response's CSP. */
    lookup(): RequestHandler {
      return (req, res, next) => {
        if (isCacheable(req)) {
          const key = pageKey(res.locals.url);
          const hit = entries.get(key);
          if (hit) {
            // Least recently used goes first when the cache is full.
            entries.delete(key);
            entries.set(key, hit);
            res.locals.cspNonce = hit.nonce;
          }
          res.locals.page = { key, hit };
        }
        next();
      };
    },

    /** After the same-origin check: any write that succeeds clears the cache once it has answered
     * (a render that began before the change and ends after it is not kept: the clear moves the
     * generation on); a hit is sent, compressed as the client accepts, or 304. */
    serve(): RequestHandler {
      return (req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
          res.on("finish", () => {
            if (res.statusCode < 400) invalidate();
          });
        }
        const hit = res.locals.page?.hit;
        if (!hit) return next();
        res.setHeader("X-Cache", "HIT");
        sendPage(req, res, hit);
      };
    },

    /** The last handler: renders a page. A cacheable one is rendered whole for its key, kept when it
     * can be, and sent; any other is streamed, and kept by nobody. */
    render({ stream, render }: PageRenderers): RequestHandler {
      return async (req, res, next) => {
        const page = res.locals.page;
        // Pages for an admin or from the back office are never kept, here or by a CDN.
        if (!page) {
          res.setHeader("Cache-Control", "private, no-store");
          return stream(req, res, next);
        }
        if (!render) return stream(req, res, next);
        try {
          const renderedAt = generation;
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
          // A HEAD is rendered as a GET so that the page can be kept for the next visitor; the page is
          // rendered for its address without the parameters it does not read (pageKey).
          const request = new Request(new URL(page.key, res.locals.url), { method: "GET", headers });
          // The whole page, deferred parts included, is read inside the render state, so that a public
          // read failing anywhere in it keeps the page (showing a default) out of every cache.
          const {
            result: { response, body },
            state,
          } = await withRenderState(async () => {
            const response = await render(request, req, res);
            return { response, body: Buffer.from(await response.arrayBuffer()) };
          });
          if (state.degraded) res.setHeader("Cache-Control", "no-store");
          const keep = (response.status === 200 || response.status === 404) && !response.headers.has("set-cookie") && !state.degraded;
          const kept = keep
            ? store(page.key, renderedAt, {
                status: response.status,
                headers: [...response.headers].filter(([name]) => !/^(content-length|content-encoding|cache-control|etag|vary)$/i.test(name)),
                nonce: res.locals.cspNonce,
                identity: body,
              })
            : null;
          res.setHeader("X-Cache", "MISS");
          if (kept) return sendPage(req, res, kept);
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

function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
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
