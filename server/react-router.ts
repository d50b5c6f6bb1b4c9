import { createRequestHandler } from "@react-router/express";
import type express from "express";
import {
  createRequestHandler as createRouterHandler,
  data,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { ViteDevServer } from "vite";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/unavailable.server";
import { translators } from "~/i18n/catalogues.server";
import { logRepeated } from "~/infra/log.server";
import { clientKeyFor } from "~/infra/rate-limit.server";
import type { Runtime } from "./runtime";
import type { PageRenderers, PageRoute, RouteOf } from "./page-cache";

/** The id of the route that answers every address no other route knows (app/routes.ts). */
const NOT_FOUND_ROUTE = "routes/not-found";

/** How many paths' answers notFoundMatcher remembers: every page of the site and its data URL many
 * times over; past it the memory starts again (made-up paths cost a match each, as before). */
export const NOT_FOUND_MEMO_SIZE = 2000;

/** The page a path is of, by the build's own route table (so letter case and encodings match as
 * React Router matches them): the id of the deepest route that matches, and the path as the route
 * table writes it (its segments in their letter case, a parameter's value percent-encoded once);
 * null when no route but the not-found page matches. Asked for every cacheable request
 * (pageAddress), so each path's answer is remembered: React Router's matchRoutes flattens and
 * ranks the whole route table on every call, which cost a cached page most of its time (issue 12).
 * `match` is React Router's own (a test counts its calls). */
export function routeMatcher(build: Pick<ServerBuild, "routes">, match: typeof matchRoutes = matchRoutes): RouteOf {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const children = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) },
      );
  const tree = children(undefined);
  const known = new Map<string, PageRoute | null>();
  const find = (pathname: string): PageRoute | null => {
    const matches = match(tree, pathname);
    const last = matches?.at(-1);
    // The not-found page of each language (routes/not-found, routes/not-found.es, …).
    if (!matches || !last || last.route.id === NOT_FOUND_ROUTE || last.route.id!.startsWith(`${NOT_FOUND_ROUTE}.`)) return null;
    const segments: string[] = [];
    for (const { route, params } of matches) {
      for (const segment of route.path?.split("/") ?? []) {
        if (!segment) continue;
        segments.push(segment.startsWith(":") ? pathSegment(params[segment.slice(1)] ?? "") : segment);
      }
    }
    return { id: last.route.id!, canonical: `/${segments.join("/")}` };
  };
  return (pathname) => {
    let answer = known.get(pathname);
    if (answer === undefined) {
      answer = find(pathname);
      if (known.size >= NOT_FOUND_MEMO_SIZE) known.clear();
      known.set(pathname, answer);
    }
    return answer;
  };
}

/** A parameter's value as a browser writes it in a path: percent-encoded, but for the characters
 * a path segment may hold as they are. */
const pathSegment = (value: string) =>
  encodeURIComponent(value).replace(/%(?:24|26|2B|2C|3A|3B|3D|40)/g, (escaped) => decodeURIComponent(escaped));

/** Whether no route but the not-found page matches a path (routeMatcher). */
export function notFoundMatcher(
  build: Pick<ServerBuild, "routes">,
  match: typeof matchRoutes = matchRoutes,
): (pathname: string) => boolean {
  const route = routeMatcher(build, match);
  return (pathname) => route(pathname) === null;
}

/** What a file (a resource route: an export, a feed) says while the database is away: a page says
 * it through its error page, in its language. */
const UNAVAILABLE_TEXT = `${translators.ca("errors.unavailable.title")}. ${translators.ca("errors.unavailable.text")}`;

/** A loader's or action's error that says the database is away, as the site's 503. Its headers
 * reach a resource route's answer as they are; a page's are set again by entry.server.tsx. */
function databaseAway<A extends unknown[], R>(run: (...args: A) => R) {
  return async (...args: A) => {
    try {
      return await run(...args);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      logRepeated("database-unavailable", "warn", "database unavailable: answered 503", { err: String((err as Error).message) });
      throw data(UNAVAILABLE_TEXT, {
        status: 503,
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  };
}

/** The build, its every loader and action answering the database away (PostgreSQL stopped or
 * restarting, a connection lost: isDatabaseUnavailable) with the site's 503: the error page says
 * the site is not available for now and to try again in a moment, with Retry-After
 * (entry.server.tsx), where it said an unexpected error with a 500 (decision 060). The pool
 * reconnects by itself: the site answers again as soon as the database does. */
export function answeringDatabaseAway<B extends Pick<ServerBuild, "routes">>(build: B): B {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: { ...route.module, ...(loader && { loader: databaseAway(loader) }), ...(action && { action: databaseAway(action) }) },
    };
  }
  return { ...build, routes };
}

/** The app's pages from React Router: streamed, or rendered whole for the page cache (not in
 * development, where Vite serves the modules and nothing is kept). */
export function reactRouterPages(runtime: Runtime, vite?: ViteDevServer): PageRenderers {
  const guarded = new WeakMap<ServerBuild, ServerBuild>();
  const guard = (b: ServerBuild) => guarded.get(b) ?? guarded.set(b, answeringDatabaseAway(b)).get(b)!;
  const build = vite
    ? async () => guard((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild)
    : // Bundled together with this file by the SSR build.
      async () => guard((await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  const mode = vite ? "development" : "production";

  const loadContext = (req: express.Request, cspNonce: string): AppLoadContext => ({
    clientKey: clientKeyFor(req.ip ?? req.socket.remoteAddress, runtime.sessionSecret),
    clientIp: req.ip ?? req.socket.remoteAddress,
    db: runtime.database.db,
    storage: runtime.storage,
    env: runtime.env,
    cspNonce,
    sessionSecret: runtime.sessionSecret,
    mailer: runtime.mailer,
  });
  const stream = createRequestHandler({ build, mode, getLoadContext: (req, res) => loadContext(req, res.locals.cspNonce) });
  if (vite) return { stream };
  const routerHandler = createRouterHandler(build, mode);
  let route: RouteOf | undefined;
  void build().then((b) => (route = routeMatcher(b)));
  return {
    stream,
    // A page for the cache is rendered without a nonce: its policy allows its scripts by hash.
    render: (request, req) => routerHandler(request, loadContext(req, "")),
    // Until the build is read (the first moments), each path is its own page.
    route: (pathname) => (route ? route(pathname) : { id: pathname, canonical: pathname }),
  };
}
