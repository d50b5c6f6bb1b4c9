import { createHmac } from "node:crypto";
import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import type { AppContext } from "./app-context";

/** A client's address is never stored: limits are keyed by a keyed hash of it. */
export function clientKeyFor(address: string | undefined, secret: string): string {
  return createHmac("sha256", `client-key:${secret}`)
    .update(address ?? "unknown")
    .digest("base64url")
    .slice(0, 32);
}

export type WriteKind = "newsletter" | "map-comment" | "reflection" | "testimonial";

/** Per client and kind of write: a person never needs more; a script soon hits it. */
export const RATE_LIMIT = { points: 30, duration: 15 * 60 } as const;

// One set of limiters per database: in memory on PGlite (one instance), in PostgreSQL when
// DATABASE_URL is set, so every instance shares the counts.
const limiters = new WeakMap<Db, Map<string, Promise<RateLimiterAbstract>>>();

function limiterFor(context: Pick<AppContext, "db" | "env">, kind: WriteKind): Promise<RateLimiterAbstract> {
  let byKind = limiters.get(context.db);
  if (!byKind) limiters.set(context.db, (byKind = new Map()));
  const pool = (context.db as unknown as { $client?: Pool }).$client;
  const shared = Boolean(context.env.DATABASE_URL && pool);
  const cacheKey = `${kind}:${shared ? "pg" : "memory"}`;
  let limiter = byKind.get(cacheKey);
  if (!limiter) {
    const options = { keyPrefix: `write-${kind}`, ...RATE_LIMIT };
    limiter =
      shared && pool
        ? new Promise<RateLimiterAbstract>((resolve, reject) => {
            const pg: RateLimiterPostgres = new RateLimiterPostgres(
              { ...options, storeClient: pool, storeType: "pool", tableName: "rate_limits", clearExpiredByTimeout: false },
              (err?: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(pg)),
            );
          })
        : Promise.resolve(new RateLimiterMemory(options));
    limiter.catch(() => byKind.delete(cacheKey));
    byKind.set(cacheKey, limiter);
  }
  return limiter;
}

/** Counts one write; false when this client is over the limit. */
export async function allowWrite(context: Pick<AppContext, "db" | "env" | "clientKey">, kind: WriteKind): Promise<boolean> {
  const limiter = await limiterFor(context, kind);
  try {
    await limiter.consume(context.clientKey);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
