import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { LAST_ADMIN } from "~/models/accounts.server";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { CLIENT_LIMIT } from "~/infra/login-throttle.server";
import { HASHING, hashPassword, verifyPassword } from "~/infra/password.server";
import { getAdminSession } from "~/infra/session.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import * as accounts from "./accounts.server";
import * as invitation from "./invitation.server";

// The accounts screen and invitations (decision 032): a link that signs in once and expires; roles
// and disabling, never leaving the site without an active administrator; each change in the log.

describe.each(testBackends())("accounts and invitations on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;
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

  const linkOf = (to: string) => {
    const mail = smtp.received.findLast((m) => m.to.includes(to));
    return mail?.parsed.text?.match(/https:\/\/bici\.example\.cat\/admin\/invitacio\/([A-Za-z0-9_-]+)/)?.[1];
  };
  const accept = async (token: string, password = "una-contrasenya-llarga", confirm = password, clientKey = bed.ctx.clientKey) => {
    const out = await invitation.action(
      routeArgs({ ...bed.ctx, clientKey }, `/admin/invitacio/${token}`, {
        method: "POST",
        body: new URLSearchParams({ password, confirm }),
        params: { token },
      }) as never,
    );
    if (out instanceof Response)
      return { status: out.status, location: out.headers.get("Location"), cookies: out.headers.getSetCookie(), error: undefined };
    const { data, init } = out as unknown as { data: { error: string }; init: ResponseInit | null };
    const retryAfter = new Headers(init?.headers).get("Retry-After");
    return { status: init?.status ?? 200, location: null, cookies: [], error: data.error, retryAfter };
  };
  const view = async (token: string) => {
    const out = (await invitation.loader(routeArgs(bed.ctx, `/admin/invitacio/${token}`, { params: { token } }) as never)) as unknown;
    return (out as { data?: unknown }).data ?? out;
  };

  it("an invitation is mailed, signs in once with the chosen password and role, and cannot be reused", async () => {
    const sent = await post(accounts.action, { intent: "invite", email: "Editora@Penedes.cat", role: "editor" });
    expect(sent).toMatchObject({ ok: true, message: accounts.INVITED("Editora@Penedes.cat") });
    const token = linkOf("editora@penedes.cat")!;
    expect(token).toMatch(/^[\w-]{20,}$/);
    // The link's token is not stored, only its hash.
    expect(JSON.stringify(await db().select().from(t.adminInvitations))).not.toContain(token);
    expect(await view(token)).toEqual({ valid: true, email: "editora@penedes.cat" });

    expect(await accept(token, "curta")).toMatchObject({ status: 400, error: "La contrasenya ha de tenir com a mínim 10 caràcters." });
    expect(await accept(token, "una-contrasenya-llarga", "una-altra-cosa")).toMatchObject({ status: 400 });
    const ok = await accept(token);
    expect(ok).toMatchObject({ status: 302, location: "/admin/compte" });
    const session = ok.cookies.find((c) => c.startsWith("pb_session="))!.split(";")[0]!;
    expect(await getAdminSession(new Request("http://x/", { headers: { Cookie: session } }), bed.ctx)).toMatchObject({
      user: { email: "editora@penedes.cat", role: "editor" },
    });
    // Once.
    expect(await accept(token)).toMatchObject({ status: 410, error: invitation.INVALID_LINK });
    expect(await view(token)).toEqual({ valid: false, email: null });
    expect(await db().$count(t.adminUsers, eq(t.adminUsers.email, "editora@penedes.cat"))).toBe(1);
    const log = await db().select().from(t.auditLog).where(eq(t.auditLog.entity, "account"));
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(["invite", "accept_invitation"]));
    // An address that already has an account is not invited again.
    expect(await post(accounts.action, { intent: "invite", email: "editora@penedes.cat", role: "moderator" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("an invitation expires, a newer one replaces an older one, and a made-up link is nothing", async () => {
    await post(accounts.action, { intent: "invite", email: "tard@penedes.cat", role: "moderator" });
    const old = linkOf("tard@penedes.cat")!;
    await post(accounts.action, { intent: "invite", email: "tard@penedes.cat", role: "moderator" });
    const fresh = linkOf("tard@penedes.cat")!;
    expect(fresh).not.toBe(old);
    expect(await accept(old)).toMatchObject({ status: 410 });
    await db()
      .update(t.adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await accept(fresh)).toMatchObject({ status: 410 });
    for (const bad of ["x", "a".repeat(43), "../../etc"]) expect(await accept(bad)).toMatchObject({ status: 410 });
    expect(await db().$count(t.adminUsers, eq(t.adminUsers.email, "tard@penedes.cat"))).toBe(0);
  });

  it("a made-up link is refused before any password is hashed, and a client's posts are throttled as sign-ins are (issue 29)", async () => {
    // The hashing queue is full of other clients' sign-ins: a made-up link still gets its answer,
    // because it is looked up first (before, it waited for a hash and got "busy", 429).
    const stored = await hashPassword("una-contrasenya-llarga");
    const busy = Array.from({ length: HASHING.running + HASHING.waiting }, (_, i) =>
      verifyPassword("una-altra", stored, `staff-${i}`).catch(() => null),
    );
    expect(await accept("a".repeat(43), "una-contrasenya-llarga", undefined, "link-guesser")).toMatchObject({ status: 410 });
    await Promise.all(busy);

    // One client trying links is counted as one trying passwords: 20 tries, then 429 with Retry-After.
    const answers = [];
    for (let i = 0; i < CLIENT_LIMIT.points + 2; i++)
      answers.push(await accept(`inventat-${String(i).padStart(30, "x")}`, "una-contrasenya-llarga", undefined, "flood-client"));
    expect(answers.slice(0, CLIENT_LIMIT.points).every((a) => a.status === 410)).toBe(true);
    for (const refused of answers.slice(CLIENT_LIMIT.points)) {
      expect(refused).toMatchObject({ status: 429 });
      expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    }
    // Another client is not held up: a real invitation from elsewhere is accepted.
    await post(accounts.action, { intent: "invite", email: "nova@penedes.cat", role: "editor" });
    expect(await accept(linkOf("nova@penedes.cat")!, "una-contrasenya-llarga", undefined, "invited-person")).toMatchObject({ status: 302 });
  });

  it("an invitation the mail server refuses leaves no invitation and no entry", async () => {
    const before = await Promise.all([db().$count(t.adminInvitations), db().$count(t.auditLog)]);
    smtp.refuse = "550 no such user";
    try {
      const out = await post(accounts.action, { intent: "invite", email: "rebota@penedes.cat", role: "editor" });
      expect(out).toMatchObject({ ok: false, status: 500, error: "No s'ha pogut enviar la invitació. Torna-ho a provar." });
    } finally {
      smtp.refuse = null;
    }
    expect(await Promise.all([db().$count(t.adminInvitations), db().$count(t.auditLog)])).toEqual(before);
    expect(await post(accounts.action, { intent: "invite", email: "no-es-correu", role: "editor" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await post(accounts.action, { intent: "invite", email: "a@penedes.cat", role: "superadmin" })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("roles change and accounts are disabled (their sessions end) and enabled, each change in the log", async () => {
    const other = await signedInAs(bed.ctx, "moderator", "moderadora@penedes.cat");
    expect(await post(accounts.action, { intent: "role", id: other.id, role: "editor" })).toMatchObject({ ok: true });
    const [entry] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "role"));
    expect(entry).toMatchObject({ actorEmail: "gestor@penedes.cat", before: { role: "moderator" }, after: { role: "editor" } });
    expect(await post(accounts.action, { intent: "disable", id: other.id })).toMatchObject({ ok: true });
    expect(await getAdminSession(new Request("http://x/", { headers: { Cookie: other.cookie } }), bed.ctx)).toBeNull();
    expect(await db().$count(t.sessions, eq(t.sessions.userId, other.id))).toBe(0);
    expect(await post(accounts.action, { intent: "enable", id: other.id })).toMatchObject({ ok: true });
    const loaded = (await accounts.loader(routeArgs(bed.ctx, "/admin/comptes", { headers: { Cookie: bed.cookie } }) as never)) as Awaited<
      ReturnType<typeof accounts.loader>
    >;
    expect(loaded.accounts.find((a) => a.id === other.id)).toMatchObject({ role: "editor", disabledAt: null });
  });

  it("the last active administrator can be neither demoted nor disabled, and nothing is logged for the refusal", async () => {
    const me = (await db().query.adminUsers.findFirst({ where: eq(t.adminUsers.email, "gestor@penedes.cat") }))!;
    // Every other administrator disabled or demoted first.
    await db().update(t.adminUsers).set({ role: "editor" }).where(eq(t.adminUsers.role, "administrator"));
    await db().update(t.adminUsers).set({ role: "administrator" }).where(eq(t.adminUsers.id, me.id));
    const logged = await db().$count(t.auditLog);
    expect(await post(accounts.action, { intent: "role", id: me.id, role: "moderator" })).toMatchObject({
      ok: false,
      status: 409,
      error: LAST_ADMIN,
    });
    expect(await post(accounts.action, { intent: "disable", id: me.id })).toMatchObject({ ok: false, status: 400 });
    expect((await db().query.adminUsers.findFirst({ where: eq(t.adminUsers.id, me.id) }))!.role).toBe("administrator");
    expect(await db().$count(t.auditLog)).toBe(logged);
    // With a second administrator, the first may step down.
    const second = await signedInAs(bed.ctx, "administrator", "segona-admin@penedes.cat");
    expect(await post(accounts.action, { intent: "role", id: second.id, role: "administrator" })).toMatchObject({ ok: true });
    await db().update(t.adminUsers).set({ disabledAt: new Date() }).where(eq(t.adminUsers.id, second.id));
    expect(await post(accounts.action, { intent: "role", id: me.id, role: "editor" })).toMatchObject({ ok: false, error: LAST_ADMIN });
  });

  it("requiring the second factor sends an account without one to set it up, and is logged", async () => {
    const plain = await signedInAs(bed.ctx, "editor", "sense-dos-passos@penedes.cat");
    expect(await post(accounts.action, { intent: "require-totp", value: "true" })).toMatchObject({ ok: false, status: 409 });
    await db()
      .update(t.adminUsers)
      .set({ totpEnabledAt: new Date(), totpSecret: "JBSWY3DPEHPK3PXP" })
      .where(eq(t.adminUsers.email, "gestor@penedes.cat"));
    expect(await post(accounts.action, { intent: "require-totp", value: "true" })).toMatchObject({ ok: true });
    const activities = await import("./activities.server");
    const res = (await activities
      .loader(routeArgs(bed.ctx, "/admin/activitats", { headers: { Cookie: plain.cookie } }) as never)
      .catch((e: unknown) => e)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/compte?cal-2fa=1");
    expect(await post(accounts.action, { intent: "require-totp", value: "false" })).toMatchObject({ ok: true });
    const entries = await db().select().from(t.auditLog).where(eq(t.auditLog.entityId, "require_totp"));
    expect(entries.map((e) => e.after)).toEqual(expect.arrayContaining([{ requireTotp: true }, { requireTotp: false }]));
    // The own account page stays open to set it up.
    await post(accounts.action, { intent: "require-totp", value: "true" });
    const account = await import("./account.server");
    const page = await account.loader(routeArgs(bed.ctx, "/admin/compte", { headers: { Cookie: plain.cookie } }) as never);
    expect(page.totp).toMatchObject({ enabled: false, required: true });
  });
});
