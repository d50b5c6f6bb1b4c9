import { beforeAll, describe, expect, it, vi } from "vitest";
import * as t from "~/db/schema";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { sendBatch } from "~/models/newsletter-send.server";
import { adminTestBed } from "~/test/admin";
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
      routeArgs(bed.ctx, "/admin/newsletter-send", { headers: { Cookie: bed.cookie } }),
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
});
