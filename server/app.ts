import "~/lib/app-context";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { createRequestHandler as createRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ensureAdmin } from "~/lib/admin-users.server";
import { ConfigError, parseEnv, trustProxySetting, type Env } from "~/lib/env.server";
import { DataDirLockedError } from "~/lib/lock.server";
import { errorFields, log } from "~/lib/log.server";
import { closeRuntime, openRuntime, type Runtime } from "~/lib/runtime.server";
import { createFrameSources } from "./frame-sources";
import { createPageCache, isCacheable, PAGE_CACHE_CHANNEL, sendPage } from "./page-cache";

import { createImageVariants, isImageWidth, isResizable } from "~/lib/images.server";
import { isValidKey } from "~/lib/storage.server";
import { withRenderState } from "~/lib/request-state.server";
import { clientKeyFor } from "~/lib/rate-limit.server";
import { signInGate } from "~/lib/login-throttle.server";

function securityHeaders(env: Env, dev: boolean, frameSources: () => string[]): RequestHandler[] {
  const https = env.PUBLIC_URL.startsWith("https://");
  return [
    (_req, res, next) => {
      // A cached page brings the nonce it was rendered with (page-cache.ts).
      res.locals.cspNonce ??= randomBytes(16).toString("base64");
      res.setHeader("Permissions-Policy", "microphone=(self), camera=(), geolocation=(), payment=()");
      next();
    },
    helmet({
      // Vite's dev server injects inline scripts of its own; the policy holds in production.
      contentSecurityPolicy: dev
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:"],
              mediaSrc: ["'self'", "blob:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              frameSrc: ["'self'", () => frameSources().join(" ")],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              ...(https ? { upgradeInsecureRequests: [] } : {}),
            },
          },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  ];
}

/** The methods the site answers: pages and media are read with GET and HEAD, forms post. */
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** A host name or an IP literal, with an optional port. */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The request's URL as React Router is given it; null when no URL can be made of the request:
 * a target that is not a path (absolute-form, "*"), an empty or malformed host (also a forwarded
 * one, behind a trusted proxy), a port out of range, a protocol other than http(s). */
export function requestUrl(req: express.Request): URL | null {
  if (!req.originalUrl.startsWith("/") || !/^https?$/.test(req.protocol)) return null;
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  try {
    let url: URL | null = null;
    for (const host of [req.get("host") ?? "", ...(forwarded ? [forwarded] : [])]) {
      if (!HOST.test(host)) return null;
      url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
    }
    return url;
  } catch {
    return null;
  }
}

/** Refuses up front what the app cannot answer, with a short answer, instead of letting it fail
 * deep inside the router with a 500: another method (TRACE cannot even be made into a fetch
 * Request), or a request no URL can be made of (requestUrl). */
function wellFormedRequests(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.setHeader("Allow", "GET, HEAD, POST");
      res.status(405).type("text/plain; charset=utf-8").send("Mètode no permès");
      return;
    }
    const url = requestUrl(req);
    if (!url) {
      res.status(400).type("text/plain; charset=utf-8").send("Petició no vàlida");
      return;
    }
    res.locals.url = url;
    next();
  };
}

/** With the SameSite=Lax cookie, refuses a cross-site form post or fetch (CSRF). */
function sameOriginMutations(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    // No Origin header: not a browser form or fetch (browsers send it on every POST).
    if (origin === undefined || sameHost(origin, req.get("host"))) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Petició d'un altre origen refusada.");
  };
}

