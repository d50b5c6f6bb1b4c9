import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { newsletterDeliveries as deliveries, newsletterIssues as issues, newsletterSubscriptions as subs } from "~/db/schema";
import * as unsubscribeRoute from "~/routes/newsletter/unsubscribe";
import { createTestContext, routeArgs } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "~/test/smtp";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import {
  MAX_ATTEMPTS,
  deliveryMessageId,
  failedDeliveries,
  newsletterHistory,
  queueNewsletter,
  requeueInterrupted,
  retryFailed,
  sendBatch,
  sendTestNewsletter,
  startNewsletterWorker,
  type QueueOptions,
} from "~/models/newsletter-send.server";

type Ctx = ReturnType<typeof createTestContext>;

const DRAFT = {
  subject: "Novetats del pla de la bici",
  body: "# Hola!\n\nJa tenim **traçat**: mira [el mapa](/participa) i [la web](https://example.cat/pla).\n\n<script>alert(1)</script>\n\n[mal](javascript:alert(1))",
};
/** No waiting in the tests: a fast rate, retries at once. */
const FAST: QueueOptions = { rate: 1000, backoffMs: 0 };

const header = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n\s+/g, " ");
const recipient = (mail: ReceivedMail) => mail.to[0]!;

/** Sends batches until nothing is due. */
async function drain(ctx: Ctx, options: QueueOptions = FAST) {
  for (let i = 0; i < 1000; i++) if ((await sendBatch(ctx, options)).claimed === 0) return;
  throw new Error("the queue never drained");
}

