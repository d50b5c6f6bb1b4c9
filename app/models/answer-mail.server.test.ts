import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { mapCommentSchema, reflectionSchema } from "~/lib/participation";
import { createTestContext } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import { startSmtpServer, type TestSmtpServer } from "~/test/smtp";
import { answerMailProblems, queueAnswerMails, requeueInterruptedAnswerMails, sendAnswerMails } from "./answer-mail.server";
import { publishAll, publishAnswer, saveAnswer, withdrawAnswer } from "./answers.server";
import { MAX_ATTEMPTS } from "./newsletter-send.server";

// Issue 31, second round (decision 068): the author who left an e-mail and ticked "Vull rebre la
// resposta de l'Ajuntament per correu" gets one e-mail when the answer is published, in the
// contribution's language, through a real SMTP server: never without the consent, never twice
// (edits, republishing, publish-all, a restart), retried and shown to staff when it fails.

const STAFF = { id: "00000000-0000-4000-8000-000000000001", email: "gestor@penedes.cat" };

describe.each(testBackends())("the author's answer e-mail on %s", (backend) => {
  let database: Database;
  let smtp: TestSmtpServer;
  let ctx: ReturnType<typeof createTestContext>;

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
    await ctx.db.delete(t.contributionAnswers);
    await ctx.db.delete(t.reflections);
    await ctx.db.delete(t.mapComments);
  });
  afterEach(() => {
    ctx.mailer.close();
    ctx.cleanup();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  const state = async (label: string) => (await ctx.db.select().from(t.answerStates).where(eq(t.answerStates.label, label)))[0]!.id;
  const reflection = async (values: Partial<typeof t.reflections.$inferInsert>) =>
    (
      await ctx.db
        .insert(t.reflections)
        .values({ reflection: "Volem aparcaments segurs a l'estació", status: "published", ...values })
        .returning()
    )[0]!.id;
  const answer = (id: string, text: string, stateId: string, publish = true, type: "reflection" | "map_comment" = "reflection") =>
    ctx.db.transaction((tx) => saveAnswer(tx, { item: { type, id }, stateId, text, publish }, STAFF));
  const drain = async () => {
    for (let i = 0; i < 20; i++) if ((await sendAnswerMails(ctx, { backoffMs: 0 })).claimed === 0) return;
  };
  const queue = () => ctx.db.select().from(t.answerNotifications);

  it("the form stores the consent only with an e-mail, and the database refuses it without one", async () => {
    expect(reflectionSchema.parse({ reflection: "Hola", email: "anna@example.cat", privacy: "on", answerConsent: "on" })).toMatchObject({
      answerConsent: true,
      privacyAccepted: true,
    });
    // Separate from the newsletter's: the answer without the newsletter, and the reverse.
    expect(reflectionSchema.parse({ reflection: "Hola", email: "anna@example.cat", privacy: "on" })).toMatchObject({
      answerConsent: false,
    });
    expect(reflectionSchema.parse({ reflection: "Hola", answerConsent: "on" })).toMatchObject({ answerConsent: false, email: null });
    expect(mapCommentSchema.parse({ comment: "Cruïlla", privacy: "on", email: "a@example.cat", answerConsent: "on" })).toMatchObject({
      answerConsent: true,
    });
    expect(mapCommentSchema.parse({ comment: "Cruïlla", privacy: "on", answerConsent: "on" })).toMatchObject({ answerConsent: false });
    await expect(reflection({ email: null, answerConsent: true })).rejects.toThrow();
  });

  it("sends one e-mail, in the contribution's language, to the author who asked; none to those who did not", async () => {
    const accepted = await state("Acceptada");
    const asked = await reflection({ email: "anna@example.cat", answerConsent: true, locale: "es", reflection: "Carril bici a la N-340" });
    const newsletterOnly = await reflection({ email: "pere@example.cat", privacyAccepted: true });
    const anonymous = await reflection({});
    const comment = (
      await ctx.db
        .insert(t.mapComments)
        .values({ comment: "Cruïlla perillosa", email: "marta@example.cat", answerConsent: true, status: "published" })
        .returning()
    )[0]!.id;
    for (const id of [asked, newsletterOnly, anonymous]) await answer(id, "Ho **incorporem** al pla director.", accepted);
    await answer(comment, "Ho estudiarem amb l'Ajuntament.", accepted, false, "map_comment");
    await drain();
    expect(smtp.received.map((m) => m.to)).toEqual([["anna@example.cat"]]);
    const mail = smtp.received[0]!.parsed;
    expect(mail.subject).toBe("El Ayuntamiento ha respondido a tu aportación");
    expect(mail.text).toContain("Carril bici a la N-340");
    expect(mail.text).toContain("Estado: Acceptada");
    expect(mail.text).toContain("Ho **incorporem** al pla director.");
    expect(mail.text).toContain(`https://bici.example.cat/es/aportaciones?tipus=reflection#aportacio-${asked}`);
    expect(mail.html).toContain("<strong>incorporem</strong>");
    expect(mail.html).toContain('<html lang="es">');

    // The draft of the map comment sent nothing; its publication sends its e-mail, in Catalan.
    await ctx.db.transaction((tx) => publishAnswer(tx, { type: "map_comment", id: comment }));
    await drain();
    expect(smtp.received.map((m) => m.to[0])).toEqual(["anna@example.cat", "marta@example.cat"]);
    expect(smtp.received[1]!.parsed.subject).toBe("L'Ajuntament ha respost la teva aportació");
  });

  it("never twice: an edit published again, a withdrawal and republication, publish-all and a restart send nothing more", async () => {
    const accepted = await state("Acceptada");
    const id = await reflection({ email: "anna@example.cat", answerConsent: true });
    await answer(id, "Primera resposta", accepted);
    await drain();
    expect(smtp.received).toHaveLength(1);

    await answer(id, "Resposta corregida", await state("En estudi"));
    await ctx.db.transaction((tx) => withdrawAnswer(tx, { type: "reflection", id }));
    await ctx.db.transaction((tx) => publishAnswer(tx, { type: "reflection", id }));
    await answer(id, "Tercera versió", accepted, false);
    await ctx.db.transaction((tx) => publishAll(tx));
    expect(await requeueInterruptedAnswerMails(ctx.db)).toBe(0);
    expect(await ctx.db.transaction((tx) => queueAnswerMails(tx))).toBe(0);
    await drain();
    expect(smtp.received).toHaveLength(1);
    expect(await queue()).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("a crash while sending: the message in flight is sent again once after the restart", async () => {
    const id = await reflection({ email: "anna@example.cat", answerConsent: true });
    await answer(id, "Resposta", await state("Acceptada"));
    // An instance claimed it and died before recording it.
    await ctx.db.update(t.answerNotifications).set({ status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) });
    await drain();
    expect(smtp.received).toHaveLength(0);
    expect(await requeueInterruptedAnswerMails(ctx.db)).toBe(1);
    await drain();
    await drain();
    expect(smtp.received).toHaveLength(1);
    expect(await queue()).toMatchObject([{ status: "sent" }]);
  });

  it("a withdrawal before the e-mail left takes it out of the queue; publishing again sends it once", async () => {
    const accepted = await state("Acceptada");
    const id = await reflection({ email: "anna@example.cat", answerConsent: true });
    await answer(id, "Resposta massa ràpida", accepted);
    await ctx.db.transaction((tx) => withdrawAnswer(tx, { type: "reflection", id }));
    await drain();
    expect(smtp.received).toHaveLength(0);
    expect(await queue()).toEqual([]);
    await ctx.db.transaction((tx) => publishAnswer(tx, { type: "reflection", id }));
    await drain();
    expect(smtp.received.map((m) => m.parsed.text?.includes("Resposta massa ràpida"))).toEqual([true]);
  });

  it("a refusing server: retried, then failed with its reason, which staff see", async () => {
    const id = await reflection({ email: "anna@example.cat", answerConsent: true });
    await answer(id, "Resposta", await state("Acceptada"));
    smtp.refuse = "Mailbox unavailable";
    await sendAnswerMails(ctx, { backoffMs: 0 });
    expect(await queue()).toMatchObject([{ status: "queued", attempts: 1 }]);
    expect(await answerMailProblems(ctx.db)).toMatchObject([{ key: `reflection:${id}`, failed: false }]);
    await drain();
    expect(await queue()).toMatchObject([{ status: "failed", attempts: MAX_ATTEMPTS }]);
    const [problem] = await answerMailProblems(ctx.db);
    expect(problem).toMatchObject({ failed: true });
    expect(problem!.reason).toContain("Mailbox unavailable");
    expect(smtp.received).toHaveLength(0);
  });
});