function sameHost(origin: string, host: string | undefined) {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function requestLog(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log("info", "request", {
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    next();
  };
}

/** /media/<key>: stored files with Range, ETag and immutable caching; /media/<key>?w=800 is a
 * WebP variant of a stored image from the image service. Keys are ours, so anything that is not
 * one (dots, encoded slashes, traversal) is simply not found. */
function mediaRoutes(uploadsDir: string, cacheDir: string): express.Router {
  const router = express.Router();
  const images = createImageVariants(uploadsDir, cacheDir);
  const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false, dotfiles: "deny", fallthrough: true } as const;
  const notFound: RequestHandler = (_req, res) => {
    res.status(404).type("text/plain; charset=utf-8").send("No trobat");
  };
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain; charset=utf-8").send("Mètode no permès");
      return;
    }
    if (!isValidKey(req.path.slice(1))) return notFound(req, res, next);
    // A stored file opened on its own is never a page: no scripts, no plugins.
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    next();
  });
  router.use(async (req, res, next) => {
    if (req.query.w === undefined) return next();
    const width = Number(req.query.w);
    if (typeof req.query.w !== "string" || !isImageWidth(width) || !isResizable(req.path.slice(1))) return notFound(req, res, next);
    try {
      const variant = await images.served(req.path.slice(1), width);
      if (!variant) return notFound(req, res, next);
      // The visitor left while the variant was made (it is kept for the next one): nobody to answer.
      if (req.socket.destroyed) return void log("info", "request aborted by the client", { path: req.originalUrl.split("?")[0] });
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("ETag", variant.etag);
      if (req.fresh) return void res.status(304).end();
      res.setHeader("Content-Length", String(variant.body.length));
      res.end(req.method === "HEAD" ? undefined : variant.body);
    } catch (err) {
      next(err);
    }
  });
  router.use(express.static(uploadsDir, immutable));
  router.use(notFound);
  return router;
}

/** Build assets with a precompressed copy (scripts/precompress.js): the Brotli or gzip file is
 * sent as it is, with the original's type. Anything else falls through to express.static. */
