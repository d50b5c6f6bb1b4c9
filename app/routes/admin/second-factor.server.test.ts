import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { signIn as signInWith_ } from "~/models/admin-login.server";
import { resetAdminPassword, resetSecondFactor } from "~/models/admin-users.server";
import { parseEnv } from "~/infra/env.server";
import { CODE_ACCOUNT_LIMITS, PAIR_LIMIT } from "~/infra/login-throttle.server";
import { createMailer } from "~/infra/mail.server";
import { hashPassword } from "~/infra/password.server";
import { getAdminSession } from "~/infra/session.server";
import { acceptTotp, newRecoveryCodes, newTotpSecret, spendRecoveryCode, totpCode, totpStep, TOTP_PERIOD } from "~/infra/totp.server";
import { wrongTotpCode } from "~/test/admin";
import { routeArgs, setupTestContext } from "~/test/context";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import { testBackends } from "~/test/db";
import * as login from "./login.server";
import * as secondFactor from "./second-factor.server";

// The second factor (decision 033): the code's time window, each code once, recovery codes once,
// the sign-in's second step, its throttle and its audit entries.

const PASSWORD = "contrasenya-segura";
const STEP_MS = TOTP_PERIOD * 1000;

describe("TOTP codes", () => {
  const secret = newTotpSecret();
  // The start of a time step: the edges are exact.
  const t0 = 1_000_000 * STEP_MS;
  const step = 1_000_000;

  it("a code is accepted in its own step and one step either side, and not a millisecond beyond", () => {
    const code = totpCode(secret, t0);
    expect(totpStep(secret, code, t0)).toBe(step);
    expect(totpStep(secret, code, t0 + STEP_MS - 1)).toBe(step);
    // The phone's clock a step ahead or behind the server's.
    expect(totpStep(secret, code, t0 - STEP_MS)).toBe(step);
    expect(totpStep(secret, code, t0 - 1)).toBe(step);
    expect(totpStep(secret, code, t0 + 2 * STEP_MS - 1)).toBe(step);
    expect(totpStep(secret, code, t0 - STEP_MS - 1)).toBeNull();
    expect(totpStep(secret, code, t0 + 2 * STEP_MS)).toBeNull();
  });

  it("takes spaces, refuses anything that is not six digits and another secret's code", () => {
    const code = totpCode(secret, t0);
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, t0)).toBe(step);
    for (const bad of ["", "12345", "1234567", "abcdef", `${code}\u0000`]) expect(totpStep(secret, bad, t0)).toBeNull();
    expect(totpStep(newTotpSecret(), code, t0)).toBeNull();
  });
});

