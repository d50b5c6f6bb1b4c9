import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ANSWER_TEXTS } from "~/lib/answers";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as templates from "./answer-templates.server";
import * as answers from "./answers.server";

// Issue 31, second round (decision 068): the answer templates, kept by those who answer, and bulk
// answering: one state and one template on the ticked rows or on every contribution the filters
// find, never over an existing answer unless staff choose so, with the count in the audit log.

describe.each(testBackends())("answer templates and bulk answering on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;

  beforeEach(async () => {
    await db().delete(t.contributionAnswers);
    await db().delete(t.answerTemplates);
    for (const table of [t.reflections, t.mapComments, t.auditLog]) await db().delete(table);
  });

  const stateId = async (label: string) => (await db().select().from(t.answerStates).where(eq(t.answerStates.label, label)))[0]!.id;
  const template = async (label: string, title: string, text: string) => {
    expect(await post(templates.action, { intent: "create", stateId: await stateId(label), title, text, position: "0" })).toMatchObject({
      ok: true,
    });
    return (await db().select().from(t.answerTemplates).where(eq(t.answerTemplates.title, title)))[0]!;
  };
  const reflection = async (text: string, status: "published" | "pending" | "hidden" = "published") =>
    (await db().insert(t.reflections).values({ reflection: text, status }).returning())[0]!.id;
  const comment = async (text: string, municipality: string) =>
    (await db().insert(t.mapComments).values({ comment: text, municipality, status: "published" }).returning())[0]!.id;
  /** Posts to the answering screen at `path` (its filters in the query) as the signed-in admin. */
  const postAt = async (path: string, fields: Record<string, string>, cookie = bed.cookie) => {
    const out = (await answers.action(
      routeArgs(bed.ctx, path, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }) as never,
    )) as { data: { ok: boolean; error?: string; message?: string }; init: ResponseInit | null };
    return { ...out.data, status: out.init?.status ?? 200 };
  };
  const answersOf = async () => db().select().from(t.contributionAnswers);
  const audit = (entity: string) => db().select().from(t.auditLog).where(eq(t.auditLog.entity, entity));

  it("keeps templates per state: bad input refused in Catalan, every write audited, deleted with an unused state", async () => {
    const accepted = await stateId("Acceptada");
    const create = (fields: Record<string, string>) => post(templates.action, { intent: "create", position: "0", ...fields });
    expect(await create({ stateId: accepted, title: "", text: "Gràcies" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.templateTitleRequired,
      status: 400,
    });
    expect(await create({ stateId: accepted, title: "Buit", text: "   " })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.templateTextRequired,
    });
    expect(await create({ stateId: accepted, title: "Llarg", text: "x".repeat(5001) })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.templateTextTooLong,
    });
    expect(await create({ stateId: "00000000-0000-4000-8000-000000000000", title: "Fantasma", text: "Hola" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.stateUnknown,
      status: 400,
    });
    expect(await db().select().from(t.answerTemplates)).toEqual([]);

    const tpl = await template("Acceptada", "Carril bici", "Ho incorporem al pla: **gràcies**.");
    expect(tpl).toMatchObject({ stateId: accepted, text: "Ho incorporem al pla: **gràcies**." });
    expect(
      await post(templates.action, { intent: "update", id: tpl.id, stateId: accepted, title: "Carril", text: "Nou text", position: "2" }),
    ).toMatchObject({
      ok: true,
      message: "Plantilla actualitzada correctament",
    });
    const loaded = await templates.loader(routeArgs(bed.ctx, "/admin/plantilles-resposta", { headers: { Cookie: bed.cookie } }) as never);
    expect(loaded.templates).toEqual([{ id: tpl.id, stateId: accepted, title: "Carril", text: "Nou text", position: 2 }]);
    expect(await post(templates.action, { intent: "delete", id: tpl.id })).toMatchObject({ ok: true });
    expect((await audit("answer template")).map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);

    // A state no answer holds can be deleted, and its templates go with it.
    await db().insert(t.answerStates).values({ label: "Provisional", colour: "#424242", position: 9 });
    const provisional = await template("Provisional", "Provisional", "Text");
    await db().delete(t.answerStates).where(eq(t.answerStates.id, provisional.stateId));
    expect(await db().select().from(t.answerTemplates)).toEqual([]);
  });

  it("a moderator keeps templates too (they answer); an editor may not", async () => {
    const { cookie } = await signedInAs(bed.ctx, "moderator");
    const args = (c: string) =>
      routeArgs(bed.ctx, "/admin/plantilles-resposta", {
        method: "POST",
        headers: { Cookie: c },
        body: new URLSearchParams({ intent: "create", stateId: "", title: "x", text: "y", position: "0" }),
      }) as never;
    expect(await templates.action(args(cookie))).toMatchObject({ init: { status: 400 } });
    const editor = await signedInAs(bed.ctx, "editor");
    expect(await templates.action(args(editor.cookie)).catch((e: Response) => e.status)).toBe(403);
  });

  it("bulk answers the ticked rows: existing answers kept unless overwrite is chosen, hidden ones never, one audit entry with the count", async () => {
    const tpl = await template("En estudi", "En estudi", "Ho estudiem per a la fase 2.");
    const [a, b, hidden] = [await reflection("A"), await reflection("B"), await reflection("Amagada", "hidden")];
    const accepted = await stateId("Acceptada");
    expect(
      await post(answers.action, { intent: "answer", item: `reflection:${a}`, stateId: accepted, text: "Resposta a mà" }),
    ).toMatchObject({
      ok: true,
    });
    const items = [a, b, hidden].map((id) => `reflection:${id}`).join(",");
    const bulk = (more: Record<string, string>) =>
      post(answers.action, { intent: "bulk_answer", stateId: tpl.stateId, templateId: tpl.id, scope: "selected", items, ...more });

    expect(await bulk({})).toMatchObject({ ok: true, message: "1 resposta desada com a esborrany" });
    const byId = async () => new Map((await answersOf()).map((r) => [r.contributionId, r]));
    expect((await byId()).get(a)).toMatchObject({ text: "Resposta a mà", stateId: accepted });
    expect((await byId()).get(b)).toMatchObject({ text: "Ho estudiem per a la fase 2.", stateId: tpl.stateId, publishedAt: null });
    expect((await byId()).has(hidden)).toBe(false);
    // Again: nothing is left to answer, and nothing changes.
    expect(await bulk({})).toMatchObject({ ok: false, error: ANSWER_TEXTS.bulkNothing, status: 409 });
    // Chosen explicitly: the existing answers are overwritten (still not the hidden one).
    expect(await bulk({ overwrite: "true" })).toMatchObject({ ok: true, message: "2 respostes desades com a esborrany" });
    expect((await byId()).get(a)).toMatchObject({ text: "Ho estudiem per a la fase 2.", stateId: tpl.stateId });
    expect((await byId()).has(hidden)).toBe(false);

    const entries = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "bulk_answer"));
    expect(entries.map((e) => (e.after as Record<string, string>).count).sort()).toEqual(["1", "2"]);
    expect(entries.map((e) => (e.after as Record<string, string>).overwrite).sort()).toEqual(["no", "sí"]);
  });

  it("refuses bad bulk input in Catalan and writes nothing", async () => {
    const tpl = await template("En estudi", "En estudi", "Ho estudiem.");
    const id = await reflection("A");
    const base = { intent: "bulk_answer", stateId: tpl.stateId, templateId: tpl.id, scope: "selected", items: `reflection:${id}` };
    const cases: [Record<string, string>, string][] = [
      [{ items: "" }, ANSWER_TEXTS.bulkNone],
      [{ stateId: "nope" }, ANSWER_TEXTS.stateUnknown],
      [{ templateId: "00000000-0000-4000-8000-000000000000" }, ANSWER_TEXTS.templateUnknown],
      [{ stateId: await stateId("Acceptada") }, ANSWER_TEXTS.templateOtherState],
      [{ items: "reflection:not-an-id" }, "Aportació no vàlida"],
    ];
    for (const [more, error] of cases) expect(await post(answers.action, { ...base, ...more }), error).toMatchObject({ ok: false, error });
    await db().update(t.answerStates).set({ isActive: false }).where(eq(t.answerStates.id, tpl.stateId));
    expect(await post(answers.action, base)).toMatchObject({ ok: false, error: ANSWER_TEXTS.stateRetired });
    await db().update(t.answerStates).set({ isActive: true }).where(eq(t.answerStates.id, tpl.stateId));
    expect(await answersOf()).toEqual([]);
    expect(await db().select().from(t.auditLog).where(eq(t.auditLog.action, "bulk_answer"))).toEqual([]);
  });

  it("bulk answers every contribution the filters find (thousands), checking the confirmation's count", async () => {
    const tpl = await template("Ja prevista al pla", "Prevista", "Ja és al pla director.");
    // 3,000 public reflections and two map comments in Vilafranca: the filter takes the comments only.
    await db().execute(
      sql`insert into reflections (reflection, status) select 'Reflexió ' || g, 'published' from generate_series(1, 3000) g`,
    );
    const [c1, c2] = [
      await comment("Cruïlla perillosa", "Vilafranca del Penedès"),
      await comment("Falta un carril", "Vilafranca del Penedès"),
    ];
    const other = await comment("Sant Sadurní", "Sant Sadurní d'Anoia");
    const fields = { intent: "bulk_answer", stateId: tpl.stateId, templateId: tpl.id, scope: "filtered" };

    // The count the confirmation showed no longer matches: refused, nothing written.
    expect(await postAt("/admin/respostes?tipus=map_comment&municipi=Vilafranca", { ...fields, expected: "5" })).toMatchObject({
      ok: false,
      error: ANSWER_TEXTS.bulkCountChanged,
    });
    expect(await answersOf()).toEqual([]);
    expect(await postAt("/admin/respostes?tipus=map_comment&municipi=Vilafranca", { ...fields, expected: "2" })).toMatchObject({
      ok: true,
      message: "2 respostes desades com a esborrany",
    });
    expect((await answersOf()).map((r) => r.contributionId).sort()).toEqual([c1, c2].sort());
    expect((await answersOf()).some((r) => r.contributionId === other)).toBe(false);

    // The whole unanswered set of reflections, 3,000 rows, in one statement.
    const started = Date.now();
    expect(await postAt("/admin/respostes?tipus=reflection&resposta=sense", { ...fields, expected: "3000" })).toMatchObject({
      ok: true,
      message: "3.000 respostes desades com a esborrany",
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await db().$count(t.contributionAnswers)).toBe(3002);
    const loaded = await answers.loader(
      routeArgs(bed.ctx, "/admin/respostes?tipus=reflection", { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(loaded).toMatchObject({ matching: 3000, unansweredMatching: 0, left: 1 });
    expect(loaded.templates.map((x) => x.title)).toEqual(["Prevista"]);
  }, 60_000);
});