describe.each(testBackends())("newsletter sending on %s", (backend) => {
  let database: Database;
  let smtp: TestSmtpServer;
  let ctx: Ctx;

  const subscribe = async (n: number, status: "confirmed" | "pending" = "confirmed", prefix = "persona") =>
    ctx.db
      .insert(subs)
      .values(Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.cat`, privacyAccepted: true, status })))
      .returning({ id: subs.id, email: subs.email });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    smtp = await startSmtpServer();
  });
  beforeEach(async () => {
    ctx = createTestContext(database);
    ctx.env = parseEnv({
      DATA_DIR: ctx.env.DATA_DIR,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Al Penedès <campanya@example.cat>",
      PUBLIC_URL: "https://bici.example.cat",
    });
    ctx.mailer = createMailer(ctx.env);
    smtp.received.length = 0;
    smtp.refuse = null;
    await ctx.db.delete(issues);
    await ctx.db.delete(subs);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    ctx.mailer.close();
    ctx.cleanup();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("sends every confirmed subscriber the newsletter once, with their own unsubscribe link and headers, and keeps the counts", async () => {
    const confirmed = await subscribe(7);
    await subscribe(2, "pending", "pendent");
    const queued = await queueNewsletter(ctx.db, DRAFT);
    expect(queued).toEqual({ ok: true, id: expect.any(String), recipients: 7 });
    expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ status: "sending", recipients: 7, sent: 0, failed: 0, left: 7 });

    await drain(ctx);
    expect(smtp.received.map(recipient).sort()).toEqual(confirmed.map((s) => s.email).sort());
    const rows = await ctx.db.select().from(deliveries);
    expect(rows.every((d) => d.status === "sent" && d.attempts === 1 && d.sentAt)).toBe(true);
    const [history] = await newsletterHistory(ctx.db);
    expect(history).toMatchObject({ status: "sent", recipients: 7, sent: 7, failed: 0, left: 0, finishedAt: expect.any(Date) });

    const mail = smtp.received.find((m) => recipient(m) === "persona3@example.cat")!;
    const delivery = rows.find((d) => d.subscriptionId === confirmed[3]!.id)!;
    expect(mail.parsed.subject).toBe(DRAFT.subject);
    expect(mail.parsed.messageId).toBe(deliveryMessageId(ctx.env.PUBLIC_URL, delivery.id));
    const unsubscribe = (mail.parsed.text ?? "").match(/https:\/\/bici\.example\.cat\/newsletter\/baixa\/\S+/)![0];
    expect(unsubscribe).not.toMatch(/@/);
    expect(header(mail, "List-Unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The site's Markdown: links made absolute, no raw HTML, no unsafe link, no screen-reader hint.
    const html = String(mail.parsed.html);
    expect(html).toContain("<h1>Hola!</h1>");
    expect(html).toContain('<a href="https://bici.example.cat/participa">el mapa</a>');
    expect(html).toContain('href="https://example.cat/pla"');
    expect(html).not.toMatch(/<script|javascript:|s'obre en una pestanya/);
    expect(html).toContain(`<a href="${unsubscribe}">Dona't de baixa</a>`);

    // Its link works: the one-click POST erases that subscriber (and the delivery rows with it).
    const token = decodeURIComponent(unsubscribe.split("/").pop()!);
    const args = routeArgs(ctx, new URL(unsubscribe).pathname, {
      method: "POST",
      params: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    await unsubscribeRoute.action(args as never);
    expect(await ctx.db.select().from(subs).where(eq(subs.id, confirmed[3]!.id))).toEqual([]);
    expect(await ctx.db.select().from(deliveries).where(eq(deliveries.subscriptionId, confirmed[3]!.id))).toEqual([]);
    // The history keeps what was sent.
    expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ sent: 7, recipients: 7 });
  });

  it("each subscriber's footer and unsubscribe link are in the language they signed up in (issue 30)", async () => {
    const [es] = await ctx.db
      .insert(subs)
      .values({ email: "lucia@example.cat", privacyAccepted: true, status: "confirmed", locale: "es" })
      .returning({ id: subs.id });
    await ctx.db.insert(subs).values({ email: "sam@example.cat", privacyAccepted: true, status: "confirmed", locale: "en" });
    await queueNewsletter(ctx.db, DRAFT);
    await drain(ctx);
    const received = (email: string) => smtp.received.find((m) => recipient(m) === email)!;
    const mail = (email: string) => received(email).parsed;
    const spanish = mail("lucia@example.cat");
    expect(spanish.text).toContain("Recibes este correo porque te suscribiste a la newsletter de Al Penedès, la bici ens mou!");
    const unsubscribe = (spanish.text ?? "").match(/https:\/\/bici\.example\.cat\/es\/newsletter\/baja\/\S+/)![0];
    expect(String(spanish.html)).toContain(`<a href="${unsubscribe}">Date de baja</a>`);
    expect(String(spanish.html)).toContain('<span lang="ca">Al Penedès, la bici ens mou!</span>');
    expect(header(received("lucia@example.cat"), "List-Unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(mail("sam@example.cat").text).toContain("To unsubscribe: https://bici.example.cat/en/newsletter/unsubscribe/");
    // The Spanish link unsubscribes, as the Catalan one does.
    const token = decodeURIComponent(unsubscribe.split("/").pop()!);
    await unsubscribeRoute.action(
      routeArgs(ctx, new URL(unsubscribe).pathname, {
        method: "POST",
        params: { token },
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }) as never,
    );
    expect(await ctx.db.select().from(subs).where(eq(subs.id, es!.id))).toEqual([]);
  });

  it("refuses a second send while one is sending, and a send with nobody confirmed", async () => {
    expect(await queueNewsletter(ctx.db, DRAFT)).toEqual({ ok: false, reason: "nobody" });
    expect(await ctx.db.select().from(issues)).toEqual([]);
    await subscribe(2);
    expect((await queueNewsletter(ctx.db, DRAFT)).ok).toBe(true);
    expect(await queueNewsletter(ctx.db, { ...DRAFT, subject: "Un altre" })).toEqual({ ok: false, reason: "busy" });
    await drain(ctx);
    expect((await queueNewsletter(ctx.db, { ...DRAFT, subject: "Un altre" })).ok).toBe(true);
  });

  it("an SMTP server that refuses: retried with growing waits, then 'failed' with the reason; nothing lost, retried later", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await subscribe(2);
    const { id } = (await queueNewsletter(ctx.db, DRAFT)) as { id: string };
    smtp.refuse = "5.2.1 Mailbox disabled";
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = Date.now();
      const outcome = await sendBatch(ctx, { rate: 1000, backoffMs: 1000 });
      const after = Date.now();
      expect(outcome.claimed).toBe(2);
      const [row] = await ctx.db.select().from(deliveries).limit(1);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toContain("Mailbox disabled");
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe("queued");
        // 1, 2, 4, 8 s after the refusal, which came between `before` and `after`.
        const wait = 1000 * 2 ** (attempt - 1);
        expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + wait);
        expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + wait);
        // Not due before its time: nothing is claimed.
        expect((await sendBatch(ctx, FAST)).claimed).toBe(0);
        await ctx.db.update(deliveries).set({ nextAttemptAt: new Date(Date.now() - 1) });
      } else expect(row!.status).toBe("failed");
    }
    expect(smtp.received).toHaveLength(0);
    const [history] = await newsletterHistory(ctx.db);
    expect(history).toMatchObject({ status: "sent", sent: 0, failed: 2, left: 0 });
    const failures = await failedDeliveries(ctx.db, id);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ email: "persona0@example.cat", attempts: MAX_ATTEMPTS, reason: expect.stringContaining("550") });

    // The mail server is fixed: the failed ones are sent, the others not again.
    smtp.refuse = null;
    expect(await retryFailed(ctx.db, id)).toBe(2);
    expect((await newsletterHistory(ctx.db))[0]!.status).toBe("sending");
    await drain(ctx);
    expect(smtp.received.map(recipient).sort()).toEqual(["persona0@example.cat", "persona1@example.cat"]);
    expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ status: "sent", sent: 2, failed: 0 });
  });

  it("an SMTP server that never answers: timed out, retried, then 'failed' with the timeout as reason", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => void sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as net.AddressInfo).port;
    ctx.mailer.close();
    ctx.mailer = createMailer(
      parseEnv({ DATA_DIR: ctx.env.DATA_DIR, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "campanya@example.cat" }),
      { connectionTimeout: 200, greetingTimeout: 200, socketTimeout: 200 },
    );
    try {
      await subscribe(1);
      await queueNewsletter(ctx.db, DRAFT);
      await drain(ctx);
      const [row] = await ctx.db.select().from(deliveries);
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: expect.stringMatching(/^ETIMEDOUT: /) });
      expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ status: "sent", failed: 1 });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it("after a crash, the deliveries left 'sending' go back to the queue (at start, or once their lease is over), sent once each", async () => {
    await subscribe(6);
    await queueNewsletter(ctx.db, DRAFT);
    // A crashed instance: it had claimed three, and sent none of them.
    await ctx.db.execute(
      sql`update newsletter_deliveries set status = 'sending', attempts = 1, lease_until = ${new Date(Date.now() + 60_000).toISOString()}
          where id in (select id from newsletter_deliveries limit 3)`,
    );
    // Another instance leaves them alone while the lease holds...
    await drain(ctx);
    expect(smtp.received).toHaveLength(3);
    expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ status: "sending", sent: 3, left: 3 });
    // ...and takes them over once it is past.
    await ctx.db.execute(
      sql`update newsletter_deliveries set lease_until = ${new Date(Date.now() - 1).toISOString()} where status = 'sending'`,
    );
    await drain(ctx);
    expect(smtp.received).toHaveLength(6);

    // At start with no other instance, at once.
    await queueNewsletter(ctx.db, { ...DRAFT, subject: "Segona" });
    await ctx.db.execute(
      sql`update newsletter_deliveries set status = 'sending', lease_until = ${new Date(Date.now() + 60_000).toISOString()} where status = 'queued'`,
    );
    expect(await requeueInterrupted(ctx.db)).toBe(6);
    await drain(ctx);
    const second = smtp.received.filter((m) => m.parsed.subject === "Segona").map(recipient);
    expect(second.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `persona${i}@example.cat`).sort());
  });

  it("the background worker sends at its rate, and when stopped puts back what it had not begun", async () => {
    await subscribe(12);
    await queueNewsletter(ctx.db, DRAFT);
    const started = Date.now();
    // 10 a second, in batches of up to 50: about a second for twelve.
    const worker = startNewsletterWorker(ctx, { rate: 10, pollMs: 20 });
    try {
      await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(3), { timeout: 30_000 });
    } finally {
      await worker.stop();
    }
    const sentBeforeStop = smtp.received.length;
    expect(sentBeforeStop).toBeLessThan(12);
    const rows = await ctx.db.select().from(deliveries);
    expect(rows.filter((d) => d.status === "sending")).toEqual([]);
    expect(rows.filter((d) => d.status === "sent")).toHaveLength(sentBeforeStop);
    expect(rows.filter((d) => d.status === "queued").every((d) => d.attempts === 0)).toBe(true);

    const again = startNewsletterWorker(ctx, { rate: 10, pollMs: 20 });
    try {
      await vi.waitFor(async () => expect((await newsletterHistory(ctx.db))[0]!.status).toBe("sent"), { timeout: 30_000 });
    } finally {
      await again.stop();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(new Set(smtp.received.map(recipient)).size).toBe(12);
    expect(smtp.received).toHaveLength(12);
  });

  it("two workers on one queue (two instances) send each message once", async () => {
    await subscribe(40);
    await queueNewsletter(ctx.db, DRAFT);
    const other = { ...ctx, mailer: createMailer(ctx.env) };
    await Promise.all([drain(ctx), drain(other)]);
    other.mailer.close();
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map(recipient)).size).toBe(40);
  });

  it("erasing a subscriber erases their queued deliveries: nothing is sent to them", async () => {
    const [gone] = await subscribe(3);
    await queueNewsletter(ctx.db, DRAFT);
    await ctx.db.delete(subs).where(eq(subs.id, gone!.id));
    expect(await ctx.db.select().from(deliveries).where(eq(deliveries.subscriptionId, gone!.id))).toEqual([]);
    await drain(ctx);
    expect(smtp.received.map(recipient).sort()).toEqual(["persona1@example.cat", "persona2@example.cat"]);
    expect((await newsletterHistory(ctx.db))[0]).toMatchObject({ status: "sent", recipients: 3, sent: 2 });
  });

  it("a test send goes at once to the staff member only, marked as a test, with a working (empty) unsubscribe link", async () => {
    await subscribe(2);
    await sendTestNewsletter(ctx, "gestor@penedes.cat", DRAFT);
    expect(smtp.received.map(recipient)).toEqual(["gestor@penedes.cat"]);
    expect(smtp.received[0]!.parsed.subject).toBe(`[Prova] ${DRAFT.subject}`);
    expect(header(smtp.received[0]!, "List-Unsubscribe")).toMatch(
      /^List-Unsubscribe: <https:\/\/bici\.example\.cat\/newsletter\/baixa\/[^@]+>$/,
    );
    expect(await ctx.db.select().from(deliveries)).toEqual([]);
  });
  it("an issue keeps its translations; a test send brings each language it is written in (decision 062)", async () => {
    await subscribe(1);
    const translated = {
      ...DRAFT,
      translations: { es: { subject: "Novedades del plan de la bici", body: "¡Hola!" }, en: { subject: "Only a subject" } },
    };
    await sendTestNewsletter(ctx, "gestor@penedes.cat", translated);
    // English has no text: only Catalan and Spanish are sent.
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([`[Prova] ${DRAFT.subject}`, "[Prova] Novedades del plan de la bici"]);
    expect(String(smtp.received[1]!.parsed.html)).toContain('<html lang="es">');
    // The footer in the version's language (the test goes to staff, not to a subscriber).
    expect(String(smtp.received[1]!.parsed.html)).toContain('<p style="font-size:small">Recibes este correo');

    smtp.received.length = 0;
    const queued = await queueNewsletter(ctx.db, translated);
    const [issue] = await ctx.db.select().from(issues);
    expect(issue?.translations).toEqual(translated.translations);
    await drain(ctx);
    // A subscriber who signed up in Catalan gets the Catalan issue.
    expect(queued.ok).toBe(true);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([DRAFT.subject]);
    expect(String(smtp.received[0]!.parsed.html)).toContain('<html lang="ca">');

    // One who signed up in Spanish gets the Spanish issue, its footer in Spanish; in English, where
    // staff wrote no text, the Catalan issue with an English footer marked as such.
    smtp.received.length = 0;
    await ctx.db.update(subs).set({ locale: "es" });
    await queueNewsletter(ctx.db, translated);
    await drain(ctx);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(["Novedades del plan de la bici"]);
    expect(String(smtp.received[0]!.parsed.html)).toContain('<html lang="es">');
    expect(String(smtp.received[0]!.parsed.html)).toContain('<p style="font-size:small">Recibes este correo');
    smtp.received.length = 0;
    await ctx.db.update(subs).set({ locale: "en" });
    await queueNewsletter(ctx.db, translated);
    await drain(ctx);
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([DRAFT.subject]);
    expect(String(smtp.received[0]!.parsed.html)).toContain('<html lang="ca">');
    expect(String(smtp.received[0]!.parsed.html)).toContain('<p style="font-size:small" lang="en">You are receiving');
  });
});
