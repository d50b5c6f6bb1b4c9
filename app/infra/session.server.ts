import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { adminUsers, sessions } from "~/db/schema";
import { mayUse, type AdminRole } from "~/domain/roles";
import { ADMIN_SCREENS } from "~/domain/admin-screens";
import { normalisedPath } from "~/domain/request-path";
import type { AppContext } from "~/infra/app-context.server";
import { getSetting } from "~/infra/settings.server";

// The cookie holds a random token (signed); the database holds its SHA-256 hash with an
// expiry, so sessions can be listed and revoked, and a leaked table gives no working cookie.

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding renewal: a session used in its second half gets a fresh full lifetime… */
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;
/** …but never beyond this from its sign-in: a stolen cookie that is kept in use dies all the same. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A session's next expiry: a full sliding lifetime from now, capped by its absolute one. */
const nextExpiry = (createdAt: Date) => new Date(Math.min(Date.now() + SESSION_TTL_MS, createdAt.getTime() + SESSION_MAX_AGE_MS));

/** The session cookie's name; its presence keeps a request out of the page cache (server/page-cache.ts). */
export const SESSION_COOKIE_NAME = "pb_session";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function sessionCookie(context: Pick<AppContext, "env" | "sessionSecret">) {
  return createCookie(SESSION_COOKIE_NAME, {
    secrets: [context.sessionSecret],
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: context.env.PUBLIC_URL.startsWith("https://"),
  });
}

export interface AdminSession {
  user: { id: string; email: string; role: AdminRole; totpEnabled: boolean };
  sessionId: string;
  /** Set-Cookie to send when the session was renewed. */
  renewCookie: string | null;
}

/** The client's browser as sessions and the audit log keep it: its User-Agent, cut short. */
export const userAgentOf = (request?: Request) => request?.headers.get("User-Agent")?.slice(0, 300) ?? null;

export async function createSession(context: AppContext, userId: string, request?: Request): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // The sign-in time on the app's clock (not the database's): the absolute lifetime counts from it.
  const createdAt = new Date();
  const expiresAt = nextExpiry(createdAt);
  await context.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt, userAgent: userAgentOf(request) });
  return sessionCookie(context).serialize(token, { expires: expiresAt });
}

export function getAdminSession(request: Request, context: AppContext): Promise<AdminSession | null> {
  return adminSessionFromCookie(request.headers.get("Cookie"), context);
}

/** The admin session a Cookie header carries (also for /media, outside React Router), or null. */
export async function adminSessionFromCookie(
  header: string | null | undefined,
  context: Pick<AppContext, "db" | "env" | "sessionSecret">,
): Promise<AdminSession | null> {
  const cookie = sessionCookie(context);
  const token: unknown = await cookie.parse(header ?? null);
  if (typeof token !== "string" || token.length < 20) return null;
  const [row] = await context.db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      totpEnabledAt: adminUsers.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        // A disabled account has no sessions (they are deleted); this holds even if one were left.
        isNull(adminUsers.disabledAt),
        gt(sessions.createdAt, new Date(Date.now() - SESSION_MAX_AGE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  let renewCookie: string | null = null;
  const expiresAt = nextExpiry(row.createdAt);
  if (row.expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS && expiresAt > row.expiresAt) {
    await context.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.sessionId));
    renewCookie = await cookie.serialize(token, { expires: expiresAt });
  }
  return {
    user: { id: row.id, email: row.email, role: row.role, totpEnabled: row.totpEnabledAt !== null },
    sessionId: row.sessionId,
    renewCookie,
  };
}

/** The site setting (set at /admin/comptes) that makes the second factor compulsory for every account. */
export const REQUIRE_TOTP_KEY = "require_totp";
export const OWN_ACCOUNT_PATH = ADMIN_SCREENS.account.path;

export const FORBIDDEN = "No tens permís per obrir aquesta pàgina.";

/** The guard at the top of every admin loader and action: the admin, or a redirect to sign in.
 * The request's path, read as the router reads it (decoded once; decision 052), decides what the
 * account's role may use (ADMIN_ACCESS, decision 032): any other is a 403. While the second factor is compulsory and the account has none, every page
 * but the own account's (where it is set up) sends there. */
export async function requireAdmin(request: Request, context: AppContext): Promise<AdminSession> {
  const session = await getAdminSession(request, context);
  const url = new URL(request.url);
  if (!session) {
    const redirectTo = url.pathname + url.search;
    throw redirect(`${ADMIN_SCREENS.login.path}?redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  if (!mayUse(session.user.role, url.pathname))
    throw new Response(FORBIDDEN, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (
    !session.user.totpEnabled &&
    normalisedPath(url.pathname)
      ?.replace(/\.data$/i, "")
      .toLowerCase() !== OWN_ACCOUNT_PATH &&
    (await getSetting<boolean>(context.db, REQUIRE_TOTP_KEY)) === true
  )
    throw redirect(`${OWN_ACCOUNT_PATH}?cal-2fa=1`);
  return session;
}

/** Ends the account's other sessions (all but `keepSessionId`), or one of them. */
export async function endOtherSessions(context: Pick<AppContext, "db">, userId: string, keepSessionId: string, onlyId?: string) {
  const mine = and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  return context.db
    .delete(sessions)
    .where(onlyId ? and(mine, eq(sessions.id, onlyId)) : mine)
    .returning({ id: sessions.id });
}

/** Signs out everywhere (the spec's global scope): every session of the account ends. */
export async function endAllSessions(context: AppContext, userId: string): Promise<string> {
  await context.db.delete(sessions).where(eq(sessions.userId, userId));
  return sessionCookie(context).serialize("", { expires: new Date(0), maxAge: 0 });
}

export async function deleteExpiredSessions(context: Pick<AppContext, "db">) {
  await context.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
