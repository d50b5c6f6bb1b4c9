import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { addWorkingDays, councilDay, referenceOf } from "~/domain/accessibility-requests";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { ACCESSIBILITY_REQUEST_RATE_LIMIT } from "~/infra/rate-limit.server";
import { formatLongDate } from "~/lib/dates";
import { ACCESSIBILITY_REQUEST_TEXTS, LIMITS, MESSAGES } from "~/lib/participation";
import { createAccessibilityRequest } from "~/models/participation.server";
import { accessibilityRequestTodo } from "~/models/accessibility-requests.server";
import * as queue from "~/routes/admin/accessibility-requests.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { sayIn } from "~/test/i18n";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";

// The accessibility statement's form and its staff queue (issue 33, decision 064).

const post = (fields: Record<string, string>, path = "/declaracio-accessibilitat/sollicitud") =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const VALID = {
  kind: "information",
  name: "Núria",
  email: "nuria@example.cat",
  about: "/recursos, el PDF del pla",
  message: "Necessito el document del pla en un format que pugui llegir amb el lector de pantalla.",
};

describe.each(testBackends())("accessibility requests on %s", (backend) => {
  const bed = adminTestBed(backend);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    // A real SMTP server on loopback, as in production.
    bed.ctx.env = parseEnv({ DATA_DIR: bed.ctx.env.DATA_DIR, SMTP_URL: smtp.url, MAIL_FROM: "Al Penedès <campanya@example.cat>" });
    bed.ctx.mailer = createMailer(bed.ctx.env);
    smtp.received.length = 0;
    smtp.refuse = null;
  });
  const rows = async () => (await bed.ctx.db.select({ n: count() }).from(t.accessibilityRequests))[0]!.n;
  const client = (name: string) => ({ ...bed.ctx, clientKey: `${name}-${backend}` });

  it("refuses missing, empty, malformed and over-long input field by field, in Catalan, storing and sending nothing", async () => {
    const T = ACCESSIBILITY_REQUEST_TEXTS;
    const cases: [Record<string, string>, string, string][] = [
      [{ ...VALID, kind: "" }, "kind", T.kindRequired],
      [{ ...VALID, kind: "queixa" }, "kind", T.kindRequired],
      [{ ...VALID, about: "   " }, "about", T.aboutRequired],
      [{ ...VALID, about: "x".repeat(LIMITS.about + 1) }, "about", T.aboutTooLong],
      [{ ...VALID, message: "" }, "message", T.messageRequired],
      [{ ...VALID, message: "x".repeat(LIMITS.message + 1) }, "message", T.messageTooLong],
      [{ ...VALID, email: "" }, "email", MESSAGES.emailInvalid],
      [{ ...VALID, email: "no-és-un-correu" }, "email", MESSAGES.emailInvalid],
      [{ ...VALID, name: "n".repeat(LIMITS.name + 1) }, "name", MESSAGES.nameTooLong],
    ];
    for (const [fields, field, key] of cases) {
      const { status, result } = await createAccessibilityRequest(post(fields), client("bad"));
      expect(status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(result.ok ? {} : result.errors).toMatchObject({ [field]: key });
    }
    // Said in Catalan, clearly.
    expect(sayIn("ca", T.kindRequired)).toBe("Tria si fas una comunicació o una sol·licitud d'informació.");
    expect(sayIn("ca", T.aboutTooLong)).toBe(`La pàgina o el contingut pot tenir com a màxim ${LIMITS.about} caràcters.`);
    // What was typed comes back for a page without JavaScript; never the e-mail.
    const { result } = await createAccessibilityRequest(post({ ...VALID, kind: "" }), client("bad"));
    expect(result.ok ? null : result.values).toMatchObject({ about: VALID.about, message: VALID.message, name: VALID.name });
    expect(JSON.stringify(result)).not.toContain(VALID.email);
    expect(await rows()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("stores a request with its 20 working-day due date, acknowledges it on the page and by e-mail in its language", async () => {
    const { status, result } = await createAccessibilityRequest(post(VALID, "/es/declaracion-de-accesibilidad/solicitud"), client("ok"));
    expect(status).toBe(200);
    const [row] = await bed.ctx.db.select().from(t.accessibilityRequests).orderBy(desc(t.accessibilityRequests.createdAt)).limit(1);
    expect(row).toMatchObject({ ...VALID, status: "pending", locale: "es", answeredAt: null });
    expect(row!.dueOn).toBe(addWorkingDays(councilDay(row!.createdAt), 20));
    expect(row!.ackSentAt).not.toBeNull();
    const reference = referenceOf(row!.id);
    expect(result).toEqual({ ok: true, message: ACCESSIBILITY_REQUEST_TEXTS.success(formatLongDate(row!.dueOn, "es"), reference) });
    expect(sayIn("es", result.message!.description!, result.ok ? result.message.values : {})).toContain(reference);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([VALID.email]);
    expect(mail.parsed.subject).toBe(`Hemos recibido tu solicitud de accesibilidad (${reference})`);
    expect(mail.parsed.text).toContain(formatLongDate(row!.dueOn, "es"));
    expect(mail.parsed.text).toContain(VALID.message);
    expect(mail.parsed.html).toContain('lang="es"');
  });

  it("keeps the request when the mail server refuses the acknowledgement, and says so", async () => {
    smtp.refuse = "550 mailbox unavailable";
    const before = await rows();
    const { status, result } = await createAccessibilityRequest(post({ ...VALID, email: "refused@example.cat" }), client("refused"));
    expect(status).toBe(200);
    expect(await rows()).toBe(before + 1);
    const [row] = await bed.ctx.db.select().from(t.accessibilityRequests).where(eq(t.accessibilityRequests.email, "refused@example.cat"));
    expect(row!.ackSentAt).toBeNull();
    expect(result).toEqual({
      ok: true,
      message: ACCESSIBILITY_REQUEST_TEXTS.successNoMail(formatLongDate(row!.dueOn, "ca"), referenceOf(row!.id)),
    });
  });

  it("a bot that fills the honeypot is thanked and nothing is stored or sent", async () => {
    const before = await rows();
    const { status } = await createAccessibilityRequest(post({ ...VALID, website: "http://spam.example" }), client("bot"));
    expect(status).toBe(200);
    expect(await rows()).toBe(before);
    expect(smtp.received).toHaveLength(0);
  });

  it("is limited per client with a clear 429 in Catalan", async () => {
    const limited = client("limited");
    for (let i = 0; i < ACCESSIBILITY_REQUEST_RATE_LIMIT.points; i++)
      expect((await createAccessibilityRequest(post({}), limited)).status).toBe(400);
    const before = await rows();
    const res = await createAccessibilityRequest(post(VALID), limited);
    expect(res.status).toBe(429);
    expect(res.result.message?.title).toBe(MESSAGES.tooMany);
    expect(await rows()).toBe(before);
    expect((await createAccessibilityRequest(post({}), client("another"))).status).toBe(400);
  });

  it("staff see the queue with the date received and the due date, mark a request answered and back, audited", async () => {
    await createAccessibilityRequest(post({ ...VALID, kind: "communication", email: "queue@example.cat" }), client("queue"));
    const [row] = await bed.ctx.db.select().from(t.accessibilityRequests).where(eq(t.accessibilityRequests.email, "queue@example.cat"));
    const load = async (search = "") =>
      (await (queue.loader as (a: unknown) => Promise<unknown>)(
        routeArgs(bed.ctx, `/admin/sollicituds-accessibilitat${search}`, { headers: { Cookie: bed.cookie } }),
      )) as Awaited<ReturnType<typeof queue.loader>>;
    const listed = (await load()).list.rows.find((r) => r.id === row!.id);
    expect(listed).toMatchObject({ email: "queue@example.cat", status: "pending", dueOn: row!.dueOn });
    expect(new Date(listed!.createdAt).getTime()).toBe(row!.createdAt.getTime());
    expect(await accessibilityRequestTodo(bed.ctx.db)).toMatchObject({ overdue: 0 });
    // Past its due date, it counts as overdue on the dashboard.
    const later = new Date(`${addWorkingDays(row!.dueOn, 1)}T12:00:00Z`);
    expect((await accessibilityRequestTodo(bed.ctx.db, later)).overdue).toBeGreaterThanOrEqual(1);

    expect(await bed.post(queue.action, { id: row!.id, intent: "answer" })).toMatchObject({ ok: true, message: queue.MARKED_ANSWERED });
    const [answered] = await bed.ctx.db.select().from(t.accessibilityRequests).where(eq(t.accessibilityRequests.id, row!.id));
    expect(answered).toMatchObject({ status: "answered", answeredByEmail: expect.stringContaining("@") });
    expect(answered!.answeredAt).not.toBeNull();
    // Twice: nothing to change.
    expect(await bed.post(queue.action, { id: row!.id, intent: "answer" })).toMatchObject({ ok: false, status: 409 });
    expect((await load("?estat=answered")).list.rows.map((r) => r.id)).toContain(row!.id);
    expect((await load("?estat=pending")).list.rows.map((r) => r.id)).not.toContain(row!.id);

    expect(await bed.post(queue.action, { id: row!.id, intent: "reopen" })).toMatchObject({ ok: true, message: queue.MARKED_PENDING });
    const audit = await bed.ctx.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, row!.id)).orderBy(t.auditLog.at);
    expect(audit.map((a) => [a.entity, a.action])).toEqual([
      ["accessibility_request", "answer"],
      ["accessibility_request", "reopen"],
    ]);

    for (const bad of [{ id: "x", intent: "answer" }, { id: row!.id, intent: "delete" }, {}])
      expect(await bed.post(queue.action, bad as Record<string, string>)).toMatchObject({ ok: false, status: 400 });
    await bed.expectNonFormRefused(queue.action);
  });

  it("moderators may use the queue; editors may not", async () => {
    const call = async (cookie: string) =>
      (queue.loader as (a: unknown) => Promise<unknown>)(
        routeArgs(bed.ctx, "/admin/sollicituds-accessibilitat", { headers: { Cookie: cookie } }),
      ).then(
        () => 200,
        (e: unknown) => (e instanceof Response ? e.status : (e as { init?: ResponseInit }).init?.status),
      );
    expect(await call((await signedInAs(bed.ctx, "moderator")).cookie)).toBe(200);
    expect(await call((await signedInAs(bed.ctx, "editor")).cookie)).toBe(403);
  });
});
