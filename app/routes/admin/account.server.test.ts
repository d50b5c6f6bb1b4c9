import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { signIn } from "~/models/admin-login.server";
import { createSession, getAdminSession } from "~/infra/session.server";
import { parseEnv } from "~/infra/env.server";
import { CODE_ACCOUNT_LIMITS, PAIR_LIMIT } from "~/infra/login-throttle.server";
import { createMailer } from "~/infra/mail.server";
import { totpCode, TOTP_PERIOD } from "~/infra/totp.server";
import { adminTestBed, wrongTotpCode } from "~/test/admin";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as account from "./account.server";

// The own account: password (with the current one), other sessions, and enrolling the second factor.

describe.each(testBackends())("own account on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;
  const me = async () => (await db().query.adminUsers.findFirst({ where: eq(t.adminUsers.email, "gestor@penedes.cat") }))!;
  const load = () => account.loader(routeArgs(bed.ctx, "/admin/compte", { headers: { Cookie: bed.cookie } }) as never);
  const alive = async (cookie: string) =>
    (await getAdminSession(new Request("http://x/", { headers: { Cookie: cookie } }), bed.ctx)) !== null;

  it("lists the own sessions and ends one, or all the others, never the current one", async () => {
    const id = (await me()).id;
    const a = (await createSession(bed.ctx, id)).split(";")[0]!;
    const b = (await createSession(bed.ctx, id)).split(";")[0]!;
    const c = (await createSession(bed.ctx, id)).split(";")[0]!;
    const { sessions } = await load();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(await post(account.action, { intent: "end-session", id: other.id })).toMatchObject({ ok: true });
    expect(await post(account.action, { intent: "end-session", id: other.id })).toMatchObject({ ok: false, status: 404 });
    const current = sessions.find((s) => s.current)!;
    expect(await post(account.action, { intent: "end-session", id: current.id })).toMatchObject({ ok: false, status: 404 });
    expect(await post(account.action, { intent: "end-others" })).toMatchObject({ ok: true });
    expect([await alive(a), await alive(b), await alive(c), await alive(bed.cookie)]).toEqual([false, false, false, true]);
    expect(await db().$count(t.auditLog, eq(t.auditLog.action, "sessions_end"))).toBe(2);
  });

  it("changes the password only with the current one; the other sessions end and the change is logged without the password", async () => {
    const other = (await createSession(bed.ctx, (await me()).id)).split(";")[0]!;
    const wrong = await post(account.action, {
      intent: "password",
      current: "no-ho-se",
      password: "nova-contrasenya-1",
      confirm: "nova-contrasenya-1",
    });
    expect(wrong).toMatchObject({ ok: false, error: "La contrasenya actual no és correcta." });
    expect(
      await post(account.action, { intent: "password", current: "contrasenya-segura", password: "curta", confirm: "curta" }),
    ).toMatchObject({ ok: false });
    const ok = await post(account.action, {
      intent: "password",
      current: "contrasenya-segura",
      password: "nova-contrasenya-1",
      confirm: "nova-contrasenya-1",
    });
    expect(ok).toMatchObject({ ok: true });
    expect(await alive(other)).toBe(false);
    expect(await alive(bed.cookie)).toBe(true);
    expect(await signIn(bed.ctx, "gestor@penedes.cat", "nova-contrasenya-1")).toMatchObject({ kind: "signed-in" });
    const [entry] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "password_change"));
    expect(JSON.stringify(entry)).not.toContain("nova-contrasenya");
  });

  it("enrols the second factor: QR code and key, a right code turns it on and shows ten recovery codes once", async () => {
    expect(await post(account.action, { intent: "totp-start" })).toMatchObject({ ok: true });
    const { totp } = await load();
    expect(totp.enabled).toBe(false);
    expect(totp.pending!.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(totp.pending!.qrDataUrl.split(",")[1]!, "base64").toString()).toContain("<svg");
    expect(totp.pending!.uri).toContain(`secret=${totp.pending!.secret}`);
    expect(await post(account.action, { intent: "totp-confirm", code: "000000" })).toMatchObject({
      ok: false,
      fieldErrors: { code: "El codi no és correcte." },
    });
    const on = (await post(account.action, { intent: "totp-confirm", code: totpCode(totp.pending!.secret) })) as {
      ok: boolean;
      recoveryCodes?: string[];
    };
    expect(on.ok).toBe(true);
    expect(on.recoveryCodes).toHaveLength(10);
    const after = await load();
    expect(after.totp).toMatchObject({ enabled: true, pending: null, codesLeft: 10 });
    expect(JSON.stringify(after)).not.toContain(on.recoveryCodes![0]);
    // From now on the password alone is not enough.
    expect(await signIn(bed.ctx, "gestor@penedes.cat", "nova-contrasenya-1")).toMatchObject({ kind: "second-factor" });
    expect(await db().$count(t.auditLog, eq(t.auditLog.action, "totp_enable"))).toBe(1);
    const entries = JSON.stringify(await db().select().from(t.auditLog));
    expect(entries).not.toContain(totp.pending!.secret);
  });

  describe("removing the second factor", () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      bed.ctx.env = parseEnv({
        DATA_DIR: bed.ctx.env.DATA_DIR,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Al Penedès <campanya@example.cat>",
        PUBLIC_URL: "https://bici.example.cat",
      });
      bed.ctx.mailer = createMailer(bed.ctx.env);
    });
    afterAll(async () => {
      bed.ctx.mailer.close();
      await smtp.close();
    });
    const remove = async (code: string, clientKey: string) => {
      const out = (await account.action(
        routeArgs({ ...bed.ctx, clientKey }, "/admin/compte", {
          method: "POST",
          body: new URLSearchParams({ intent: "totp-remove", code }),
          headers: { Cookie: bed.cookie },
        }) as never,
      )) as unknown as { data: { ok: boolean; error?: string }; init: ResponseInit | null };
      return { ...out.data, status: out.init?.status ?? 200 };
    };

    it("takes a right code, and counts codes as the sign-in does: per client, then the account's ceiling whoever sends them (issue 29)", async () => {
      const secret = (await me()).totpSecret!;
      expect((await me()).totpEnabledAt).not.toBeNull();
      // One client: its five guesses, then 429 (before: unthrottled, as many as it liked).
      for (let i = 0; i < PAIR_LIMIT.points; i++)
        expect(await remove(wrongTotpCode(secret, i), "one-client")).toMatchObject({ status: 400 });
      expect(await remove(wrongTotpCode(secret, 99), "one-client")).toMatchObject({
        status: 429,
        error: expect.stringMatching(/^Massa intents fallits/),
      });
      // Many clients: the account's ceiling holds, even for the right code.
      const ceiling = CODE_ACCOUNT_LIMITS[0].points;
      for (let i = PAIR_LIMIT.points + 1; i < ceiling; i++)
        expect(await remove(wrongTotpCode(secret, i * 13), `client-${i}`)).toMatchObject({ status: 400 });
      const locked = await remove(totpCode(secret, Date.now() + TOTP_PERIOD * 1000), "fresh-client");
      expect(locked).toMatchObject({ status: 429, error: expect.stringMatching(/^Massa codis incorrectes per a aquest compte/) });
      expect((await me()).totpEnabledAt).not.toBeNull();
      // The owner is told once, by e-mail, and the audit log has it once.
      await remove(wrongTotpCode(secret, 5), "another-client");
      await expect.poll(() => smtp.received.length).toBe(1);
      expect(smtp.received[0]!.to).toEqual(["gestor@penedes.cat"]);
      expect(smtp.received[0]!.parsed.text).toContain("Canvia-la tan aviat com puguis");
      expect(await db().$count(t.auditLog, eq(t.auditLog.action, "second_factor_locked"))).toBe(1);
      // Once the ceiling's time has passed (its counts are gone), the right code removes the factor.
      await db().delete(t.loginRateLimits);
      expect(await remove(totpCode(secret, Date.now() + TOTP_PERIOD * 1000), "fresh-client")).toMatchObject({ ok: true, status: 200 });
      expect((await me()).totpEnabledAt).toBeNull();
    });
  });
});
