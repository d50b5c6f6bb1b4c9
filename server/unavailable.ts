import type { RequestListener } from "node:http";
import { RETRY_AFTER_SECONDS } from "~/db/unavailable.server";
import { sendErrorAnswer } from "./error-page";
import { logRequest } from "./request-log";

/** The site's listener, and a switch that makes it answer every request that still comes (on a
 * kept-alive connection) with the Catalan 503 page while the server stops: a deploy or a restart
 * shows people the site's own words, and tells their browser to close the connection and try
 * again shortly. */
export function drainable(site: RequestListener) {
  let draining = false;
  const listener: RequestListener = (req, res) => {
    if (!draining) return site(req, res);
    const start = process.hrtime.bigint();
    res.once("finish", () => logRequest(req.method, req.url ?? "", res.statusCode, start));
    sendErrorAnswer(req, res, 503, { "Retry-After": String(RETRY_AFTER_SECONDS), Connection: "close" });
  };
  return {
    listener,
    drain() {
      draining = true;
    },
  };
}
