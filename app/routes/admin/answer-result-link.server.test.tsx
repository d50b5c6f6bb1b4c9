import { eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ANSWER_TEXTS, MAX_HEARD_INTRO, PUBLISH_TEXTS } from "~/lib/answers";
import { Markdown } from "~/lib/markdown";
import { contributionsPage, latestContributions } from "~/models/content.server";
import { queueResultNews } from "~/models/result-follows.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as publicLayout from "../public-layout";
import * as report from "../que-hem-escoltat";
import * as resultPage from "../seguiment-actuacio";
import * as answers from "./answers.server";
import * as moderation from "./moderation.server";

// Decision 075: an answer points to a result of the plan ("Ho seguim aquí"), only a public result
// may be linked when publishing and a result hidden later drops out; the result's page lists the
// contributions linked from a published answer (one rule with its own links); the report's
// introduction and its featured contributions; the home's pointer to the report; who may do what.

describe.each(testBackends())("answers linked to results, and the report, on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;

  beforeEach(async () => {
    await db().delete(t.contributionAnswers);
    await db().delete(t.resultNotifications);
    await db().delete(t.resultFollows);
    await db().delete(t.results);
    await db().delete(t.siteSettings).where(eq(t.siteSettings.key, "heard_intro"));
    for (const table of [t.reflections, t.mapComments, t.auditLog, t.contributionReports]) await db().delete(table);
  });

  const stateId = async (label: string) => (await db().select().from(t.answerStates).where(eq(t.answerStates.label, label)))[0]!.id;
  const reflection = async (text: string, more: Partial<typeof t.reflections.$inferInsert> = {}) =>
    (
      await db()
        .insert(t.reflections)
        .values({ reflection: text, name: "Anna", status: "published", ...more })
        .returning()
    )[0]!.id;
  const result = async (title: string, isActive: boolean, translations = {}) => {
    const [st] = await db().select().from(t.resultStates).limit(1);
    return (await db().insert(t.results).values({ title, stateId: st!.id, isActive, translations }).returning())[0]!.id;
  };
  const setPublic = (id: string, isActive: boolean) => db().update(t.results).set({ isActive }).where(eq(t.results.id, id));
  const answerOn = async (id: string) => (await contributionsPage(db(), null, 1, "ca")).items.find((c) => c.id === id)?.answer ?? null;
  const resultLoad = async (id: string) =>
    resultPage.loader(routeArgs(bed.ctx, `/seguiment-del-pla/${id}`, { params: { id } }) as never) as Promise<{
      contributions: { id: string }[];
    }>;
  const reportLoad = async (path = "/que-hem-escoltat") =>
    report.loader(routeArgs(bed.ctx, path) as never) as ReturnType<typeof report.loader>;
  const asModerator = async (fields: Record<string, string>) => {
    const { cookie } = await signedInAs(bed.ctx, "moderator");
    const out = (await answers.action(
      routeArgs(bed.ctx, "/admin/respostes", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }) as never,
    )) as { data: { ok: boolean; error?: string }; init: ResponseInit | null };
    return { ...out.data, status: out.init?.status ?? 200 };
  };

  it("a draft's link reaches no page; publishing shows «Ho seguim aquí» in the page's language and lists it on the result; clearing it needs publishing too", async () => {
    const carril = await result("Carril bici de l'estació de Vilafranca", true, { es: { title: "Carril bici de la estación" } });
    const id = await reflection("Volem un carril fins a l'estació");
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    expect(await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Ho farem.", resultId: carril })).toMatchObject({
      ok: true,
    });
    expect((await db().select().from(t.contributionAnswers))[0]).toMatchObject({ resultId: carril, publishedResultId: null });
    expect(await answerOn(id)).toBeNull();
    expect((await resultLoad(carril)).contributions).toEqual([]);

    expect(await post(answers.action, { intent: "publish", item })).toMatchObject({ ok: true });
    expect((await answerOn(id))!.result).toEqual({ id: carril, title: { text: "Carril bici de l'estació de Vilafranca" } });
    expect((await latestContributions(db(), "ca")).find((c) => c.id === id)!.answer!.result!.id).toBe(carril);
    // In Spanish its translation; in English (none) the Catalan title, marked as such.
    const inEs = (await contributionsPage(db(), null, 1, "es")).items.find((c) => c.id === id)!.answer!.result!;
    expect(inEs.title).toEqual({ text: "Carril bici de la estación" });
    const inEn = (await contributionsPage(db(), null, 1, "en")).items.find((c) => c.id === id)!.answer!.result!;
    expect(inEn.title).toEqual({ text: "Carril bici de l'estació de Vilafranca", lang: "ca" });
    // One rule for the result's page: its own links and the published answers' (each once).
    expect((await resultLoad(carril)).contributions.map((c) => c.id)).toEqual([id]);
    await db()
      .update(t.results)
      .set({ contributionRefs: [item] })
      .where(eq(t.results.id, carril));
    expect((await resultLoad(carril)).contributions.map((c) => c.id)).toEqual([id]);
    await db().update(t.results).set({ contributionRefs: [] }).where(eq(t.results.id, carril));

    // Taking the link out is a change to publish: until then the public keeps the published link.
    await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Ho farem.", resultId: "" });
    expect((await answerOn(id))!.result?.id).toBe(carril);
    const list = await answers.loader(
      routeArgs(bed.ctx, "/admin/respostes?resposta=esborrany", { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(list.items.map((i) => i.id)).toEqual([id]);
    expect(list.publishable).toBe(1);
    expect(await post(answers.action, { intent: "publish_all" })).toMatchObject({ ok: true });
    expect((await answerOn(id))!.result).toBeUndefined();
    expect((await resultLoad(carril)).contributions).toEqual([]);

    // A form without the field (the moderation queue's) keeps the link the answer has.
    await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Ho farem.", resultId: carril });
    await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Ho farem aviat." });
    expect((await db().select().from(t.contributionAnswers))[0]!.resultId).toBe(carril);
    // A deleted result leaves the answer without it.
    await post(answers.action, { intent: "publish", item });
    await db().delete(t.results).where(eq(t.results.id, carril));
    expect((await db().select().from(t.contributionAnswers))[0]).toMatchObject({ resultId: null, publishedResultId: null });
    expect((await answerOn(id))!.text).toBe("Ho farem aviat.");

    const audit = await db().select().from(t.auditLog).where(eq(t.auditLog.entity, "answer")).orderBy(t.auditLog.at);
    expect(audit[0]!.after).toMatchObject({ resultId: carril });
  });

  it("only a public result may be linked when publishing; a result hidden later leaks nowhere and comes back when shown", async () => {
    const hidden = await result("Actuació secreta encara no pública", false);
    const shown = await result("Aparcament segur a Sant Sadurní", true);
    const id = await reflection("Calen aparcaments");
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    const answer = (resultId: string, publish = "") =>
      post(answers.action, { intent: "answer", item, stateId: accepted, text: "Resposta enllaçada", resultId, publish });

    // Publishing with a hidden result: refused, nothing stored.
    expect(await answer(hidden, "true")).toMatchObject({ ok: false, error: ANSWER_TEXTS.resultNotPublic, status: 409 });
    expect(await db().select().from(t.contributionAnswers)).toEqual([]);
    // Unknown results: refused with the same clear message.
    for (const bad of ["00000000-0000-4000-8000-000000000000", "no-és-un-id"])
      expect(await answer(bad), bad).toMatchObject({ ok: false, error: ANSWER_TEXTS.resultUnknown, status: 400 });
    expect(await db().select().from(t.contributionAnswers)).toEqual([]);
    // A draft may point to it (the result may become public first); publishing waits for it.
    expect(await answer(hidden)).toMatchObject({ ok: true });
    expect(await post(answers.action, { intent: "publish", item })).toMatchObject({ ok: false, error: ANSWER_TEXTS.resultNotPublic });
    expect(await post(answers.action, { intent: "publish_all" })).toMatchObject({ ok: false, error: ANSWER_TEXTS.nothingToPublish });
    expect((await db().select().from(t.contributionAnswers))[0]!.publishedAt).toBeNull();
    expect(await everyPublicLoader(bed.ctx, [hidden, shown])).not.toContain("Actuació secreta");

    // Linked to a public result and published; then the result is hidden: the answer stays, the link goes.
    expect(await answer(shown, "true")).toMatchObject({ ok: true });
    expect(await everyPublicLoader(bed.ctx, [shown])).toContain("Aparcament segur a Sant Sadurní");
    await setPublic(shown, false);
    const walk = await everyPublicLoader(bed.ctx, [shown, hidden]);
    expect(walk).not.toContain("Aparcament segur a Sant Sadurní");
    expect(walk).not.toContain(shown);
    expect(walk).toContain("Resposta enllaçada");
    expect((await answerOn(id))!.result).toBeUndefined();
    // Shown again: the published link is back, without publishing anything.
    await setPublic(shown, true);
    expect((await answerOn(id))!.result?.id).toBe(shown);
  });

  it("the authors of contributions linked by a published answer hear the result's news, as those the result links", async () => {
    const carril = await result("Carril amb notícies", true);
    const id = await reflection("Aviseu-me", { email: "autora@example.cat", answerConsent: true });
    const [st] = await db()
      .select()
      .from(t.resultStates)
      .orderBy(sql`position desc`)
      .limit(1);
    await post(answers.action, {
      intent: "answer",
      item: `reflection:${id}`,
      stateId: await stateId("Acceptada"),
      text: "Ho seguim.",
      resultId: carril,
    });
    // A draft's link counts for nothing.
    expect(await db().transaction((tx) => queueResultNews(tx as never, carril, { stateId: st!.id }))).toBe(0);
    await post(answers.action, { intent: "publish", item: `reflection:${id}` });
    expect(await db().transaction((tx) => queueResultNews(tx as never, carril, { stateId: st!.id }))).toBe(1);
    expect(await db().select().from(t.resultFollows)).toMatchObject([{ contributionId: id, resultId: carril, status: "confirmed" }]);
  });

  it("features only public contributions with a published answer, with the answer; audited; refusals change nothing", async () => {
    const accepted = await stateId("Acceptada");
    const [a, b, c, d] = await Promise.all(["Destacada A", "Esborrany B", "S'amagarà C", "Sense resposta D"].map((x) => reflection(x)));
    await post(answers.action, { intent: "answer", item: `reflection:${a}`, stateId: accepted, text: "Resposta A", publish: "true" });
    await post(answers.action, { intent: "answer", item: `reflection:${b}`, stateId: accepted, text: "Resposta B en esborrany" });
    await post(answers.action, { intent: "answer", item: `reflection:${c}`, stateId: accepted, text: "Resposta C", publish: "true" });
    for (const x of [a, b, c])
      expect(await post(answers.action, { intent: "feature", item: `reflection:${x}`, featured: "true" })).toMatchObject({ ok: true });
    expect(await post(answers.action, { intent: "feature", item: `reflection:${d}`, featured: "true" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.featureNoAnswer,
      status: 404,
    });
    expect(await post(answers.action, { intent: "feature", item: `reflection:${a}`, featured: "true" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.featureUnchanged,
    });
    expect(await post(answers.action, { intent: "feature", item: `reflection:${a}`, featured: "potser" })).toMatchObject({
      ok: false,
      status: 400,
    });
    const featured = async () => (await reportLoad()).featured.map((f) => [f.text, f.answer?.text]);
    expect((await featured()).sort()).toEqual([
      ["Destacada A", "Resposta A"],
      ["S'amagarà C", "Resposta C"],
    ]);
    expect(JSON.stringify(await reportLoad())).not.toContain("Resposta B en esborrany");
    await post(moderation.action, { intent: "hide", items: `reflection:${c}`, reason: "Prova" });
    expect(await featured()).toEqual([["Destacada A", "Resposta A"]]);
    await post(answers.action, { intent: "publish", item: `reflection:${b}` });
    expect((await featured()).sort()).toEqual([
      ["Destacada A", "Resposta A"],
      ["Esborrany B", "Resposta B en esborrany"],
    ]);
    await post(answers.action, { intent: "withdraw", item: `reflection:${a}` });
    expect(await featured()).toEqual([["Esborrany B", "Resposta B en esborrany"]]);
    expect(await post(answers.action, { intent: "feature", item: `reflection:${b}`, featured: "false" })).toMatchObject({ ok: true });
    expect(await featured()).toEqual([]);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(sql`${t.auditLog.action} in ('feature', 'unfeature')`)
      .orderBy(t.auditLog.at);
    expect(audit.map((e) => [e.action, e.entityId])).toEqual([
      ["feature", `reflection:${a}`],
      ["feature", `reflection:${b}`],
      ["feature", `reflection:${c}`],
      ["unfeature", `reflection:${b}`],
    ]);
    expect(audit[3]!.after).toEqual({ featured: "no" });
  });

  it("the report's introduction: three languages, Catalan as the fallback, sanitised Markdown, audited; too long is refused", async () => {
    expect((await reportLoad()).intro).toBeNull();
    const text = "Gràcies per **participar**.\n\n<script>alert(1)</script> [clic](javascript:alert(1)) <img src=x onerror=alert(2)>";
    expect(await post(answers.action, { intent: "heard_intro", text, text_es: "Gracias por **participar**.", text_en: "" })).toMatchObject({
      ok: true,
      message: "Introducció de l'informe desada",
    });
    const ca = (await reportLoad()).intro!;
    expect(ca).toEqual({ text });
    expect((await reportLoad("/es/que-hemos-escuchado")).intro).toEqual({ text: "Gracias por **participar**." });
    expect((await reportLoad("/en/what-we-heard")).intro).toEqual({ text, lang: "ca" });
    // Rendered as the page renders it: the site's Markdown component keeps no HTML and no script link.
    const html = renderToStaticMarkup(<Markdown>{ca.text}</Markdown>);
    expect(html).toContain("<strong>participar</strong>");
    expect(html).not.toMatch(/<script|onerror|javascript:|<img/i);

    expect(
      await post(answers.action, { intent: "heard_intro", text: "x".repeat(MAX_HEARD_INTRO + 1), text_es: "", text_en: "" }),
    ).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.introTooLong,
      status: 400,
    });
    expect((await reportLoad()).intro).toEqual({ text });
    const [entry] = await db().select().from(t.auditLog).where(eq(t.auditLog.entityId, "heard_intro"));
    expect(entry).toMatchObject({
      entity: "settings",
      action: "texts",
      after: { text, text_es: "Gracias por **participar**.", text_en: "" },
    });
    // Emptied: the page shows none.
    await post(answers.action, { intent: "heard_intro", text: " ", text_es: "", text_en: "" });
    expect((await reportLoad()).intro).toBeNull();
  });

  it("moderators may link a draft to a result; only administrators publish it, feature and write the introduction", async () => {
    const carril = await result("Carril del moderador", true);
    const id = await reflection("Per al moderador");
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    expect(await asModerator({ intent: "answer", item, stateId: accepted, text: "Esborrany", resultId: carril })).toMatchObject({
      ok: true,
    });
    for (const fields of [
      { intent: "feature", item, featured: "true" } as Record<string, string>,
      { intent: "heard_intro", text: "Introducció del moderador", text_es: "", text_en: "" },
    ])
      expect(await asModerator(fields), fields.intent).toMatchObject({ ok: false, error: PUBLISH_TEXTS.reportAdminsOnly, status: 403 });
    expect(
      await asModerator({ intent: "answer", item, stateId: accepted, text: "Esborrany", resultId: carril, publish: "true" }),
    ).toMatchObject({
      ok: false,
      error: PUBLISH_TEXTS.adminsOnly,
      status: 403,
    });
    expect((await db().select().from(t.contributionAnswers))[0]).toMatchObject({ featured: false, publishedAt: null, resultId: carril });
    expect((await reportLoad()).intro).toBeNull();
    // The moderator's screen offers the results, not the introduction.
    const { cookie } = await signedInAs(bed.ctx, "moderator");
    const screen = await answers.loader(routeArgs(bed.ctx, "/admin/respostes", { headers: { Cookie: cookie } }) as never);
    expect(screen.results.map((r) => r.title)).toEqual(["Carril del moderador"]);
    expect(screen.heardIntro).toBeNull();
  });

  it("the home and the project page point to the report once an answer is published (the public layout says so), and say whether the tracker has results", async () => {
    const load = async () => {
      const { heard, tracker } = await publicLayout.loader(routeArgs(bed.ctx, "/") as never);
      return heard ? { tracker } : null;
    };
    expect(await load()).toBeNull();
    const id = await reflection("Per a la portada");
    const item = `reflection:${id}`;
    await post(answers.action, { intent: "answer", item, stateId: await stateId("Acceptada"), text: "Resposta" });
    expect(await load()).toBeNull();
    await post(answers.action, { intent: "publish", item });
    expect(await load()).toEqual({ tracker: false });
    await result("Una actuació pública", true);
    expect(await load()).toEqual({ tracker: true });
    // Withdrawn: nothing published is left.
    await post(answers.action, { intent: "withdraw", item });
    expect(await load()).toBeNull();
  });
});
