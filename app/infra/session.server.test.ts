import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "~/db/schema";
import { fixClock } from "~/test/clock";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { signIn } from "~/models/admin-login.server";
import { ensureAdmin, resetAdminPassword } from "~/models/admin-users.server";
import { createSession, endAllSessions, getAdminSession, requireAdmin, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from "~/infra/session.server";

const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie?: string) =>
  new Request("http://127.0.0.1:3000/admin/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

describe.each(testBackends())("admin accounts and sessions on %s", (backend) => {
  const ctx = setupTestContext(backend);
  let adminId: string;
  beforeAll(async () => {
    expect(await ensureAdmin(ctx.db, "Gestor@Penedes.cat", "contrasenya-segura")).toBe("created");
    adminId = (await ctx.db.query.adminUsers.findFirst())!.id;
  });

  it("creates the admin once, with a hashed password, and leaves an existing one alone", async () => {
    expect(await ensureAdmin(ctx.db, "gestor@penedes.cat", "una-altra-contrasenya")).toBe("exists");
    const admins = await ctx.db.query.adminUsers.findMany();
    expect(admins).toHaveLength(1);
    expect(admins[0]!.email).toBe("gestor@penedes.cat");
    expect(admins[0]!.passwordHash).not.toContain("contrasenya");
    expect(await signIn(ctx, "gestor@penedes.cat", "una-altra-contrasenya")).toEqual({ kind: "failed" });
  });

  it("signs in with the right password (any e-mail case) and not otherwise", async () => {
    expect(await signIn(ctx, "GESTOR@penedes.cat", "contrasenya-segura")).toEqual({
      kind: "signed-in",
      cookie: expect.stringMatching(/^pb_session=.+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/),
    });
    expect(await signIn(ctx, "gestor@penedes.cat", "incorrecta")).toEqual({ kind: "failed" });
    expect(await signIn(ctx, "ningu@penedes.cat", "contrasenya-segura")).toEqual({ kind: "failed" });
  });

  it("reads the session back from its cookie, and refuses a forged or unsigned one", async () => {
    const setCookie = await createSession(ctx, adminId);
    const session = await getAdminSession(requestWith(cookieHeader(setCookie)), ctx);
    expect(session?.user.email).toBe("gestor@penedes.cat");
    expect(session?.renewCookie).toBeNull();
    const token = decodeURIComponent(cookieHeader(setCookie).split("=").slice(1).join("="));
    const raw = token.slice(0, token.lastIndexOf("."));
    expect(await getAdminSession(requestWith(`pb_session=${encodeURIComponent(raw)}`), ctx)).toBeNull();
    expect(
      await getAdminSession(
        requestWith(`pb_session=${encodeURIComponent(`${raw.slice(0, -2)}xx${token.slice(token.lastIndexOf("."))}`)}`),
        ctx,
      ),
    ).toBeNull();
    expect(await getAdminSession(requestWith(), ctx)).toBeNull();
  });

  it("stores only a hash of the session token", async () => {
    const setCookie = await createSession(ctx, adminId);
    const value = decodeURIComponent(cookieHeader(setCookie).split("=").slice(1).join("="));
    const token = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as string;
    const rows = await ctx.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("refuses an expired session and renews one in its second half", async () => {
    const expired = await createSession(ctx, adminId);
    const fresh = await createSession(ctx, adminId);
    const ids = (await ctx.db.select().from(sessions).orderBy(sessions.createdAt)).slice(-2).map((r) => r.id);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, ids[0]!));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + SESSION_TTL_MS / 4) })
      .where(eq(sessions.id, ids[1]!));
    expect(await getAdminSession(requestWith(cookieHeader(expired)), ctx)).toBeNull();
    const renewed = await getAdminSession(requestWith(cookieHeader(fresh)), ctx);
    expect(renewed?.renewCookie).toMatch(/^pb_session=/);
    const row = await ctx.db.query.sessions.findFirst({ where: eq(sessions.id, ids[1]!) });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS * 0.9);
  });

  it("a session used every few days still ends 30 days after its sign-in (absolute lifetime)", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const signedInAt = fixClock("2031-03-02T09:00:00Z");
    try {
      const cookie = cookieHeader(await createSession(ctx, adminId));
      let expires = 0;
      // Used every 5 days: each use in the second half of its week renews it, up to day 30 at most.
      for (let day = 5; day < 30; day += 5) {
        fixClock(new Date(signedInAt.getTime() + day * DAY));
        const session = await getAdminSession(requestWith(cookie), ctx);
        expect(session, `day ${day}`).not.toBeNull();
        if (session!.renewCookie) expires = new Date(/Expires=([^;]+)/.exec(session!.renewCookie)![1]!).getTime();
      }
      expect(expires).toBeLessThanOrEqual(signedInAt.getTime() + SESSION_MAX_AGE_MS);
      expect(expires).toBeGreaterThan(signedInAt.getTime() + SESSION_MAX_AGE_MS - 1000);
      fixClock(new Date(signedInAt.getTime() + SESSION_MAX_AGE_MS - 60_000));
      expect(await getAdminSession(requestWith(cookie), ctx)).not.toBeNull();
      fixClock(new Date(signedInAt.getTime() + SESSION_MAX_AGE_MS + 1000));
      expect(await getAdminSession(requestWith(cookie), ctx)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("redirects an anonymous request to the login page, keeping where it was going", async () => {
    const thrown = await requireAdmin(requestWith(), ctx).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });

  it("signing out ends every session of the account, and so does a password reset", async () => {
    const a = await createSession(ctx, adminId);
    const b = await createSession(ctx, adminId);
    const cleared = await endAllSessions(ctx, adminId);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getAdminSession(requestWith(cookieHeader(a)), ctx)).toBeNull();
    expect(await getAdminSession(requestWith(cookieHeader(b)), ctx)).toBeNull();

    const c = await createSession(ctx, adminId);
    expect(await resetAdminPassword(ctx.db, "gestor@penedes.cat", "nova-contrasenya-1")).toBe(true);
    expect(await getAdminSession(requestWith(cookieHeader(c)), ctx)).toBeNull();
    expect(await signIn(ctx, "gestor@penedes.cat", "nova-contrasenya-1")).toMatchObject({ kind: "signed-in" });
    expect(await resetAdminPassword(ctx.db, "ningu@penedes.cat", "nova-contrasenya-1")).toBe(false);
  });
});
