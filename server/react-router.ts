import { createRequestHandler } from "@react-router/express";
import type express from "express";
import { createRequestHandler as createRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { clientKeyFor } from "~/lib/rate-limit.server";
import type { Runtime } from "~/lib/runtime.server";
import type { PageRenderers } from "./page-cache";

/** The app's pages from React Router: streamed, or rendered whole for the page cache (not in
 * development, where Vite serves the modules and nothing is kept). */
export function reactRouterPages(runtime: Runtime, vite?: ViteDevServer): PageRenderers {
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : // Bundled together with this file by the SSR build.
      () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
  const mode = vite ? "development" : "production";

  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    clientKey: clientKeyFor(req.ip ?? req.socket.remoteAddress, runtime.sessionSecret),
    db: runtime.database.db,
    storage: runtime.storage,
    env: runtime.env,
    cspNonce: res.locals.cspNonce,
    sessionSecret: runtime.sessionSecret,
    mailer: runtime.mailer,
  });
  const stream = createRequestHandler({ build, mode, getLoadContext: loadContext });
  if (vite) return { stream };
  const routerHandler = createRouterHandler(build, mode);
  return { stream, render: (request, req, res) => routerHandler(request, loadContext(req, res)) };
}
