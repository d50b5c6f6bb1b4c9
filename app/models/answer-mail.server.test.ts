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
import {
  answerMailProblems,
  answerMailStopState,
  answerMailStopToken,
  queueAnswerMails,
  requeueInterruptedAnswerMails,
  sendAnswerMails,
  stopAnswerMails,
} from "./answer-mail.server";
import { AnswerRefused, notifyAgain, publishAll, publishAnswer, saveAnswer, staffAnswers, withdrawAnswer } from "./answers.server";
import { ANSWER_TEXTS } from "~/lib/answers";
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
    expect(mail.text).toContain("Estado: Aceptada");
    expect(mail.html).toContain("<span>Aceptada</span>");
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

  it("names the answer's state in the mail's language; a state with no translation in Catalan, marked so (decision 062)", async () => {
    const [untranslated] = await ctx.db.insert(t.answerStates).values({ label: "Revisada", colour: "#424242", position: 9 }).returning();
    try {
      const english = await reflection({ email: "joan@example.cat", answerConsent: true, locale: "en" });
      const spanish = await reflection({ email: "anna@example.cat", answerConsent: true, locale: "es" });
      const catalan = await reflection({ email: "marta@example.cat", answerConsent: true, locale: "ca" });
      await answer(english, "Ho fem.", await state("Ja prevista al pla"));
      await answer(spanish, "Ho mirem.", untranslated!.id);
      await answer(catalan, "Ho fem.", await state("Ja prevista al pla"));
      await drain();
      const to = (address: string) => smtp.received.find((m) => m.to[0] === address)!.parsed;
      expect(to("joan@example.cat").text).toContain("Status: Already in the plan");
      expect(to("joan@example.cat").html).toContain("<span>Already in the plan</span>");
      expect(to("anna@example.cat").text).toContain("Estado: Revisada");
      expect(to("anna@example.cat").html).toContain('<span lang="ca">Revisada</span>');
      expect(to("marta@example.cat").text).toContain("Estat: Ja prevista al pla");
      expect(to("marta@example.cat").html).toContain("<span>Ja prevista al pla</span>");
    } finally {
      await ctx.db.delete(t.contributionAnswers);
      await ctx.db.delete(t.answerStates).where(eq(t.answerStates.id, untranslated!.id));
    }
  });

  it("names the public result of the plan the answer points to, in the mail's language; not one hidden before the e-mail left", async () => {
    const accepted = await state("Acceptada");
    const [resultState] = await ctx.db.select().from(t.resultStates).limit(1);
    const newResult = async (title: string, es: string) =>
      (
        await ctx.db
          .insert(t.results)
          .values({ title, stateId: resultState!.id, isActive: true, translations: { es: { title: es } } })
          .returning()
      )[0]!.id;
    const lane = await newResult("Carril bici de la N-340", "Carril bici de la N-340 (es)");
    const hiddenLater = await newResult("Aparcament de l'estació", "Aparcamiento de la estación");
    const spanish = await reflection({ email: "anna@example.cat", answerConsent: true, locale: "es" });
    const catalan = await reflection({ email: "pere@example.cat", answerConsent: true });
    await ctx.db.transaction((tx) =>
      saveAnswer(
        tx,
        { item: { type: "reflection", id: spanish }, stateId: accepted, text: "Ho fem.", publish: true, resultId: lane },
        STAFF,
      ),
    );
    await ctx.db.transaction((tx) =>
      saveAnswer(
        tx,
        { item: { type: "reflection", id: catalan }, stateId: accepted, text: "Ho farem.", publish: true, resultId: hiddenLater },
        STAFF,
      ),
    );
    // Hidden after the answer was published, before its e-mail left: the e-mail does not point to it.
    await ctx.db.update(t.results).set({ isActive: false }).where(eq(t.results.id, hiddenLater));
    await drain();
    const byTo = new Map(smtp.received.map((m) => [m.to[0], m.parsed]));
    const es = byTo.get("anna@example.cat")!;
    expect(es.text).toContain(
      `Lo seguimos en esta actuación del plan:\nCarril bici de la N-340 (es)\nhttps://bici.example.cat/es/seguimiento-del-plan/${lane}`,
    );
    expect(es.html).toContain(`href="https://bici.example.cat/es/seguimiento-del-plan/${lane}"`);
    const ca = byTo.get("pere@example.cat")!;
    expect(ca.text).not.toContain("seguiment-del-pla");
    expect(ca.text).not.toContain("Ho seguim en aquesta actuació");
    expect(ca.text).not.toContain("Aparcament de l'estació");
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

  it("again only when the published text changed and staff choose to: a second e-mail, once, saying it is new", async () => {
    const accepted = await state("Acceptada");
    const id = await reflection({ email: "anna@example.cat", answerConsent: true });
    const item = { type: "reflection" as const, id };
    const again = () => ctx.db.transaction((tx) => notifyAgain(tx, item));
    const refusal = async () => {
      const err = await again().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AnswerRefused);
      return (err as AnswerRefused).message;
    };
    // Not yet answered, a draft, an e-mail still queued: each refused, nothing queued.
    expect(await refusal()).toBe(ANSWER_TEXTS.noAnswer);
    await answer(id, "Primera resposta", accepted, false);
    expect(await refusal()).toBe(ANSWER_TEXTS.notifyNotPublished);
    await ctx.db.transaction((tx) => publishAnswer(tx, item));
    expect(await refusal()).toBe(ANSWER_TEXTS.notifyPending);
    await drain();
    expect(smtp.received).toHaveLength(1);
    // The same text: the author has it.
    expect(await refusal()).toBe(ANSWER_TEXTS.notifySameText);
    expect((await staffAnswers(ctx.db, [item])).get(`reflection:${id}`)).toMatchObject({ canNotifyAgain: false });
    // A draft change is not what the author would read: still refused.
    await answer(id, "Resposta corregida", accepted, false);
    expect(await refusal()).toBe(ANSWER_TEXTS.notifySameText);
    // Published: staff may tell the author, once.
    await ctx.db.transaction((tx) => publishAnswer(tx, item));
    expect((await staffAnswers(ctx.db, [item])).get(`reflection:${id}`)).toMatchObject({ canNotifyAgain: true });
    await again();
    expect(await refusal()).toBe(ANSWER_TEXTS.notifyPending);
    await drain();
    await drain();
    expect(smtp.received).toHaveLength(2);
    const second = smtp.received[1]!.parsed;
    expect(second.subject).toBe("L'Ajuntament ha actualitzat la resposta a la teva aportació");
    expect(second.text).toContain("Resposta corregida");
    expect(second.messageId).not.toBe(smtp.received[0]!.parsed.messageId);
    expect(await refusal()).toBe(ANSWER_TEXTS.notifySameText);
    expect(await queue()).toMatchObject([{ status: "sent", round: 2 }]);
    // Without the consent any more: nothing to send again.
    await answer(id, "Tercera versió", accepted);
    await ctx.db.update(t.reflections).set({ answerConsent: false });
    await again();
    await drain();
    expect(smtp.received).toHaveLength(2);
    expect(await refusal()).toBe(ANSWER_TEXTS.notifyNoMail);
  });

  it("every e-mail carries a way out: it stops the answers to every contribution of that address, and drops what is queued", async () => {
    const accepted = await state("Acceptada");
    const first = await reflection({ email: "Anna@Example.cat", answerConsent: true });
    const second = await reflection({ email: "anna@example.cat", answerConsent: true, reflection: "Una altra" });
    const comment = (
      await ctx.db
        .insert(t.mapComments)
        .values({ comment: "Cruïlla", email: "anna@example.cat", answerConsent: true, status: "published" })
        .returning()
    )[0]!.id;
    const other = await reflection({ email: "pere@example.cat", answerConsent: true });
    await answer(first, "Resposta", accepted);
    await drain();
    const mail = smtp.received[0]!.parsed;
    const link = /https:\/\/bici\.example\.cat\/respostes\/baixa\/(\S+)/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`/respostes/baixa/${link![1]}`);
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${link![0]}>`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const token = link![1]!;
    // Another answer is queued meanwhile, and another person's.
    await answer(comment, "Resposta al comentari", accepted, true, "map_comment");
    await answer(other, "Resposta a en Pere", accepted);
    expect(await answerMailStopState(ctx, token)).toBe("receiving");
    expect(await answerMailStopState(ctx, `${token.slice(0, -1)}x`)).toBe("invalid");
    expect(await stopAnswerMails(ctx, token)).toBe("gone");
    expect(await stopAnswerMails(ctx, token)).toBe("gone");
    expect(await answerMailStopState(ctx, token)).toBe("gone");
    const consents = [
      ...(await ctx.db.select({ c: t.reflections.answerConsent, e: t.reflections.email }).from(t.reflections)),
      ...(await ctx.db.select({ c: t.mapComments.answerConsent, e: t.mapComments.email }).from(t.mapComments)),
    ];
    expect(consents.filter((r) => r.c).map((r) => r.e)).toEqual(["pere@example.cat"]);
    await answer(second, "Resposta a la segona", accepted);
    await drain();
    expect(smtp.received.map((m) => m.to[0]?.toLowerCase())).toEqual(["anna@example.cat", "pere@example.cat"]);
    // A token made for no answer, or by another key, is not ours.
    expect(await answerMailStopState(ctx, answerMailStopToken("un-altre-secret", crypto.randomUUID()))).toBe("invalid");
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
