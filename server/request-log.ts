import type { ErrorRequestHandler, RequestHandler } from "express";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/unavailable.server";
import { errorFields, log, logRepeated } from "~/infra/log.server";
import { sendErrorAnswer } from "./error-page";

/** The log line of an answered request; `start` is process.hrtime.bigint() when it came. */
export function logRequest(method: string | undefined, url: string, status: number, start: bigint) {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  log("info", "request", { method, path: url.split("?")[0], status, ms: Math.round(ms * 10) / 10 });
}

/** One JSON log line per request, once it has been answered. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => logRequest(req.method, req.originalUrl, res.statusCode, start));
    next();
  };
}

/** The last handler: a short Catalan answer for what went wrong, and a log line for a fault of ours. */
export function errorAnswers(): ErrorRequestHandler {
  return (err, req, res, _next) => {
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
    // The database away (a file's visibility, a session read while PostgreSQL restarts): the site's
    // 503, try again in a moment, as the pages say it (decision 060).
    if (isDatabaseUnavailable(err)) {
      logRepeated("database-unavailable", "warn", "database unavailable: answered 503", { path: req.originalUrl.split("?")[0] });
      return sendErrorAnswer(req, res, 503, { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    log("error", "unhandled request error", { path: req.originalUrl.split("?")[0], ...errorFields(err) });
    // The Catalan page for a browser, a line of Catalan text for anything else.
    sendErrorAnswer(req, res, 500);
  };
}