describe.each(testBackends())("second factor on %s", (backend) => {
  const ctx = setupTestContext(backend);
  let n = 0;

  /** An account with the second factor on: its id, e-mail and secret. */
  async function enrolled() {
    const email = `dos-passos-${++n}@penedes.cat`;
    const secret = newTotpSecret();
    const [row] = await ctx.db
      .insert(t.adminUsers)
      .values({ email, passwordHash: await hashPassword(PASSWORD), role: "moderator", totpSecret: secret, totpEnabledAt: new Date() })
      .returning();
    return { id: row!.id, email, secret };
  }

  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const signIn = async (email: string, clientKey = "client-a") => {
    const res = (await login.action(
      routeArgs({ ...ctx, clientKey }, "/admin/login", {
        method: "POST",
        body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/admin/testimonis" }),
      }) as never,
    )) as unknown as Response;
    return res;
  };
  const sendCode = async (cookie: string, code: string, clientKey = "client-a") => {
    const out = await secondFactor.action(
      routeArgs({ ...ctx, clientKey }, "/admin/verificacio", {
        method: "POST",
        body: new URLSearchParams({ code }),
        headers: { Cookie: cookie, "User-Agent": "Provador/1.0" },
      }) as never,
    );
    if (out instanceof Response)
      return { status: out.status, location: out.headers.get("Location"), cookies: cookiesOf(out), error: undefined };
    const { data, init } = out as unknown as { data: { error: string }; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, cookies: [] as string[], error: data.error };
  };
  const signInWith = (email: string) => signInWith_(ctx, email, PASSWORD);
  const audit = (entityId: string) => ctx.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, entityId));

  it("the password alone opens no session: it leads to the code step, and the right code signs in once", async () => {
    const account = await enrolled();
    const res = await signIn(account.email);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/verificacio");
    const [pending] = cookiesOf(res);
    expect(pending).toMatch(/^pb_2fa=/);
    expect(await ctx.db.$count(t.sessions, eq(t.sessions.userId, account.id))).toBe(0);
    // The pending cookie is no session.
    expect(
      await getAdminSession(new Request("http://x/", { headers: { Cookie: pending!.replace("pb_2fa", "pb_session") } }), ctx),
    ).toBeNull();

    const wrong = await sendCode(pending!, "000000");
    expect(wrong).toMatchObject({ status: 401, error: secondFactor.CODE_FAILED });
    const code = totpCode(account.secret);
    const ok = await sendCode(pending!, code);
    expect(ok).toMatchObject({ status: 302, location: "/admin/testimonis" });
    const session = ok.cookies.find((c) => c.startsWith("pb_session="))!;
    expect(await getAdminSession(new Request("http://x/", { headers: { Cookie: session } }), ctx)).toMatchObject({
      user: { id: account.id, role: "moderator", totpEnabled: true },
    });
    // The same code a second time is refused, even within its window.
    expect(await sendCode(pending!, code)).toMatchObject({ status: 401 });
    const entries = await audit(account.id);
    expect(
      entries.map((e) => [e.action, (e.after as { step?: string; method?: string }).step ?? (e.after as { method: string }).method]),
    ).toEqual(
      expect.arrayContaining([
        ["sign_in_failed", "totp"],
        ["sign_in", "totp"],
      ]),
    );
    expect(entries.find((e) => e.action === "sign_in")).toMatchObject({ actorId: account.id, userAgent: "Provador/1.0" });
    expect((await ctx.db.query.adminUsers.findFirst({ where: eq(t.adminUsers.id, account.id) }))!.lastSignInAt).not.toBeNull();
  });

  it("a recovery code signs in once, then is spent", async () => {
    const account = await enrolled();
    const codes = await newRecoveryCodes(ctx.db, account.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Only hashes are stored.
    const stored = await ctx.db.select().from(t.recoveryCodes).where(eq(t.recoveryCodes.userId, account.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    const pending = cookiesOf(await signIn(account.email))[0]!;
    expect(await sendCode(pending, codes[3]!.toUpperCase())).toMatchObject({ status: 302 });
    expect(await sendCode(pending, codes[3]!)).toMatchObject({ status: 401 });
    expect(await spendRecoveryCode(ctx.db, account.id, codes[3]!)).toBe(false);
    expect(await ctx.db.$count(t.recoveryCodes, and(eq(t.recoveryCodes.userId, account.id)))).toBe(10);
  });

  it("wrong codes are throttled like passwords: past the limit even the right code waits", async () => {
    const account = await enrolled();
    const pending = cookiesOf(await signIn(account.email, "client-b"))[0]!;
    for (let i = 0; i < PAIR_LIMIT.points; i++) expect((await sendCode(pending, "111111", "client-b")).status).toBe(401);
    const refused = await sendCode(pending, totpCode(account.secret), "client-b");
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(/^Massa intents fallits/);
    expect(await ctx.db.$count(t.sessions, eq(t.sessions.userId, account.id))).toBe(0);
  });

  it("without a valid pending step there is nothing to try: a forged or missing cookie goes back to the password", async () => {
    for (const cookie of ["", "pb_2fa=forged"]) {
      expect(await sendCode(cookie, "123456")).toMatchObject({ status: 401, error: secondFactor.STEP_EXPIRED });
      const res = await secondFactor
        .loader(routeArgs(ctx, "/admin/verificacio", { headers: { Cookie: cookie } }) as never)
        .catch((e: unknown) => e);
      expect((res as Response).headers.get("Location")).toBe("/admin/login");
    }
    // A disabled account's pending step ends too.
    const account = await enrolled();
    const pending = cookiesOf(await signIn(account.email))[0]!;
    await ctx.db.update(t.adminUsers).set({ disabledAt: new Date() }).where(eq(t.adminUsers.id, account.id));
    expect(await sendCode(pending, totpCode(account.secret))).toMatchObject({ status: 401 });
  });

  it("the command line's recovery removes the factor and its codes, and re-enables a disabled account", async () => {
    const account = await enrolled();
    await newRecoveryCodes(ctx.db, account.id);
    await ctx.db.update(t.adminUsers).set({ disabledAt: new Date() }).where(eq(t.adminUsers.id, account.id));
    expect(await resetSecondFactor(ctx.db, account.email.toUpperCase())).toBe(true);
    expect(await resetAdminPassword(ctx.db, account.email, PASSWORD)).toBe(true);
    expect(await signInWith(account.email)).toMatchObject({ kind: "signed-in" });
    expect(await ctx.db.$count(t.recoveryCodes, eq(t.recoveryCodes.userId, account.id))).toBe(0);
    expect(await resetSecondFactor(ctx.db, "ningu@penedes.cat")).toBe(false);
  });

  it("each time step is accepted once per account, and never an earlier one after a later", async () => {
    const account = await enrolled();
    const now = Date.now();
    expect(await acceptTotp(ctx.db, account.id, account.secret, totpCode(account.secret, now), now)).toBe(true);
    expect(await acceptTotp(ctx.db, account.id, account.secret, totpCode(account.secret, now), now)).toBe(false);
    expect(await acceptTotp(ctx.db, account.id, account.secret, totpCode(account.secret, now - STEP_MS), now)).toBe(false);
    expect(await acceptTotp(ctx.db, account.id, account.secret, totpCode(account.secret, now + STEP_MS), now)).toBe(true);
  });

  describe("the account's ceiling of wrong codes", () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      ctx.env = parseEnv({ DATA_DIR: ctx.env.DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "Al Penedès <campanya@example.cat>" });
      ctx.mailer = createMailer(ctx.env);
    });
    afterAll(async () => {
      ctx.mailer.close();
      await smtp.close();
    });

    it("holds whoever sends the codes: a stolen password and many addresses get no more guesses; the owner is told and still gets in with a recovery code (issue 29)", async () => {
      const account = await enrolled();
      const recovery = await newRecoveryCodes(ctx.db, account.id);
      // One pending step, codes sent from a new client each time (so no client's limit is reached).
      const pending = cookiesOf(await signIn(account.email, "thief-0"))[0]!;
      const ceiling = CODE_ACCOUNT_LIMITS[0].points;
      for (let i = 0; i < ceiling; i++)
        expect(await sendCode(pending, wrongTotpCode(account.secret, i * 31), `thief-${i}`)).toMatchObject({ status: 401 });
      // Past the ceiling, the next code is refused before it is checked, even the right one (before: 401s for ever, at 19 guesses a second).
      const refused = await sendCode(pending, totpCode(account.secret), "thief-new");
      expect(refused).toMatchObject({
        status: 429,
        error: expect.stringMatching(/^Massa codis incorrectes per a aquest compte\. .*Pots entrar amb un codi de recuperació\.$/),
      });
      for (let i = 0; i < 3; i++) expect((await sendCode(pending, wrongTotpCode(account.secret, i), `thief-more-${i}`)).status).toBe(429);
      expect(await ctx.db.$count(t.sessions, eq(t.sessions.userId, account.id))).toBe(0);
      // The owner is warned once (not once per refusal), by e-mail and in the audit log.
      await expect.poll(() => smtp.received.filter((m) => m.to.includes(account.email)).length).toBe(1);
      const mail = smtp.received.find((m) => m.to.includes(account.email))!;
      expect(mail.parsed.subject).toMatch(/^Avís de seguretat/);
      expect(mail.parsed.text).toContain("algú coneix la teva contrasenya");
      expect((await audit(account.id)).filter((e) => e.action === "second_factor_locked")).toHaveLength(1);
      // The owner is not locked out: a recovery code (some 50 bits: no ceiling needed) still signs in.
      const owner = cookiesOf(await signIn(account.email, "owner"))[0]!;
      expect(await sendCode(owner, recovery[0]!, "owner")).toMatchObject({ status: 302 });
    });
  });
});
