import { beforeAll, describe, expect, it, vi } from "vitest";
import * as t from "~/db/schema";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { sendBatch } from "~/models/newsletter-send.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { eq } from "drizzle-orm";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import * as screen from "./newsletter-send.server";

describe.each(testBackends())("newsletter compose and send on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  let smtp: TestSmtpServer;
  const load = async () =>
    (await (screen.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, "/admin/butlleti", { headers: { Cookie: bed.cookie } }),
    )) as Awaited<ReturnType<typeof screen.loader>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    bed.ctx.env = parseEnv({ DATA_DIR: bed.ctx.env.DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "campanya@example.cat" });
    bed.ctx.mailer = createMailer(bed.ctx.env);
    return async () => {
      bed.ctx.mailer.close();
      await smtp.close();
    };
  });

  it("refuses a draft without subject or text, and an unknown intent, storing and sending nothing", async () => {
    expect(await post(screen.action, { intent: "send", subject: " ", body: "Hola" })).toEqual({
      ok: false,
      error: "L'assumpte és obligatori",
      fieldErrors: { subject: "L'assumpte és obligatori" },
      status: 400,
    });
    expect(await post(screen.action, { intent: "test", subject: "Hola", body: "" })).toMatchObject({
      ok: false,
      fieldErrors: { body: "El text de la newsletter és obligatori" },
      status: 400,
    });
    expect(await post(screen.action, { intent: "send", subject: "x".repeat(201), body: "Hola" })).toMatchObject({ status: 400 });
    expect(await post(screen.action, { intent: "esborra", subject: "Hola", body: "Hola" })).toMatchObject({ status: 400 });
    expect(await post(screen.action, { intent: "retry", id: "no-és-un-id" })).toMatchObject({ status: 400 });
    await bed.expectNonFormRefused(screen.action);
    expect(await bed.ctx.db.$count(t.newsletterIssues)).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("with nobody confirmed, a send is refused; a test send goes to the signed-in staff member", async () => {
    expect(await post(screen.action, { intent: "send", subject: "Hola", body: "Text" })).toEqual({
      ok: false,
      error: "No hi ha cap subscriptor confirmat: no s'ha enviat res.",
      status: 409,
    });
    expect(await post(screen.action, { intent: "test", subject: "Hola", body: "**Text**" })).toEqual({
      ok: true,
      message: "Prova enviada a gestor@penedes.cat",
      status: 200,
    });
    expect(smtp.received.map((m) => [m.to[0], m.parsed.subject])).toEqual([["gestor@penedes.cat", "[Prova] Hola"]]);
    smtp.received.length = 0;
  });

  it("a refused test send is a clear error", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    smtp.refuse = "Relay denied";
    try {
      expect(await post(screen.action, { intent: "test", subject: "Hola", body: "Text" })).toMatchObject({ ok: false, status: 502 });
    } finally {
      smtp.refuse = null;
      vi.restoreAllMocks();
    }
  });

  it("queues the newsletter for every confirmed subscriber, shows its progress, then its history", async () => {
    await bed.ctx.db
      .insert(t.newsletterSubscriptions)
      .values([
        ...Array.from({ length: 3 }, (_, i) => ({ email: `sub${i}@example.cat`, privacyAccepted: true, status: "confirmed" as const })),
        { email: "pendent@example.cat", privacyAccepted: true, status: "pending" as const },
      ]);
    expect((await load()).confirmed).toBe(3);
    expect(await post(screen.action, { intent: "send", subject: "Número 1", body: "Hola" })).toEqual({
      ok: true,
      message: "Newsletter en cua per a 3 subscriptors",
      status: 200,
    });
    expect(await post(screen.action, { intent: "send", subject: "Número 2", body: "Hola" })).toMatchObject({ ok: false, status: 409 });
    const during = await load();
    expect(during.history).toEqual([expect.objectContaining({ subject: "Número 1", status: "sending", recipients: 3, sent: 0, left: 3 })]);
    expect(during.me).toBe("gestor@penedes.cat");

    // One of them is refused for good: it shows as failed with its reason, and can be sent again.
    smtp.refuse = null;
    await sendBatch(bed.ctx, { rate: 1000, backoffMs: 0 });
    const after = await load();
    expect(after.history[0]).toMatchObject({ status: "sent", sent: 3, failed: 0, left: 0 });
    expect(after.failures).toEqual({});
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["sub0@example.cat", "sub1@example.cat", "sub2@example.cat"]);
    expect(await post(screen.action, { intent: "retry", id: after.history[0]!.id })).toEqual({
      ok: true,
      message: "No hi ha enviaments fallits",
      status: 200,
    });
  });

  it("every mail in the council's name is in the audit log, the issue names its sender, and editors see failures without addresses", async () => {
    const admin = (await bed.ctx.db.query.adminUsers.findFirst({ where: eq(t.adminUsers.email, "gestor@penedes.cat") }))!;
    const audit = async (action: string) =>
      (await bed.ctx.db.select().from(t.auditLog).orderBy(t.auditLog.at)).filter(
        (r) => r.entity === "newsletter_issue" && r.action === action,
      );
    // A test send.
    await post(screen.action, { intent: "test", subject: "Prova d'auditoria", body: "Text" });
    // (The earlier test's test send is there too.)
    expect((await audit("test_send")).map((r) => [r.actorId, r.actorEmail, r.after])).toEqual([
      [admin.id, "gestor@penedes.cat", { subject: "Hola" }],
      [admin.id, "gestor@penedes.cat", { subject: "Prova d'auditoria" }],
    ]);
    // The previous test's send: the issue names its sender, and the log has it.
    const [issue] = (await load()).history;
    expect(issue).toMatchObject({ subject: "Número 1", sentByEmail: "gestor@penedes.cat" });
    expect(await audit("send")).toEqual([
      expect.objectContaining({ entityId: issue!.id, actorId: admin.id, after: { subject: "Número 1", recipients: "3" } }),
    ]);
    // One delivery failed, with the mail server's reply naming the address.
    const [one] = await bed.ctx.db.select().from(t.newsletterDeliveries).where(eq(t.newsletterDeliveries.issueId, issue!.id)).limit(1);
    const sub = (await bed.ctx.db.query.newsletterSubscriptions.findFirst({
      where: eq(t.newsletterSubscriptions.id, one!.subscriptionId),
    }))!;
    await bed.ctx.db
      .update(t.newsletterDeliveries)
      .set({ status: "failed", attempts: 5, lastError: `550 5.1.1 <${sub.email}>: Recipient address rejected` })
      .where(eq(t.newsletterDeliveries.id, one!.id));
    await bed.ctx.db.update(t.newsletterIssues).set({ failedCount: 1 }).where(eq(t.newsletterIssues.id, issue!.id));
    // Administrators (and moderators) see to whom; an editor sees why, never the address.
    expect((await load()).failures[issue!.id]).toEqual([expect.objectContaining({ email: sub.email })]);
    const editor = await signedInAs(bed.ctx, "editor");
    const asEditor = (await (screen.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, "/admin/butlleti", { headers: { Cookie: editor.cookie } }),
    )) as Awaited<ReturnType<typeof screen.loader>>;
    expect(asEditor.seesSubscribers).toBe(false);
    expect(asEditor.failures[issue!.id]).toEqual([
      { email: null, attempts: 5, reason: "550 5.1.1 <(adreça)>: Recipient address rejected" },
    ]);
    expect(JSON.stringify(asEditor)).not.toContain(sub.email);
    // A retry is recorded too.
    expect(await post(screen.action, { intent: "retry", id: issue!.id })).toMatchObject({ ok: true });
    expect(await audit("retry")).toEqual([expect.objectContaining({ entityId: issue!.id, actorId: admin.id, after: { deliveries: "1" } })]);
  });
});
