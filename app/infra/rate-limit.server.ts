import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import { RateLimiterDrizzle, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { rateLimits, type loginRateLimits } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";

/** The eight 16-bit groups of an IPv6 address (a zone, `%eth0`, left out; a dotted IPv4 tail read
 * as two groups), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.replace(/%.*$/, "");
  if (isIP(plain) !== 6) return null;
  let text = plain;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(rest);
  const groups = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : null;
}

/**
 * The client a request counts as, for every per-client limit (sign-in, second factor, public
 * writes, reports, uploads, invitations, the sign-in gate): an IPv4 address as it is; an IPv6
 * address by its /64, the block one subscriber or one server is given, so that the 2^64 addresses
 * of one network count as one client (issue 29). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`,
 * what a dual-stack socket reports) is its IPv4 address. Anything else is taken as it is.
 */
export function clientGroup(address: string | undefined): string {
  if (!address) return "unknown";
  if (isIP(address) === 4) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** A client's address is never stored: limits are keyed by a keyed hash of its group (clientGroup). */
export function clientKeyFor(address: string | undefined, secret: string): string {
  return createHmac("sha256", `client-key:${secret}`).update(clientGroup(address)).digest("base64url").slice(0, 32);
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

export type WriteKind = "newsletter" | "map-comment" | "reflection" | "testimonial" | "report" | "accessibility-request" | "rights-request";

/** Per client and kind of write: a person never needs more; a script soon hits it. */
export const RATE_LIMIT = { points: 30, duration: 15 * 60 } as const;

/** A testimonial brings up to 5 MB of audio: fewer per client, over an hour (a class recording from
 * one school's network still fits; a script filling the disk does not). */
export const TESTIMONIAL_RATE_LIMIT = { points: 10, duration: 60 * 60 } as const;

/** An accessibility request (and a rights request, decision 072) sends an e-mail to the address typed in: fewer per client, over
 * an hour (a person sends one or two; a script cannot fill a stranger's mailbox from the form). */
export const ACCESSIBILITY_REQUEST_RATE_LIMIT = { points: 10, duration: 60 * 60 } as const;

/** Counts one write; false when this client is over the limit. */
export async function allowWrite(context: Pick<AppContext, "db" | "clientKey">, kind: WriteKind): Promise<boolean> {
  const limit =
    kind === "testimonial"
      ? TESTIMONIAL_RATE_LIMIT
      : kind === "accessibility-request" || kind === "rights-request"
        ? ACCESSIBILITY_REQUEST_RATE_LIMIT
        : RATE_LIMIT;
  const limiter = databaseLimiter(context.db, rateLimits, { keyPrefix: `write-${kind}`, ...limit });
  try {
    await limiter.consume(context.clientKey);
    return true;
  } catch (err) {
    if (err instanceof RateLimiterRes) return false;
    throw err;
  }
}
