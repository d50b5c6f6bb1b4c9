import { createHmac } from "node:crypto";
import { RateLimiterDrizzle, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { rateLimits, type loginRateLimits } from "~/db/schema";
import type { AppContext } from "~/lib/app-context";
import { clientAddressGroup } from "./client-address.server";

/** A client's address is never stored: limits are keyed by a keyed hash of it. An IPv6 client is
 * its /64 (clientAddressGroup), so one network does not count as countless clients. */
export function clientKeyFor(address: string | undefined, secret: string): string {
  return createHmac("sha256", `client-key:${secret}`).update(clientAddressGroup(address)).digest("base64url").slice(0, 32);
}

type LimiterOptions = Omit<ConstructorParameters<typeof RateLimiterDrizzle>[0], "storeClient" | "schema">;

// Counts live in the database, PGlite or PostgreSQL alike, in the tables the migrations create:
// every consume is one `insert … on conflict do update … returning`, atomic however many requests
// (and instances) count at once. One limiter per database, table and key prefix.
const limiters = new WeakMap<Db, Map<string, RateLimiterAbstract>>();

export function databaseLimiter(db: Db, table: typeof rateLimits | typeof loginRateLimits, options: LimiterOptions): RateLimiterAbstract {
  let byPrefix = limiters.get(db);
  if (!byPrefix) limiters.set(db, (byPrefix = new Map()));
  const cacheKey = `${table === rateLimits ? "rate_limits" : "login_rate_limits"}:${options.keyPrefix}`;
  let limiter = byPrefix.get(cacheKey);
  if (!limiter) byPrefix.set(cacheKey, (limiter = new RateLimiterDrizzle({ ...options, storeClient: db, schema: table })));
  return limiter;
}

export type WriteKind = "newsletter" | "map-comment" | "reflection" | "testimonial" | "report";

/** Per client and kind of write: a person never needs more; a script soon hits it. */
export const RATE_LIMIT = { points: 30, duration: 15 * 60 } as const;

/** A testimonial brings up to 5 MB of audio: fewer per client, over an hour (a class recording from
 * one school's network still fits; a script filling the disk does not). */
export const TESTIMONIAL_RATE_LIMIT = { points: 10, duration: 60 * 60 } as const;

/** Counts one write; false when this client is over the limit. */
export async function allowWrite(context: Pick<AppContext, "db" | "clientKey">, kind: WriteKind): Promise<boolean> {
  const limit = kind === "testimonial" ? TESTIMONIAL_RATE_LIMIT : RATE_LIMIT;
  const limiter = databaseLimiter(context.db, rateLimits, { keyPrefix: `write-${kind}`, ...limit });
  try {
    await limiter.consume(context.clientKey);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
