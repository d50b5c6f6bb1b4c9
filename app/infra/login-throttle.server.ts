import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RateLimiterRes } from "rate-limiter-flexible";
import { loginRateLimits } from "~/db/schema";
import type { AppContext } from "~/infra/app-context.server";
import { log, logRepeated } from "~/infra/log.server";
import { HASHING } from "~/infra/password.server";
import { clientGroup, databaseLimiter } from "~/infra/rate-limit.server";
import { targetPath } from "~/domain/request-path";

// Brute-force protection for the sign-in (decision 022). Every attempt is counted before its
// password is checked, atomically in the database, so no number of concurrent requests or
// instances buys an extra guess. Blocking is per (account, client) pair and per client, so nobody
// can lock the staff out from elsewhere; an account tried from many clients is slowed down and
// reported, never blocked. Keys are SHA-256 hashes: no raw e-mail or address is stored.

/** Guesses one client may make at one account (the e-mail, whether or not it has an account). */
export const PAIR_LIMIT = { points: 5, duration: 15 * 60, blockDuration: 15 * 60 };
/** Guesses one client may make at all accounts together. */
export const CLIENT_LIMIT = { points: 20, duration: 15 * 60, blockDuration: 15 * 60 };
/** Guesses at one account from all clients before each further one waits ACCOUNT_DELAY_MS. */
export const ACCOUNT_BUDGET = { points: 50, duration: 15 * 60 };
export const ACCOUNT_DELAY_MS = 2000;

export function throttledMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Massa intents fallits. Per seguretat, torna-ho a provar d'aquí a ${minutes} ${minutes === 1 ? "minut" : "minuts"}.`;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function keys(email: string, clientKey: string) {
  const account = hash(`account:${email.trim().toLowerCase()}`);
  const client = hash(`client:${clientKey}`);
  return { account, client, pair: hash(`pair:${account}:${client}`) };
}

function limiters(context: Pick<AppContext, "db">) {
  return {
    pair: databaseLimiter(context.db, loginRateLimits, { keyPrefix: "login_pair", ...PAIR_LIMIT }),
    client: databaseLimiter(context.db, loginRateLimits, { keyPrefix: "login_client", ...CLIENT_LIMIT }),
    account: databaseLimiter(context.db, loginRateLimits, { keyPrefix: "login_account", ...ACCOUNT_BUDGET }),
  };
}

/** A consume that answers with the limiter's result whether or not it was over the limit. */
const consume = (limiter: ReturnType<typeof limiters>["pair"], key: string) =>
  limiter.consume(key).then(
    (res) => ({ over: false, res }),
    (err: unknown) => {
      if (err instanceof RateLimiterRes) return { over: true, res: err };
      throw err;
    },
  );

export type Attempt = { refused: true; retryAfter: number } | { refused: false; delayMs: number };

/** Counts one sign-in attempt, before its password is checked. Refused (with the seconds to wait)
 * when the pair or the client is over its limit; otherwise it may go on, after delayMs. */
