import { randomBytes } from "node:crypto";
import type express from "express";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Env } from "~/infra/env.server";
import { logRepeated } from "~/infra/log.server";
import { normalisedPath } from "~/domain/request-path";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The request's URL, set by wellFormedRequests for every request that goes further. */
      url: URL;
      /** This response's CSP nonce: new for each render, or the one a cached page was rendered with. */
      cspNonce: string;
    }
  }
}

/** The methods the site answers: pages and media are read with GET and HEAD, forms post. */
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** A host name or an IP literal, with an optional port. */
export const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

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
 * Request), or a request no URL can be made of (requestUrl). A path that cannot be read one way
 * only (an encoded slash, a path encoded twice, a malformed escape: normalisedPath) is refused
 * too: the router, the roles and the sign-in gate must all read the same path (decision 052). */
export function wellFormedRequests(): RequestHandler {
  return (req, res, next) => {
    if (!METHODS.has(req.method)) {
      res.setHeader("Allow", "GET, HEAD, POST");
      res.status(405).type("text/plain; charset=utf-8").send("Mètode no permès");
      return;
    }
    const url = requestUrl(req);
    if (!url || normalisedPath(url.pathname) === null) {
      logRepeated("malformed-request", "warn", "request refused: no URL can be made of it", { target: req.originalUrl.slice(0, 200) });
      res.status(400).type("text/plain; charset=utf-8").send("Petició no vàlida");
      return;
    }
    // A form posted to the site's root: React Router gives it to the root route itself (the home
    // page is the root's index), which takes none, and whose error page is shown without the
    // page's words (the root's data is not read for it). No page takes it: refused here.
    if (req.method === "POST" && url.pathname === "/" && !url.searchParams.has("index")) {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain; charset=utf-8").send("Mètode no permès");
      return;
    }
    res.locals.url = url;
    next();
  };
}

/** With the SameSite=Lax cookie, refuses a cross-site form post or fetch (CSRF): the whole origin
 * (scheme, host and port) must be the site's, PUBLIC_URL's when it is given (behind a proxy, the
 * address people use), otherwise the request's own. Refusals are logged as one line a minute. */
export function sameOriginMutations(publicOrigin?: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    // No Origin header: not a browser form or fetch (browsers send it on every POST).
    if (origin === undefined || originOf(origin) === (publicOrigin ?? res.locals.url.origin)) return next();
    logRepeated("cross-origin", "warn", "cross-origin request refused", { path: req.path.slice(0, 200), origin: origin.slice(0, 200) });
    res.status(403).type("text/plain; charset=utf-8").send("Petició d'un altre origen refusada.");
  };
}

/** The origin of an Origin header (as a browser writes it), or null ("null", or not a URL). */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** A CSP nonce: 16 random bytes, base64. Taken from a pool filled 512 at a time: one call to the
 * system's generator per response cost 5 % of a cached page's CPU (the bench's profile). */
export const cspNonce = (() => {
  const SIZE = 16;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + SIZE > pool.length) {
      pool = randomBytes(SIZE * 512);
      offset = 0;
    }
    offset += SIZE;
    return pool.toString("base64", offset - SIZE, offset);
  };
})();

/** The CSP with this response's nonce, HSTS behind HTTPS, and the other security headers. */
export function securityHeaders(
  env: Env,
  dev: boolean,
  frameSources: () => string[],
  tileSources: () => string[] = () => [],
): RequestHandler[] {
  const https = env.PUBLIC_URL.startsWith("https://");
  return [
    (_req, res, next) => {
      // A cached page brings the nonce it was rendered with (page-cache.ts).
      res.locals.cspNonce ??= cspNonce();
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
              imgSrc: ["'self'", "data:", "blob:", () => tileSources().join(" ")],
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
