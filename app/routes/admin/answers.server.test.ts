import { answerTextDigest } from "~/models/answer-mail.server";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ANSWER_TEXTS, contrastWithWhite, MAX_ANSWER, MIN_CONTRAST, PUBLISH_TEXTS } from "~/lib/answers";
import { contributionsPage, latestContributions } from "~/models/content.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as answerStates from "./answer-states.server";
import * as answers from "./answers.server";
import * as moderation from "./moderation.server";
import * as report from "../que-hem-escoltat";
import * as aportacions from "../aportacions";
import * as translations from "./translations.server";
import * as publicLayout from "../public-layout";

// Issue 31 (decision 061): the answer states in the settings, and the council's answers: drafts,
// publication (one, or all at once), withdrawal, what the public sees of each, the bad input, and
// who may do what.

const DEFAULTS = ["Acceptada", "Acceptada parcialment", "No acceptada", "Ja prevista al pla", "En estudi"];

describe.each(testBackends())("answers on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;

  // Each test from no contributions, no answers and no log.
  beforeEach(async () => {
    await db().delete(t.contributionAnswers);
    for (const table of [t.reflections, t.mapComments, t.auditLog, t.contributionReports]) await db().delete(table);
  });

  const states = async () => db().select().from(t.answerStates).orderBy(t.answerStates.position);
  const stateId = async (label: string) => (await states()).find((s) => s.label === label)!.id;
  const reflection = async (text: string, status: "published" | "pending" | "hidden" = "published") =>
    (await db().insert(t.reflections).values({ reflection: text, name: "Anna", email: "anna@example.cat", status }).returning())[0]!.id;
  const answersTable = () => db().select().from(t.contributionAnswers);
  const publicPages = async () => {
    const [latest, page] = await Promise.all([latestContributions(db()), contributionsPage(db(), null, 1)]);
    return { latest, page: page.items };
  };
  const asRole = async (role: "moderator" | "editor", fields: Record<string, string>) => {
    const { cookie } = await signedInAs(bed.ctx, role);
    const out = (await answers
      .action(
        routeArgs(bed.ctx, "/admin/respostes", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }) as never,
      )
      .catch((e: unknown) => e)) as { data?: { ok: boolean; error?: string }; init?: ResponseInit | null; status?: number };
    return out;
  };

  it("starts with the five default states, in order, each colour carrying white text at AA", async () => {
    const rows = await states();
    expect(rows.map((s) => s.label)).toEqual(DEFAULTS);
    for (const s of rows) expect(contrastWithWhite(s.colour), s.label).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(rows.every((s) => s.isActive)).toBe(true);
  });

  it("keeps the states: a colour too light or a name taken is refused, a state in use is retired, never deleted", async () => {
    const create = (fields: Record<string, string>) =>
      post(answerStates.action, { intent: "create", position: "6", isActive: "true", ...fields });
    expect(await create({ label: "Descartada", colour: "#ffeb3b" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.colourContrast,
      status: 400,
    });
    expect(await create({ label: "acceptada", colour: "#1b5e20" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.stateTaken,
      status: 409,
    });
    expect(await create({ label: "", colour: "#1b5e20" })).toMatchObject({ ok: false, error: ANSWER_TEXTS.stateLabelRequired });
    expect((await states()).length).toBe(5);
    expect(await create({ label: "Descartada", colour: "#424242" })).toMatchObject({ ok: true, message: "Estat afegit correctament" });
    const unused = await stateId("Descartada");
    expect(await post(answerStates.action, { intent: "delete", id: unused })).toMatchObject({ ok: true });

    // In use: the delete is refused with the reason, and retiring it works.
    const id = await reflection("Cal un carril bici a la N-340");
    const inUse = await stateId("En estudi");
    expect(await post(answers.action, { intent: "answer", item: `reflection:${id}`, stateId: inUse, text: "Ho estudiem." })).toMatchObject({
      ok: true,
    });
    expect(await post(answerStates.action, { intent: "delete", id: inUse })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.stateInUse,
      status: 409,
    });
    expect(await post(answerStates.action, { intent: "toggle", id: inUse, isActive: "false" })).toMatchObject({ ok: true });
    expect((await states()).find((s) => s.id === inUse)).toMatchObject({ isActive: false });
    // A retired state is offered for no new answer, and stays on the one that has it.
    const other = await reflection("Aparcaments a l'estació");
    expect(
      await post(answers.action, { intent: "answer", item: `reflection:${other}`, stateId: inUse, text: "Ho estudiem." }),
    ).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.stateRetired,
    });
    expect(
      await post(answers.action, { intent: "answer", item: `reflection:${id}`, stateId: inUse, text: "Ho estudiem a fons." }),
    ).toMatchObject({
      ok: true,
    });
    await post(answerStates.action, { intent: "toggle", id: inUse, isActive: "true" });
    const audit = await db().select().from(t.auditLog).where(eq(t.auditLog.entity, "answer state"));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "toggle", "toggle"]);
  });

  it("a draft reaches no public page; publishing shows it; an edit stays private until published again; withdrawing takes it off", async () => {
    const id = await reflection("Volem aparcaments segurs a les estacions");
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    const DRAFT = "Esborrany secret: **encara no**";
    expect(await post(answers.action, { intent: "answer", item, stateId: accepted, text: DRAFT })).toMatchObject({
      ok: true,
      message: "Resposta desada com a esborrany",
    });
    const [row] = await answersTable();
    expect(row).toMatchObject({ text: DRAFT, stateId: accepted, publishedAt: null, answeredByEmail: "gestor@penedes.cat" });
    expect(await everyPublicLoader(bed.ctx)).not.toContain("Esborrany secret");
    expect((await publicPages()).page.find((c) => c.id === id)?.answer).toBeUndefined();

    expect(await post(answers.action, { intent: "publish", item })).toMatchObject({ ok: true, message: "Resposta publicada" });
    const shown = (await publicPages()).page.find((c) => c.id === id)!.answer!;
    expect(shown).toMatchObject({ state: { text: "Acceptada" }, text: DRAFT });
    expect(JSON.stringify(shown)).not.toContain("gestor@penedes.cat");
    expect((await publicPages()).latest.find((c) => c.id === id)?.answer?.text).toBe(DRAFT);
    // Publishing twice: nothing new, a clear message.
    expect(await post(answers.action, { intent: "publish", item })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.alreadyPublished,
      status: 409,
    });

    // An edit of a published answer is a draft: the public keeps the published words.
    const partly = await stateId("Acceptada parcialment");
    await post(answers.action, { intent: "answer", item, stateId: partly, text: "Canvi pendent de revisar" });
    expect(await everyPublicLoader(bed.ctx)).not.toContain("Canvi pendent de revisar");
    expect((await publicPages()).page.find((c) => c.id === id)!.answer).toMatchObject({ state: { text: "Acceptada" }, text: DRAFT });
    await post(answers.action, { intent: "publish", item });
    expect((await publicPages()).page.find((c) => c.id === id)!.answer).toMatchObject({
      state: { text: "Acceptada parcialment" },
      text: "Canvi pendent de revisar",
    });

    expect(await post(answers.action, { intent: "withdraw", item })).toMatchObject({ ok: true, message: "Resposta retirada de la web" });
    expect((await publicPages()).page.find((c) => c.id === id)!.answer).toBeUndefined();
    expect(await everyPublicLoader(bed.ctx)).not.toContain("Canvi pendent de revisar");
    expect(await post(answers.action, { intent: "withdraw", item })).toMatchObject({ ok: false, error: ANSWER_TEXTS.notPublished });
    const [after] = await answersTable();
    expect(after).toMatchObject({ text: "Canvi pendent de revisar", publishedAt: null });
    expect(after!.withdrawnAt).not.toBeNull();
    const audit = await db().select().from(t.auditLog).where(eq(t.auditLog.entity, "answer")).orderBy(t.auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(["answer", "publish", "answer", "publish", "withdraw"]);
    expect(audit.every((a) => a.entityId === item)).toBe(true);
  });

  it("tells an author again only after the published text changed, once, and records it in the audit log", async () => {
    const id = (
      await db()
        .insert(t.reflections)
        .values({ reflection: "Vull saber-ho", status: "published", email: "anna@example.cat", answerConsent: true })
        .returning()
    )[0]!.id;
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Primera", publish: "true" });
    expect(await post(answers.action, { intent: "notify_again", item })).toMatchObject({ ok: false, error: ANSWER_TEXTS.notifyPending });
    // The e-mail has left (as the worker records it).
    const [mail] = await db().select().from(t.answerNotifications);
    await db()
      .update(t.answerNotifications)
      .set({ status: "sent", sentAt: new Date(), sentTextHash: answerTextDigest("Primera") })
      .where(eq(t.answerNotifications.id, mail!.id));
    expect(await post(answers.action, { intent: "notify_again", item })).toMatchObject({ ok: false, error: ANSWER_TEXTS.notifySameText });
    await post(answers.action, { intent: "answer", item, stateId: accepted, text: "Segona, corregida", publish: "true" });
    expect(await post(answers.action, { intent: "notify_again", item })).toMatchObject({
      ok: true,
      message: "L'autor rebrà la resposta nova per correu",
    });
    expect(await db().select().from(t.answerNotifications)).toMatchObject([{ status: "queued", round: 2, attempts: 0 }]);
    const entries = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "notify_again"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: "answer", entityId: item });
  });

  it("refuses bad input with a Catalan message and changes nothing", async () => {
    const id = await reflection("Un text qualsevol");
    const hidden = await reflection("Una aportació amagada", "hidden");
    const accepted = await stateId("Acceptada");
    const cases: [Record<string, string>, string, number][] = [
      [{ item: `reflection:${id}`, stateId: accepted, text: "x".repeat(MAX_ANSWER + 1) }, ANSWER_TEXTS.textTooLong, 400],
      [{ item: `reflection:${id}`, stateId: accepted, text: "   " }, ANSWER_TEXTS.textRequired, 400],
      [{ item: `reflection:${id}`, stateId: "no-es-un-id", text: "Hola" }, ANSWER_TEXTS.stateUnknown, 400],
      [{ item: `reflection:${id}`, stateId: "00000000-0000-4000-8000-000000000000", text: "Hola" }, ANSWER_TEXTS.stateUnknown, 400],
      [{ item: `reflection:00000000-0000-4000-8000-000000000000`, stateId: accepted, text: "Hola" }, ANSWER_TEXTS.contributionGone, 404],
      [{ item: `reflection:${hidden}`, stateId: accepted, text: "Hola" }, ANSWER_TEXTS.contributionHidden, 409],
      [{ item: "cosa:1", stateId: accepted, text: "Hola" }, "Aportació no vàlida", 400],
    ];
    for (const [fields, error, status] of cases)
      expect(await post(answers.action, { intent: "answer", ...fields }), error).toMatchObject({ ok: false, error, status });
    expect(await post(answers.action, { intent: "publish", item: `reflection:${id}` })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.noAnswer,
    });
    expect(await post(answers.action, { intent: "inventada" })).toMatchObject({ ok: false, status: 400 });
    expect(await answersTable()).toEqual([]);
    expect(await db().$count(t.auditLog, eq(t.auditLog.entity, "answer"))).toBe(0);
    await bed.expectNonFormRefused(answers.action);
  });

  it("a contribution hidden after it was answered keeps its answer private; deleting it deletes the answer", async () => {
    const id = await reflection("Es pot amagar després");
    const item = `reflection:${id}`;
    await post(answers.action, {
      intent: "answer",
      item,
      stateId: await stateId("No acceptada"),
      text: "Resposta de la que s'amagarà",
      publish: "true",
    });
    expect(await everyPublicLoader(bed.ctx)).toContain("Resposta de la que s'amagarà");
    await post(moderation.action, { intent: "hide", items: item, reason: "Dades personals" });
    expect(await everyPublicLoader(bed.ctx)).not.toContain("Resposta de la que s'amagarà");
    // Publishing it again is refused while the contribution is hidden.
    await post(answers.action, { intent: "withdraw", item });
    expect(await post(answers.action, { intent: "publish", item })).toMatchObject({ ok: false, error: ANSWER_TEXTS.contributionHidden });
    expect(await post(moderation.action, { intent: "delete", items: item })).toMatchObject({ ok: true });
    expect(await answersTable()).toEqual([]);
  });

  it("moderators write drafts; only administrators publish, publish all, withdraw and tell an author again", async () => {
    const id = await reflection("Per al moderador");
    const item = `reflection:${id}`;
    const accepted = await stateId("Acceptada");
    const draft = await asRole("moderator", { intent: "answer", item, stateId: accepted, text: "Esborrany del moderador" });
    expect(draft.data).toMatchObject({ ok: true });
    const refused: Record<string, string>[] = [
      { intent: "answer", item, stateId: accepted, text: "Ho publico jo", publish: "true" },
      { intent: "publish", item },
      { intent: "publish_all" },
      { intent: "withdraw", item },
      { intent: "notify_again", item },
    ];
    for (const fields of refused) {
      const out = await asRole("moderator", fields);
      expect(out.data, fields.intent).toMatchObject({ ok: false, error: PUBLISH_TEXTS.adminsOnly });
      expect(out.init?.status).toBe(403);
    }
    // An editor may not use the answers at all (the registry gives them to moderators).
    const editor = await asRole("editor", { intent: "answer", item, stateId: accepted, text: "Editor" });
    expect(editor.status ?? editor.init?.status).toBe(403);
    const [row] = await answersTable();
    expect(row).toMatchObject({ text: "Esborrany del moderador", publishedAt: null, answeredByEmail: "moderator@penedes.cat" });
  });

  it("the answering screen filters (type, stage, state), counts what is left, and the queue's rows carry the answer", async () => {
    const ids = await Promise.all(["Primera", "Segona", "Tercera"].map((x) => reflection(`${x} aportació`)));
    await db().insert(t.mapComments).values({ comment: "Comentari a Vilafranca", municipality: "Vilafranca del Penedès" });
    const accepted = await stateId("Acceptada");
    await post(answers.action, { intent: "answer", item: `reflection:${ids[0]}`, stateId: accepted, text: "Feta", publish: "true" });
    await post(answers.action, { intent: "answer", item: `reflection:${ids[1]}`, stateId: await stateId("En estudi"), text: "Esborrany" });
    const load = async (query = "") =>
      answers.loader(routeArgs(bed.ctx, `/admin/respostes${query}`, { headers: { Cookie: bed.cookie } }) as never);
    const all = await load();
    expect(all).toMatchObject({ matching: 4, left: 2, publishable: 1, canPublish: true });
    expect((await load("?resposta=sense")).items.map((i) => i.text).sort()).toEqual(["Comentari a Vilafranca", "Tercera aportació"]);
    expect((await load("?resposta=esborrany")).items.map((i) => i.text)).toEqual(["Segona aportació"]);
    expect((await load("?resposta=publicada")).items.map((i) => i.text)).toEqual(["Primera aportació"]);
    expect((await load(`?estat-resposta=${accepted}`)).items.map((i) => i.text)).toEqual(["Primera aportació"]);
    expect((await load("?tipus=map_comment&municipi=vilafranca")).items.map((i) => i.text)).toEqual(["Comentari a Vilafranca"]);
    expect((await load("?municipi=Sitges")).items).toEqual([]);
    const queue = await moderation.loader(
      routeArgs(bed.ctx, "/admin/moderacio?estat=published", { headers: { Cookie: bed.cookie } }) as never,
    );
    const first = queue.items.find((i) => i.id === ids[0])!;
    expect(first.answer).toMatchObject({ text: "Feta", unpublished: false, published: { text: "Feta" } });
    expect(queue.items.find((i) => i.id === ids[2])!.answer).toBeNull();
    expect(queue.answerStates.map((s) => s.label)).toEqual(DEFAULTS);
  });

  it("publishes every draft of thousands at once, and only those of public contributions", async () => {
    const N = 3000;
    const accepted = await stateId("Acceptada");
    await db().execute(
      sql`insert into reflections (reflection, status) select 'Massiva ' || g, 'published' from generate_series(1, ${N}) g`,
    );
    await db().execute(sql`insert into reflections (reflection, status) select 'Pendent ' || g, 'pending' from generate_series(1, 10) g`);
    await db().execute(sql`insert into contribution_answers (contribution_type, contribution_id, state_id, text)
      select 'reflection', id, ${accepted}, 'Resposta a ' || reflection from reflections`);
    expect((await load()).publishable).toBe(N);
    const started = Date.now();
    expect(await post(answers.action, { intent: "publish_all" })).toMatchObject({
      ok: true,
      message: `${N.toLocaleString("ca-ES")} respostes publicades`,
    });
    const took = Date.now() - started;
    expect(await db().$count(t.contributionAnswers, sql`published_at is not null`)).toBe(N);
    expect(await db().$count(t.contributionAnswers, sql`published_at is null`)).toBe(10);
    expect(await post(answers.action, { intent: "publish_all" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.nothingToPublish,
      status: 409,
    });
    const [entry] = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "publish_all"));
    expect(entry!.after).toEqual({ count: String(N) });
    console.log(`publish all of ${N} answers on ${backend}: ${took} ms`);

    async function load() {
      return answers.loader(routeArgs(bed.ctx, "/admin/respostes", { headers: { Cookie: bed.cookie } }) as never);
    }
  });

  it("the public header links to the report once an answer is published, not for a draft (issue 31)", async () => {
    const heard = async () => (await publicLayout.loader(routeArgs(bed.ctx, "/") as never)).heard;
    expect(await heard()).toBe(false);
    const shown = await reflection("Una");
    const answer = async (id: string, publish: boolean) =>
      post(answers.action, {
        intent: "answer",
        item: `reflection:${id}`,
        stateId: await stateId("Acceptada"),
        text: "Resposta",
        publish: publish ? "true" : "",
      });
    // A draft is not enough.
    await answer(shown, false);
    expect(await heard()).toBe(false);
    await answer(shown, true);
    expect(await heard()).toBe(true);
  });

  it("the report counts the published answers of public contributions by state, type, theme and municipality; drafts count nowhere", async () => {
    const load = async () => (await report.loader(routeArgs(bed.ctx, "/que-hem-escoltat") as never)).report;
    expect(await load()).toMatchObject({
      contributions: 0,
      answered: 0,
      byState: DEFAULTS.map((label) => ({ label: { text: label }, n: 0 })),
    });
    const [a, b, c] = await Promise.all(["Una", "Dues", "Tres"].map((x) => reflection(x)));
    const [comment] = await db()
      .insert(t.mapComments)
      .values({ comment: "Carril a Sant Sadurní", municipality: "Sant Sadurní d'Anoia" })
      .returning();
    const [testimonial] = await db()
      .insert(t.testimonials)
      .values({ title: "Vaig a la feina en bici", category: "laboral", audioKey: "testimonials/x.webm", status: "published" })
      .returning();
    const answer = async (item: string, label: string, publish: boolean) =>
      post(answers.action, {
        intent: "answer",
        item,
        stateId: await stateId(label),
        text: `Resposta ${label}`,
        publish: publish ? "true" : "",
      });
    await answer(`reflection:${a}`, "Acceptada", true);
    await answer(`reflection:${b}`, "Acceptada", true);
    await answer(`reflection:${c}`, "No acceptada", false);
    await answer(`map_comment:${comment!.id}`, "En estudi", true);
    await answer(`testimonial:${testimonial!.id}`, "Ja prevista al pla", true);
    const figures = await load();
    expect(figures).toMatchObject({ contributions: 5, answered: 4 });
    expect(Object.fromEntries(figures.byState.map((s) => [s.label.text, s.n]))).toEqual({
      Acceptada: 2,
      "Acceptada parcialment": 0,
      "No acceptada": 0,
      "Ja prevista al pla": 1,
      "En estudi": 1,
    });
    expect(figures.byType).toEqual([
      { type: "reflection", total: 3, answered: 2 },
      { type: "map_comment", total: 1, answered: 1 },
      { type: "testimonial", total: 1, answered: 1 },
    ]);
    expect(figures.byTheme).toEqual([{ theme: "laboral", n: 1 }]);
    expect(figures.byMunicipality).toEqual([{ municipality: "Sant Sadurní d'Anoia", n: 1 }]);
    // A hidden contribution leaves the figures with its answer.
    await post(moderation.action, { intent: "hide", items: `reflection:${a}`, reason: "Prova" });
    expect(await load()).toMatchObject({ contributions: 4, answered: 3 });
  });

  it("the states' labels in Spanish and English (decision 062): the defaults', the staff form's, and every public reader's, Catalan marked where missing", async () => {
    // Migration 0034 wrote the defaults' translations.
    expect(Object.fromEntries((await states()).map((s) => [s.label, s.translations]))).toEqual({
      Acceptada: { es: { label: "Aceptada" }, en: { label: "Accepted" } },
      "Acceptada parcialment": { es: { label: "Aceptada parcialmente" }, en: { label: "Partly accepted" } },
      "No acceptada": { es: { label: "No aceptada" }, en: { label: "Not accepted" } },
      "Ja prevista al pla": { es: { label: "Ya prevista en el plan" }, en: { label: "Already in the plan" } },
      "En estudi": { es: { label: "En estudio" }, en: { label: "Under study" } },
    });

    // The staff form saves a state's translations, reads them back, and refuses one too long.
    const save = (fields: Record<string, string>) =>
      post(answerStates.action, { colour: "#424242", position: "6", isActive: "true", ...fields });
    expect(await save({ intent: "create", label: "Derivada", label_es: "Derivada", label_en: "Referred" })).toMatchObject({ ok: true });
    const referred = await stateId("Derivada");
    expect((await states()).find((s) => s.id === referred)!.translations).toEqual({ es: { label: "Derivada" }, en: { label: "Referred" } });
    expect(await save({ intent: "update", id: referred, label: "Derivada", label_en: "x".repeat(61) })).toMatchObject({
      ok: false,
      fieldErrors: { label_en: "El text en anglès pot tenir com a màxim 60 caràcters" },
    });
    // Its Spanish emptied: the Spanish pages show the Catalan label, and the list of missing
    // translations names it.
    expect(await save({ intent: "update", id: referred, label: "Derivada", label_es: "", label_en: "Referred" })).toMatchObject({
      ok: true,
    });
    expect((await states()).find((s) => s.id === referred)!.translations).toEqual({ en: { label: "Referred" } });
    const missing = await translations.loader(routeArgs(bed.ctx, "/admin/traduccions", { headers: { Cookie: bed.cookie } }) as never);
    expect(missing.items).toEqual([
      {
        id: referred,
        kind: "Estat de resposta",
        name: "Derivada",
        screen: "/admin/estats-resposta",
        missing: { es: ["Nom públic"], en: [] },
      },
    ]);

    const [a, b] = await Promise.all(["Una", "Dues"].map((x) => reflection(x)));
    await post(answers.action, {
      intent: "answer",
      item: `reflection:${a}`,
      stateId: await stateId("Acceptada"),
      text: "Sí",
      publish: "true",
    });
    await post(answers.action, { intent: "answer", item: `reflection:${b}`, stateId: referred, text: "A la Diputació", publish: "true" });

    // Under each contribution.
    const answerOf = async (locale: "ca" | "es" | "en", id: string) =>
      (await contributionsPage(db(), null, 1, locale)).items.find((c) => c.id === id)!.answer!.state;
    expect(await answerOf("es", a!)).toEqual({ text: "Aceptada" });
    expect(await answerOf("en", a!)).toEqual({ text: "Accepted" });
    expect(await answerOf("ca", a!)).toEqual({ text: "Acceptada" });
    expect(await answerOf("es", b!)).toEqual({ text: "Derivada", lang: "ca" });
    expect(await answerOf("en", b!)).toEqual({ text: "Referred" });

    // The /aportacions filter: the label in the page's language, the address word the Catalan one's.
    const list = async (path: string) =>
      (await aportacions.loader(routeArgs(bed.ctx, path) as never)) as unknown as {
        answerStates: { slug: string; label: { text: string; lang?: string } }[];
        items: { id: string }[];
      };
    expect((await list("/es/aportaciones")).answerStates).toEqual([
      { slug: "acceptada", label: { text: "Aceptada" } },
      { slug: "derivada", label: { text: "Derivada", lang: "ca" } },
    ]);
    expect((await list("/en/contributions?resposta=acceptada")).items.map((i) => i.id)).toEqual([a]);
    expect((await list("/en/contributions")).answerStates.map((s) => s.label)).toEqual([{ text: "Accepted" }, { text: "Referred" }]);

    // The report's figures by state.
    const figures = async (path: string) => (await report.loader(routeArgs(bed.ctx, path) as never)).report.byState;
    expect((await figures("/es/que-hemos-escuchado")).filter((s) => s.n > 0)).toEqual([
      { label: { text: "Aceptada" }, colour: expect.any(String), n: 1 },
      { label: { text: "Derivada", lang: "ca" }, colour: "#424242", n: 1 },
    ]);
    expect((await figures("/en/what-we-heard")).map((s) => s.label.text)).toEqual([
      "Accepted",
      "Partly accepted",
      "Not accepted",
      "Already in the plan",
      "Under study",
      "Referred",
    ]);

    await db().delete(t.contributionAnswers);
    await db().delete(t.answerStates).where(eq(t.answerStates.id, referred));
  });
});
