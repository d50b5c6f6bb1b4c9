import "~/lib/app-context";
import compression from "compression";
import express from "express";
import { dataPaths } from "~/lib/data-paths.server";
import { trustProxySetting } from "~/lib/env.server";
import { createImageVariants } from "~/lib/images.server";
import type { Runtime } from "~/lib/runtime.server";
import { createFrameSources } from "./frame-sources";
import { sameOriginMutations, securityHeaders, wellFormedRequests } from "./guards";
import { health } from "./health";
import { mediaRoutes } from "./media";
import { createPageCache } from "./page-cache";
import { reactRouterPages } from "./react-router";
import { errorAnswers, requestLog } from "./request-log";
import { startServer as start, type AppOptions } from "./start";
import { staticAssets } from "./static-assets";

/** The site, in the order a request meets its parts. */
export function createApp(runtime: Runtime, { vite, clientDir }: AppOptions = {}) {
  const { env, database, storage } = runtime;
  const frameSources = createFrameSources(database.db);
  // The embed addresses are site settings: whatever clears the pages (a write here, or one on
  // another instance) may have changed them, so the CSP's frame-src is read again at once.
  const pageCache = createPageCache({ database, onClear: frameSources.changed });

  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits, sign-in throttling) comes from X-Forwarded-For.
  if (env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  app.use(requestLog());
  app.use(wellFormedRequests());
  app.use(pageCache.lookup());
  app.use(frameSources.waitForChange());
  app.use(securityHeaders(env, Boolean(vite), frameSources.current));
  app.use(sameOriginMutations());
  app.use(pageCache.serve());
  app.use(
    compression({
      // Media is already compressed, and compressing would break byte ranges.
      filter: (req, res) => !req.path.startsWith("/media/") && compression.filter(req, res),
    }),
  );
  app.get("/healthz", health(database));
  app.use("/media", mediaRoutes(storage, createImageVariants(storage, dataPaths(env.DATA_DIR).imageCache)));
  if (vite) app.use(vite.middlewares);
  else if (clientDir) app.use(staticAssets(clientDir));
  app.all("/{*path}", pageCache.render(reactRouterPages(runtime, vite)));
  app.use(errorAnswers());
  return app;
}

/** Starts the site (server.js); resolves with the listening server. */
export const startServer = (options: AppOptions = {}) => start(createApp, options);
