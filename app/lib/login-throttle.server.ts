import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { AppContext } from "./app-context";

// Brute-force protection for the sign-in: failed attempts are counted per account (the
// e-mail, whether or not it has an account, so the answer tells nothing) and per client.
// Keys are SHA-256 hashes: no raw e-mail or IP address is stored. In memory by default;
// in PostgreSQL when DATABASE_URL is set, so every instance shares the counts.

export const ACCOUNT_LIMIT = { points: 5, duration: 15 * 60, blockDuration: 15 * 60 };
export const CLIENT_LIMIT = { points: 20, duration: 15 * 60, blockDuration: 15 * 60 };

export function throttledMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Massa intents fallits. Per seguretat, torna-ho a provar d'aquí a ${minutes} ${minutes === 1 ? "minut" : "minuts"}.`;
}

interface Limiters {
  account: RateLimiterAbstract;
  client: RateLimiterAbstract;
}

const byUrl = new Map<string, Limiters>();
let memory: Limiters | undefined;

function limiters(context: Pick<AppContext, "env">): Limiters {
  const url = context.env.DATABASE_URL;
  if (!url) {
    memory ??= {
      account: new RateLimiterMemory({ keyPrefix: "login_account", ...ACCOUNT_LIMIT }),
      client: new RateLimiterMemory({ keyPrefix: "login_client", ...CLIENT_LIMIT }),
    };
    return memory;
  }
  let found = byUrl.get(url);
  if (!found) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on("error", () => {});
    const common = { storeClient: pool, storeType: "pool", tableName: "login_rate_limits" } as const;
    found = {
      account: new RateLimiterPostgres({ ...common, keyPrefix: "login_account", ...ACCOUNT_LIMIT }),
      client: new RateLimiterPostgres({ ...common, keyPrefix: "login_client", ...CLIENT_LIMIT }),
    };
    byUrl.set(url, found);
  }
  return found;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");
export const accountKey = (email: string) => hash(`account:${email.trim().toLowerCase()}`);
export const clientKey = (clientKeyHash: string | undefined) => hash(`client:${clientKeyHash ?? "unknown"}`);

/** Seconds to wait when the account or the client is blocked; 0 when sign-in may be tried. */
export async function throttledFor(context: Pick<AppContext, "env">, email: string, clientKeyHash: string | undefined): Promise<number> {
  const l = limiters(context);
  const [a, c] = await Promise.all([
    l.account.get(accountKey(email)).catch(() => null),
    l.client.get(clientKey(clientKeyHash)).catch(() => null),
  ]);
  const wait = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? res.msBeforeNext : 0);
  return Math.ceil(Math.max(wait(a, ACCOUNT_LIMIT.points), wait(c, CLIENT_LIMIT.points)) / 1000);
}

/** Counts a failed attempt. */
export async function recordFailure(context: Pick<AppContext, "env">, email: string, clientKeyHash: string | undefined) {
  const l = limiters(context);
  await Promise.all([
    // consume() rejects once over the limit, which is what blocks: nothing to handle here.
    l.account.consume(accountKey(email)).catch(() => {}),
    l.client.consume(clientKey(clientKeyHash)).catch(() => {}),
  ]);
}

/** A successful sign-in clears the account's count (the client's stays). */
export async function recordSuccess(context: Pick<AppContext, "env">, email: string) {
  await limiters(context)
    .account.delete(accountKey(email))
    .catch(() => {});
}
