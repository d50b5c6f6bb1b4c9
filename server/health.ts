import type { RequestHandler } from "express";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/infra/log.server";

/** /healthz: 200 while the database answers, 503 otherwise; never cached. */
export function health(database: Database): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (err) {
      log("error", "health check failed", errorFields(err));
      res.status(503).json({ status: "unavailable" });
    }
  };
}