export async function countAttempt(context: Pick<AppContext, "db" | "clientKey">, email: string): Promise<Attempt> {
  const k = keys(email, context.clientKey);
  const l = limiters(context);
  const [pair, client, account] = await Promise.all([consume(l.pair, k.pair), consume(l.client, k.client), consume(l.account, k.account)]);
  if (pair.over || client.over) {
    const ms = Math.max(pair.over ? pair.res.msBeforeNext : 0, client.over ? client.res.msBeforeNext : 0);
    return { refused: true, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
  }
  if (!account.over) return { refused: false, delayMs: 0 };
  // Reported once per window, when the budget is first passed (the audit log will take this over).
  if (account.res.consumedPoints === ACCOUNT_BUDGET.points + 1)
    log("warn", "sign-in: an account is being tried from many clients; its attempts are slowed down", {
      account: k.account.slice(0, 16),
      attempts: account.res.consumedPoints,
      windowSeconds: ACCOUNT_BUDGET.duration,
    });
  return { refused: false, delayMs: ACCOUNT_DELAY_MS };
}

/** The attempt made no guess after all (the password was not checked): its points are given back. */
export async function refundAttempt(context: Pick<AppContext, "db" | "clientKey">, email: string) {
  const k = keys(email, context.clientKey);
  const l = limiters(context);
  await Promise.all([l.pair.reward(k.pair, 1), l.client.reward(k.client, 1), l.account.reward(k.account, 1)]);
}

/** The right password: the attempt is given back and the pair's failures are forgotten. */
export async function attemptSucceeded(context: Pick<AppContext, "db" | "clientKey">, email: string) {
  await refundAttempt(context, email);
  await limiters(context).pair.delete(keys(email, context.clientKey).pair);
}

/** Wrong codes of the authenticator app one account may get, from all clients together, before
 * such codes are refused for the account (issue 29): a six-digit code is one guess in a million
 * (three, with the clock-drift window), so a ceiling that many clients cannot multiply is what
 * keeps a stolen password from opening the account. 10 in 15 minutes, and 30 in a day: at that
 * pace a code is found, on average, after some thirty years. */
export const CODE_ACCOUNT_LIMITS = [
  { keyPrefix: "code_account", points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  { keyPrefix: "code_account_day", points: 30, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
] as const;

export type CodeAttempt =
  | { refused: false; delayMs: number }
  /** `account`: the account's own ceiling refused it (whoever asks), not this client's limits.
   * `firstRefusal`: this attempt is the first one past a ceiling in its window: tell the owner. */
  | { refused: true; retryAfter: number; account: boolean; firstRefusal: boolean };

/** A client's attempt (countAttempt) as a CodeAttempt: never the account's ceiling. */
export const asCodeAttempt = (attempt: Attempt): CodeAttempt =>
  attempt.refused ? { ...attempt, account: false, firstRefusal: false } : attempt;

/** Counts one code of the authenticator app for an account, before the code is checked (decision
 * 022): the client's limits as for a password (under `totp:<id>`), and the account's own ceiling
 * (CODE_ACCOUNT_LIMITS), which does not depend on the client. Recovery codes (some 50 bits each)
 * are counted with countAttempt only: they stay the owner's way in while the ceiling holds. */
export async function countCodeAttempt(context: Pick<AppContext, "db" | "clientKey">, userId: string): Promise<CodeAttempt> {
  const key = hash(`code-account:${userId}`);
  const [client, ...account] = await Promise.all([
    countAttempt(context, `totp:${userId}`),
    ...CODE_ACCOUNT_LIMITS.map((limit) => consume(databaseLimiter(context.db, loginRateLimits, limit), key)),
  ]);
  const over = account.filter((a) => a.over);
  if (over.length) {
    const ms = Math.max(...over.map((a) => a.res.msBeforeNext));
    const firstRefusal = account.some((a, i) => a.over && a.res.consumedPoints === CODE_ACCOUNT_LIMITS[i]!.points + 1);
    return { refused: true, retryAfter: Math.max(1, Math.ceil(ms / 1000)), account: true, firstRefusal };
  }
  return asCodeAttempt(client);
}

/** A right code of the authenticator app: its point is given back to every count. */
export async function codeSucceeded(context: Pick<AppContext, "db" | "clientKey">, userId: string) {
  const key = hash(`code-account:${userId}`);
  await Promise.all([
    attemptSucceeded(context, `totp:${userId}`),
    ...CODE_ACCOUNT_LIMITS.map((limit) => databaseLimiter(context.db, loginRateLimits, limit).reward(key, 1)),
  ]);
}

/** Sign-ins being handled by this instance at most: as many as the hashing queue holds. Each one
 * admitted costs a page render, so this also bounds what a burst takes from other requests. */
export const SIGN_IN_IN_FLIGHT = HASHING.running + HASHING.waiting;
/** The posts that hash a password: a sign-in, and accepting an invitation (which sets one). Matched
 * on the path the router matches (targetPath: decoded once, any letter case), so `/admin/%6Cogin`
 * is a sign-in here too (issue 29). */
const SIGN_IN_POST = /^\/admin\/(?:login|invitacio\/[^/]+)(?:\.data)?\/?$/i;

/** Whether a request is one the gate counts: a POST whose path the router takes for a sign-in. */
export const isSignInPost = (method: string | undefined, target: string | undefined) =>
  method === "POST" && SIGN_IN_POST.test(targetPath(target ?? "") ?? "");
let inFlight = 0;

/** Sign-ins one client may start on one instance within a few seconds: more than a person sends
 * (typos included), far fewer than a script. The database still counts the real limits; this only
 * spares the rest of a burst the database and a page render each (decision 024). */
export const SIGN_IN_BURST = { perClient: 10, windowMs: 10_000 };
const recent = new Map<string, { since: number; count: number }>();

/** Whether this client may start another sign-in now; otherwise the seconds until it may. */
function burstAllows(client: string, now = Date.now()): true | number {
  if (recent.size > 10_000) for (const [key, seen] of recent) if (now - seen.since >= SIGN_IN_BURST.windowMs) recent.delete(key);
  const seen = recent.get(client);
  if (!seen || now - seen.since >= SIGN_IN_BURST.windowMs) {
    recent.set(client, { since: now, count: 1 });
    return true;
  }
  if (seen.count < SIGN_IN_BURST.perClient) {
    seen.count++;
    return true;
  }
  return Math.max(1, Math.ceil((seen.since + SIGN_IN_BURST.windowMs - now) / 1000));
}

/** The refusal is a few bytes of text, never cached, never sniffed, never framed. */
const REFUSAL_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/** In front of the whole site, before Express: a sign-in (or an invitation's password) beyond SIGN_IN_IN_FLIGHT, or beyond a
 * client's SIGN_IN_BURST, is refused at once with a few bytes (429, Retry-After), touching neither
 * the database nor the renderer, nor Express's routing and headers. Counting and rendering 200
 * refusals cost a burst's other requests (a /media file, /healthz) seconds; refusing them inside
 * Express still cost them a few hundred milliseconds (decision 042). `clientAddress` is the
 * client's address as Express reads it (req.ip, with its trust-proxy setting). */
export function signInGate(clientAddress: (req: IncomingMessage) => string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!isSignInPost(req.method, req.url)) return next();
    // One client is one address, or one IPv6 /64 (clientGroup), as for every other limit.
    const burst = burstAllows(clientGroup(clientAddress(req)));
    if (inFlight >= SIGN_IN_IN_FLIGHT || burst !== true) {
      const wait = burst === true ? 1 : burst;
      logRepeated("sign-in-refused", "warn", "sign-in refused: too many at once, or too many from one client", { retryAfter: wait });
      const refuse = (close = false) =>
        res
          .writeHead(429, { ...REFUSAL_HEADERS, "Retry-After": String(wait), ...(close ? { Connection: "close" } : {}) })
          .end(throttledMessage(wait));
      // The small form is read (and dropped) first: answering before it arrives resets the
      // connection under the client. A body larger than a sign-in's is not waited for.
      if (Number(req.headers["content-length"] ?? 0) > 16 * 1024) {
        refuse(true);
        return;
      }
      req
        .once("end", () => refuse())
        .once("error", () => res.destroy())
        .resume();
      return;
    }
    inFlight++;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    res.on("finish", release);
    res.on("close", release);
    next();
  };
}
