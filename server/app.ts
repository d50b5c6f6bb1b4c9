import "~/infra/app-context.server";
import compression from "compression";
import type { IncomingMessage, RequestListener } from "node:http";
import express from "express";
import proxyaddr from "proxy-addr";
import { dataPaths } from "~/infra/data-paths.server";
import { trustProxySetting } from "~/infra/env.server";
import { adminSessionFromCookie } from "~/infra/session.server";
import { signInGate } from "~/infra/login-throttle.server";
import { createImageVariants } from "~/infra/images.server";
import { concernsFiles, createMediaVisibility } from "~/infra/media-access.server";
import type { Runtime } from "./runtime";
import { worthCompressing } from "./compress";
import { createFrameSources } from "./frame-sources";
import { sameOriginMutations, securityHeaders, wellFormedRequests } from "./guards";
import { health } from "./health";
import { createKeptFiles, mediaRoutes } from "./media";
import { createMeasurement } from "./measure";
import { createPageCache } from "./page-cache";
import { reactRouterPages } from "./react-router";
import { errorAnswers, requestLog } from "./request-log";
import { startServer as start, type AppOptions } from "./start";
import { clientFiles, staticAssets } from "./static-assets";

/** The site, in the order a request meets its parts. */
export function createApp(runtime: Runtime, { vite, clientDir }: AppOptions = {}) {
  const { env, database, storage } = runtime;
  const frameSources = createFrameSources(database.db);
  const mediaVisibility = createMediaVisibility(database.db);
  const keptMedia = createKeptFiles();
  // The build's files (the favicon, the pictures, the scripts) are files, whatever the page cache
  // holds: it leaves their addresses alone, and they are served before it (issue 27, item 1).
  const isFile = !vite && clientDir ? clientFiles(clientDir) : () => false;
  // The embed addresses are site settings, and which files are public follows the content: a change
  // named here or on another instance (decision 026) is read again at once for the CSP's frame-src,
  // every file's visibility is looked up again,
  // and the small files kept in memory are read again.
  const pageCache = createPageCache({
    database,
    // The security headers are made of these (the CSP's frame and tile sources): a kept page is
    // sent in front of Express with the headers it was sent with while they stay the same.
    isFile,
    headerInputs: () => (frameSources.pending() ? null : [frameSources.current(), frameSources.tiles()]),
    onChange: (tags) => {
      frameSources.follow(tags);
      if (!concernsFiles(tags)) return;
      mediaVisibility.changed();
      keptMedia.forget();
    },
  });
  const mediaAccess = {
    isPublic: mediaVisibility.isPublic,
    staffSession: (req: express.Request) =>
      adminSessionFromCookie(req.get("cookie"), { db: database.db, env, sessionSecret: runtime.sessionSecret }),
  };

  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits, sign-in throttling) comes from X-Forwarded-For.
  if (env.TRUST_PROXY) app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  app.use(requestLog());
  app.use(wellFormedRequests());
  app.use(frameSources.waitForChange());
  app.use(securityHeaders(env, Boolean(vite), frameSources.current, frameSources.tiles));
  app.use(sameOriginMutations(env.PUBLIC_ORIGIN));
  app.use(compression({ filter: worthCompressing }));
  if (vite) app.use(vite.middlewares);
  else if (clientDir) app.use(staticAssets(clientDir, isFile));
  // (A kept page is sent already compressed: compression leaves it as it is.)
  app.use(pageCache.serve());
  app.get("/healthz", health(database));
  app.use("/media", mediaRoutes(storage, createImageVariants(storage, dataPaths(env.DATA_DIR).imageCache), mediaAccess, keptMedia));
  const pages = reactRouterPages(runtime, vite);
  app.all("/{*path}", pageCache.render(pages));
  app.use(errorAnswers());
  // A burst of sign-ins is refused in front of Express, before it costs a render, a database round
  // trip or even Express's routing: each refusal is a few bytes (decisions 022 and 042).
  const addressOf = (req: IncomingMessage) => proxyaddr(req, app.get("trust proxy fn") as (addr: string, i: number) => boolean);
  const gate = signInGate(addressOf);
  // A kept page is sent in front of Express too, as Express sent it last (decision 043).
  const front = pageCache.front();
  // Page views, counted without cookies whoever answers the page (issue 34, decision 066).
  const measurement = createMeasurement({
    db: database.db,
    routeOf: () => pages.route,
    addressOf,
    ownHosts: [new URL(env.PUBLIC_URL).hostname],
  });
  runtime.onClose?.(() => measurement.stop());
  const site: RequestListener = (req, res) => {
    measurement.observe(req, res);
    gate(req, res, () => front(req, res, () => app(req, res)));
  };
  return site;
}

/** Starts the site (server.js); resolves with the listening server. */
export const startServer = (options: AppOptions = {}) => start(createApp, options);