function precompressedAssets(assetsDir: string): RequestHandler {
  const types: Record<string, string> = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = types[path.extname(name)];
    if (!type || !/^[\w.-]+$/.test(name)) return next();
    // Brotli whenever the browser takes it (browsers list gzip first, but br is smaller).
    const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const file = path.join(assetsDir, `${name}.${encoding === "br" ? "br" : "gz"}`);
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(file, { immutable: true, maxAge: "1y" }, (err) => {
      if (!err) return;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}

export interface AppOptions {
  vite?: ViteDevServer;
  /** build/client, for the production static files. */
  clientDir?: string;
}

export function createApp(runtime: Runtime, { vite, clientDir }: AppOptions = {}) {
  const { env, database, storage, uploadsDir } = runtime;
  const frameSources = createFrameSources(database.db);
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits, sign-in throttling) comes from X-Forwarded-For.
  if (env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  const instanceId = randomBytes(8).toString("hex");
  const pageCache = createPageCache({
    // The embed addresses are site settings: whatever clears the pages (a write here, or one on
    // another instance) may have changed them, so the CSP's frame-src is read again at once.
    onClear: frameSources.changed,
    notify:
      database.notify &&
      (() => void database.notify!(PAGE_CACHE_CHANNEL, instanceId).catch((err) => log("error", "cache notify failed", errorFields(err)))),
  });
  database.listen?.(PAGE_CACHE_CHANNEL, (from) => {
    if (from !== instanceId) pageCache.invalidateLocal();
  });

  app.use(requestLog());
  app.use(wellFormedRequests());
  app.use(pageCache.lookup());
  app.use(frameSources.waitForChange());
  app.use(securityHeaders(env, Boolean(vite), frameSources.current));
  app.use(sameOriginMutations());
  app.use(signInGate());
  app.use(pageCache.invalidateOnWrites());
  app.use(pageCache.serve());
  app.use(
    compression({
      // Media is already compressed, and compressing would break byte ranges.
      filter: (req, res) => !req.path.startsWith("/media/") && compression.filter(req, res),
    }),
  );

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (err) {
      log("error", "health check failed", errorFields(err));
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.use("/media", mediaRoutes(uploadsDir, path.join(env.DATA_DIR, "cache", "images")));

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : // Bundled together with this file by the SSR build.
      () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;

  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    clientKey: clientKeyFor(req.ip ?? req.socket.remoteAddress, runtime.sessionSecret),
    db: database.db,
    storage,
    env,
    cspNonce: res.locals.cspNonce as string,
    sessionSecret: runtime.sessionSecret,
  });
  const streamingHandler = createRequestHandler({
    build,
    mode: vite ? "development" : "production",
    getLoadContext: (req, res) => loadContext(req, res),
  });
  const routerHandler = createRouterHandler(build, vite ? "development" : "production");

  app.all("/{*path}", async (req, res, next) => {
    // Pages for an admin or from the back office are never kept, here or by a CDN.
    if (!isCacheable(req)) {
      res.setHeader("Cache-Control", "private, no-store");
      return streamingHandler(req, res, next);
    }
    if (vite) return streamingHandler(req, res, next);
    try {
      const renderedAt = pageCache.generation();
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      // A HEAD is rendered as a GET so that the page can be kept for the next visitor; the page is
      // rendered for its address without the parameters it does not read (page-cache.ts).
      const key = res.locals.pageKey as string;
      const request = new Request(new URL(key, res.locals.url as URL), {
        method: "GET",
        headers,
      });
      // The whole page, deferred parts included, is read inside the render state, so that a public
      // read failing anywhere in it keeps the page (showing a default) out of every cache.
      const {
        result: { response, body },
        state,
      } = await withRenderState(async () => {
        const response = await routerHandler(request, loadContext(req, res));
        return { response, body: Buffer.from(await response.arrayBuffer()) };
      });
      if (state.degraded) res.setHeader("Cache-Control", "no-store");
      const keep = (response.status === 200 || response.status === 404) && !response.headers.has("set-cookie") && !state.degraded;
      const page = keep
        ? pageCache.store(key, renderedAt, {
            status: response.status,
            headers: [...response.headers].filter(([name]) => !/^(content-length|content-encoding|cache-control|etag|vary)$/i.test(name)),
            nonce: res.locals.cspNonce as string,
            identity: body,
          })
        : null;
      res.setHeader("X-Cache", "MISS");
      if (page) return sendPage(req, res, page);
      res.status(response.status);
      for (const [name, value] of response.headers) if (name !== "content-length") res.append(name, value);
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (err) {
      next(err);
    }
  });

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    if (res.headersSent) return res.destroy();
    // The client went away (a closed tab, a load generator stopping): nobody to answer, no fault here.
    if ((err as { code?: unknown }).code === "ECONNABORTED" || req.socket.destroyed) {
      log("info", "request aborted by the client", { path: req.originalUrl.split("?")[0] });
      return res.destroy();
    }
    // Errors that carry a client status (a bad range, a malformed URL) are answered with it.
    const status = Number((err as { status?: unknown }).status);
    if (status >= 400 && status < 500) {
      res
        .status(status)
        .type("text/plain; charset=utf-8")
        .send(status === 404 ? "No trobat" : "Petició no vàlida");
      return;
    }
    log("error", "unhandled request error", { path: req.originalUrl.split("?")[0], ...errorFields(err) });
    res.status(500).type("text/plain; charset=utf-8").send("Hi ha hagut un error inesperat.");
  };
  app.use(onError);
  return app;
}

/** Starts the site; resolves with the listening server. Stops gracefully on SIGTERM/SIGINT. */
export async function startServer(options: AppOptions = {}): Promise<Server | undefined> {
  let env: Env;
  let runtime: Runtime;
  try {
    env = parseEnv();
    runtime = await openRuntime(env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      process.stderr.write(`\n${err.message}\n\n`);
      process.exitCode = 1;
      return undefined;
    }
    throw err;
  }

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await ensureAdmin(runtime.database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (result === "created") log("info", "admin account created", { email: env.ADMIN_EMAIL });
  }

  if (!options.vite && !process.env.PUBLIC_URL?.trim()) {
    log("warn", "PUBLIC_URL is not set: canonical links, Open Graph tags, robots.txt and the sitemap name this address", {
      publicUrl: env.PUBLIC_URL,
    });
  }

  const app = createApp(runtime, options);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log("info", "listening", {
    url: `http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${port}`,
    database: runtime.database.kind,
    dataDir: env.DATA_DIR,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    // Finish in-flight requests, then close the database and release the lock.
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(async () => {
      try {
        await options.vite?.close();
        await closeRuntime(runtime);
        log("info", "stopped");
      } catch (err) {
        log("error", "error while stopping", errorFields(err));
        process.exitCode = 1;
      }
      process.exit();
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
