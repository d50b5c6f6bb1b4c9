import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { parseEnv } from "~/infra/env.server";
import { createMailer } from "~/infra/mail.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "~/test/smtp";
import * as results from "~/routes/admin/results.server";
import * as entries from "~/routes/admin/result-entries.server";
import * as resultPage from "~/routes/seguiment-actuacio";
import * as trackerPage from "~/routes/seguiment";
import { confirmFollow, followConfirmToken, followUnsubscribeToken, sendResultMails, unfollow } from "./result-follows.server";

// Following a result (issue 35, decision 069) on both databases, through the real staff actions,
// the public forms and a real SMTP server: a status change and a new timeline entry make exactly
// one e-mail per confirmed follower (unconfirmed get none; an address following the result and its
// municipality gets one), consenting authors of linked contributions get it too, unfollowing works
// (List-Unsubscribe on every message), and a hidden result sends nothing.

const DAY = 24 * 60 * 60 * 1000;

describe.each(testBackends())("following a result on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    bed.ctx.mailer.close();
    await smtp.close();
  });
  beforeEach(async () => {
    bed.ctx.env = parseEnv({
      DATA_DIR: bed.ctx.env.DATA_DIR,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Al Penedès <campanya@example.cat>",
      PUBLIC_URL: "https://bici.example.cat",
    });
    bed.ctx.mailer = createMailer(bed.ctx.env);
    smtp.received.length = 0;
    for (const table of [t.resultFollows, t.results, t.reflections, t.rateLimits]) await db().delete(table);
  });

  const stateId = async (label: string) => (await db().select().from(t.resultStates).where(eq(t.resultStates.label, label)))[0]!.id;
  const createResult = async (fields: Record<string, string> = {}) => {
    const answer = await post(results.action, {
      intent: "create",
      title: "Carril bici de la BV-2127",
      progress: "10",
      stateId: await stateId("Proposada"),
      municipalities: "Vilafranca del Penedès",
      isActive: "true",
      ...fields,
    });
    expect(answer).toMatchObject({ ok: true });
    return (await db().select().from(t.results))[0]!;
  };
  /** A visitor's post of the follow form, on a result's page or on the tracker. */
  const followResult = async (id: string, email: string, locale = "") => {
    const out = (await resultPage.action(
      routeArgs(bed.ctx, `${locale}/seguiment-del-pla/${id}`, {
        method: "POST",
        body: new URLSearchParams({ email }),
        params: { id },
      }) as never,
    )) as unknown as { data: { follow: { ok: boolean; message: string } }; init: ResponseInit | null };
    return { ...out.data.follow, status: out.init?.status ?? 200 };
  };
  const followMunicipality = async (municipality: string, email: string) => {
    const out = (await trackerPage.action(
      routeArgs(bed.ctx, "/seguiment-del-pla", { method: "POST", body: new URLSearchParams({ email, municipality }) }) as never,
    )) as unknown as { data: { follow: { ok: boolean; message: string } }; init: ResponseInit | null };
    return { ...out.data.follow, status: out.init?.status ?? 200 };
  };
  const confirm = async (email: string) => {
    const [row] = await db().select().from(t.resultFollows).where(eq(t.resultFollows.email, email));
    expect(await confirmFollow(bed.ctx, followConfirmToken(bed.ctx.sessionSecret, row!.id, new Date(Date.now() + DAY)))).toBe("confirmed");
    return row!.id;
  };
  const drain = async () => {
    for (let i = 0; i < 20; i++) if ((await sendResultMails(bed.ctx, { backoffMs: 0 })).claimed === 0) return;
  };
  /** A header line as it came over the wire (unfolded). */
  const header = (m: ReceivedMail, name: string) =>
    m.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n\s+/g, " ") ?? "";
  const news = () => smtp.received.filter((m) => !/Confirma/.test(m.parsed.subject ?? ""));
  const recipients = () =>
    news()
      .flatMap((m) => m.to)
      .sort();

  it("a status change makes exactly one e-mail per confirmed follower; unconfirmed ones get none", async () => {
    const result = await createResult();
    expect(await followResult(result.id, "anna@example.cat")).toMatchObject({ ok: true, message: "sent", status: 200 });
    expect(await followResult(result.id, "pere@example.cat")).toMatchObject({ ok: true, message: "sent" });
    expect(await followResult(result.id, "nomesdemana@example.cat")).toMatchObject({ ok: true, message: "sent" });
    expect(await followMunicipality("Vilafranca del Penedès", "marta@example.cat")).toMatchObject({ ok: true, message: "sent" });
    // Anna follows the result and its municipality: one e-mail still.
    expect(await followMunicipality("Vilafranca del Penedès", "anna@example.cat")).toMatchObject({ ok: true });
    // Another municipality's follower hears nothing of it.
    expect(await followMunicipality("Gelida", "gelida@example.cat")).toMatchObject({ ok: true });
    // The confirmation e-mail: the link, no address of anyone else, List-Unsubscribe.
    const confirmation = smtp.received.find((m) => m.to.includes("anna@example.cat"))!;
    expect(confirmation.parsed.text).toContain("https://bici.example.cat/seguiment-del-pla/confirma/");
    expect(header(confirmation, "List-Unsubscribe")).toContain("/seguiment-del-pla/baixa/");
    for (const email of ["anna@example.cat", "pere@example.cat", "marta@example.cat", "gelida@example.cat"]) await confirm(email);
    await db().update(t.resultFollows).set({ status: "confirmed" }).where(eq(t.resultFollows.email, "anna@example.cat"));
    smtp.received.length = 0;

    expect(
      await post(results.action, {
        intent: "update",
        id: result.id,
        title: result.title,
        progress: "40",
        stateId: await stateId("En obres"),
        municipalities: "Vilafranca del Penedès",
        isActive: "true",
      }),
    ).toMatchObject({ ok: true });
    await drain();
    expect(recipients()).toEqual(["anna@example.cat", "marta@example.cat", "pere@example.cat"]);
    const mail = news().find((m) => m.to.includes("pere@example.cat"))!;
    expect(mail.parsed.subject).toBe("Novetats de l'actuació: Carril bici de la BV-2127");
    expect(mail.parsed.text).toContain("Ara és en l'estat: En obres.");
    expect(mail.parsed.text).toContain(`https://bici.example.cat/seguiment-del-pla/${result.id}`);
    expect(header(mail, "List-Unsubscribe")).toMatch(/^List-Unsubscribe: <https:\/\/bici\.example\.cat\/seguiment-del-pla\/baixa\/.+>$/);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.parsed.text).not.toContain("anna@");

    // An edit that keeps the state is no news; sending again sends nothing more.
    smtp.received.length = 0;
    await post(results.action, {
      intent: "update",
      id: result.id,
      title: result.title,
      progress: "60",
      stateId: await stateId("En obres"),
      municipalities: "Vilafranca del Penedès",
      isActive: "true",
    });
    await drain();
    expect(news()).toHaveLength(0);
  });

  it("a new timeline entry reaches the followers and the consenting authors of linked contributions, in their language", async () => {
    const [consenting, silent] = await db()
      .insert(t.reflections)
      .values([
        { reflection: "Volem un carril segur", email: "autora@example.cat", answerConsent: true, status: "published", locale: "es" },
        { reflection: "Jo també", email: "callat@example.cat", answerConsent: false, status: "published" },
      ])
      .returning();
    const result = await createResult({ contributionRefs: `reflection:${consenting!.id}\nreflection:${silent!.id}` });
    await followResult(result.id, "joan@example.cat", "/en");
    await confirm("joan@example.cat");
    smtp.received.length = 0;
    expect(await post(entries.action, { intent: "create", resultId: result.id, date: "2026-11-20", text: "Inici d'obres" })).toMatchObject({
      ok: true,
    });
    await drain();
    expect(recipients()).toEqual(["autora@example.cat", "joan@example.cat"]);
    const english = news().find((m) => m.to.includes("joan@example.cat"))!;
    expect(english.parsed.subject).toBe("News of the action: Carril bici de la BV-2127");
    expect(english.parsed.text).toContain("Inici d'obres");
    expect(english.parsed.text).toContain("https://bici.example.cat/en/plan-progress/");
    const author = news().find((m) => m.to.includes("autora@example.cat"))!;
    expect(author.parsed.subject).toMatch(/^Novedades de la actuación/);

    // The author leaves with the message's link: the next entry does not follow them again.
    const token = header(author, "List-Unsubscribe").slice(0, -1).split("/").pop()!;
    expect(await unfollow(bed.ctx, token)).toBe("gone");
    smtp.received.length = 0;
    await post(entries.action, { intent: "create", resultId: result.id, date: "2026-12-01", text: "Asfaltat" });
    await drain();
    expect(recipients()).toEqual(["joan@example.cat"]);
  });

  it("unfollowing works: the follow and its address are erased, and no e-mail follows", async () => {
    // (A result in no municipality: only its own followers.)
    const result = await createResult({ municipalities: "" });
    await followResult(result.id, "anna@example.cat");
    await followResult(result.id, "queda@example.cat");
    await confirm("queda@example.cat");
    const id = await confirm("anna@example.cat");
    expect(await unfollow(bed.ctx, `${id}.forged`)).toBe("invalid");
    expect(await unfollow(bed.ctx, followUnsubscribeToken(bed.ctx.sessionSecret, id))).toBe("gone");
    expect(await unfollow(bed.ctx, followUnsubscribeToken(bed.ctx.sessionSecret, id))).toBe("gone");
    expect(await db().$count(t.resultFollows, eq(t.resultFollows.email, "anna@example.cat"))).toBe(0);
    smtp.received.length = 0;
    await post(entries.action, { intent: "create", resultId: result.id, date: "2026-11-20", text: "Inici d'obres" });
    await drain();
    expect(recipients()).toEqual(["queda@example.cat"]);
  });

  it("a hidden result sends nothing and cannot be followed; news queued before it was hidden is dropped", async () => {
    const result = await createResult();
    await followResult(result.id, "anna@example.cat");
    await confirm("anna@example.cat");
    // Queued while public, hidden before the worker ran: dropped.
    await post(entries.action, { intent: "create", resultId: result.id, date: "2026-11-20", text: "Inici d'obres" });
    expect(await post(results.action, { intent: "toggle", id: result.id, isActive: "false" })).toMatchObject({ ok: true });
    smtp.received.length = 0;
    await drain();
    // Hidden: a new entry or state queues nothing.
    await post(entries.action, { intent: "create", resultId: result.id, date: "2026-11-21", text: "Més obres" });
    await post(results.action, {
      intent: "update",
      id: result.id,
      title: result.title,
      progress: "100",
      stateId: await stateId("Feta"),
      municipalities: "Vilafranca del Penedès",
    });
    expect(await db().$count(t.resultNotifications)).toBe(0);
    await drain();
    expect(news()).toHaveLength(0);
    // A visitor cannot follow it, nor a municipality that is not the county's; bad input stores nothing.
    expect(await followResult(result.id, "nou@example.cat")).toMatchObject({ ok: false, message: "unknown", status: 404 });
    expect(await followMunicipality("Barcelona", "nou@example.cat")).toMatchObject({ ok: false, message: "unknown" });
    expect(await followMunicipality("Gelida", "no-es-un-correu")).toMatchObject({ ok: false, message: "invalid", status: 400 });
    expect(await db().$count(t.resultFollows)).toBe(1);
  });
});
