import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { contrastWithWhite, MIN_CONTRAST } from "~/lib/answers";
import { CODING_TEXTS } from "~/lib/coding";
import { adminTestBed, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as codebook from "./codebook.server";
import * as coding from "./coding.server";
import * as moderation from "./moderation.server";

// Issue 32 (decision 065): the codebook (merge, rename, retire and delete keep what was coded),
// coding one contribution of any kind, bulk coding of a filtered list or a selection, the audit
// log, who may do it, and codes never reaching a public page.

const PROBLEMA = ["Seguretat", "Connectivitat", "Aparcament", "Senyalització", "Manteniment"];
const QUI = ["Infants i escola", "Gent gran", "Treball", "Lleure"];

describe.each(testBackends())("coding on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;

  beforeEach(async () => {
    await db().delete(t.contributionCodes);
    for (const table of [t.reflections, t.mapComments, t.testimonials, t.auditLog]) await db().delete(table);
  });

  const codeId = async (name: string) => (await db().select().from(t.codes).where(eq(t.codes.name, name)))[0]!.id;
  const reflection = async (text: string, status: "published" | "pending" | "hidden" = "published") =>
    (await db().insert(t.reflections).values({ reflection: text, status }).returning())[0]!.id;
  const comment = async (text: string) =>
    (
      await db()
        .insert(t.mapComments)
        .values({ comment: text, lat: 41.35, lng: 1.7, municipality: "Vilafranca del Penedès", status: "published" })
        .returning()
    )[0]!.id;
  const testimonial = async (title: string) =>
    (
      await db().insert(t.testimonials).values({ title, category: "infants", audioKey: "audio/x.weba", status: "published" }).returning()
    )[0]!.id;
  const assignments = async () =>
    (await db().select().from(t.contributionCodes)).map((a) => `${a.contributionType}:${a.contributionId}:${a.codeId}`).sort();
  const log = async () => db().select().from(t.auditLog).orderBy(t.auditLog.at);
  const toggle = (item: string, code: string) => post(coding.action, { intent: "toggle", item, codeId: code });

  it("starts with the issue's codebook: Problema and Qui, in order, each colour carrying white text at AA", async () => {
    const groups = (await codebook.loader(routeArgs(bed.ctx, "/admin/codis", { headers: { Cookie: bed.cookie } }) as never)).groups;
    expect(groups.map((g) => g.name)).toEqual(["Problema", "Qui"]);
    expect(groups[0]!.codes.map((c) => c.name)).toEqual(PROBLEMA);
    expect(groups[1]!.codes.map((c) => c.name)).toEqual(QUI);
    for (const c of groups.flatMap((g) => g.codes)) expect(contrastWithWhite(c.colour), c.name).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("codes any kind of contribution with any number of codes, toggles them, and logs each change", async () => {
    const [r, m, s] = [await reflection("Cruïlla perillosa"), await comment("Falta un tram"), await testimonial("Anar a l'escola")];
    const [seg, conn, inf] = [await codeId("Seguretat"), await codeId("Connectivitat"), await codeId("Infants i escola")];
    expect(await toggle(`reflection:${r}`, seg)).toMatchObject({ ok: true, message: "Codi «Seguretat» afegit" });
    expect(await toggle(`reflection:${r}`, conn)).toMatchObject({ ok: true });
    expect(await toggle(`map_comment:${m}`, conn)).toMatchObject({ ok: true });
    expect(await toggle(`testimonial:${s}`, inf)).toMatchObject({ ok: true });
    expect((await assignments()).length).toBe(4);
    // Again: off.
    expect(await toggle(`reflection:${r}`, conn)).toMatchObject({ ok: true, message: "Codi «Connectivitat» tret" });
    expect(await assignments()).toEqual([`reflection:${r}:${seg}`, `map_comment:${m}:${conn}`, `testimonial:${s}:${inf}`].sort());
    const entries = await log();
    expect(entries.map((e) => [e.entity, e.action, e.entityId])).toEqual([
      ["coding", "tag", `reflection:${r}`],
      ["coding", "tag", `reflection:${r}`],
      ["coding", "tag", `map_comment:${m}`],
      ["coding", "tag", `testimonial:${s}`],
      ["coding", "untag", `reflection:${r}`],
    ]);
    expect(entries[0]!.after).toEqual({ label: "Seguretat" });
    // The loader: the contribution with its codes and neighbours; the count left uncoded.
    const data = await coding.loader(
      routeArgs(bed.ctx, `/admin/codificacio?aportacio=map_comment:${m}`, { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(data.current).toMatchObject({
      key: `map_comment:${m}`,
      municipality: "Vilafranca del Penedès",
      codes: [{ name: "Connectivitat" }],
    });
    expect(data.left).toBe(0);
    // Bad input: nothing stored.
    expect(await toggle(`reflection:${crypto.randomUUID()}`, seg)).toMatchObject({
      ok: false,
      error: CODING_TEXTS.contributionGone,
      status: 404,
    });
    expect(await toggle("reflection:x", seg)).toMatchObject({ ok: false, status: 400 });
    expect(await toggle(`reflection:${r}`, crypto.randomUUID())).toMatchObject({ ok: false, error: CODING_TEXTS.codeUnknown });
    expect((await assignments()).length).toBe(3);
  });

  it("keeps what was coded when a code is renamed, retired or merged; deletes only an unused code", async () => {
    const [a, b, c] = [await reflection("Un"), await reflection("Dos"), await reflection("Tres")];
    const group = (await db().select().from(t.codeGroups).where(eq(t.codeGroups.name, "Problema")))[0]!.id;
    const create = (name: string, colour = "#37474f") =>
      post(codebook.action, { intent: "create", groupId: group, name, colour, position: "9", description: "", keywords: "" });
    expect(await create("Il·luminació", "#ffeb3b")).toMatchObject({ ok: false, error: CODING_TEXTS.colourContrast, status: 400 });
    expect(await create("seguretat")).toMatchObject({ ok: false, error: CODING_TEXTS.nameTaken, status: 409 });
    expect(await create("Il·luminació")).toMatchObject({ ok: true, message: "Codi afegit" });
    expect(await create("Llum")).toMatchObject({ ok: true });
    const [ill, llum, seg] = [await codeId("Il·luminació"), await codeId("Llum"), await codeId("Seguretat")];
    await toggle(`reflection:${a}`, ill);
    await toggle(`reflection:${b}`, ill);
    await toggle(`reflection:${b}`, llum);
    await toggle(`reflection:${c}`, llum);

    // Rename: the same code, the same contributions.
    expect(
      await post(codebook.action, {
        intent: "update",
        id: ill,
        groupId: group,
        name: "Enllumenat",
        colour: "#37474f",
        position: "9",
        keywords: "fanal\nllum",
      }),
    ).toMatchObject({ ok: true });
    expect((await db().select().from(t.contributionCodes).where(eq(t.contributionCodes.codeId, ill))).length).toBe(2);

    // Delete in use: refused; unused: done.
    expect(await post(codebook.action, { intent: "delete", id: ill })).toMatchObject({
      ok: false,
      error: CODING_TEXTS.codeInUse,
      status: 409,
    });
    expect(await create("Buit")).toMatchObject({ ok: true });
    expect(await post(codebook.action, { intent: "delete", id: await codeId("Buit") })).toMatchObject({ ok: true });

    // Merge "Llum" into "Enllumenat": b had both and keeps one; c moves; "Llum" is gone.
    expect(await post(codebook.action, { intent: "merge", id: llum, into: llum })).toMatchObject({
      ok: false,
      error: CODING_TEXTS.mergeSame,
    });
    expect(await post(codebook.action, { intent: "merge", id: llum, into: ill })).toMatchObject({
      ok: true,
      message: "«Llum» fusionat amb «Enllumenat» (2 aportacions)",
    });
    expect(await assignments()).toEqual([`reflection:${a}:${ill}`, `reflection:${b}:${ill}`, `reflection:${c}:${ill}`].sort());
    expect(await db().select().from(t.codes).where(eq(t.codes.id, llum))).toEqual([]);

    // Retire: kept on what it coded, refused for new coding, and can still be taken off.
    await toggle(`reflection:${a}`, seg);
    expect(await post(codebook.action, { intent: "retire", id: seg })).toMatchObject({ ok: true });
    expect(await toggle(`reflection:${b}`, seg)).toMatchObject({ ok: false, error: CODING_TEXTS.codeRetired });
    expect(await assignments()).toContain(`reflection:${a}:${seg}`);
    const data = await coding.loader(
      routeArgs(bed.ctx, `/admin/codificacio?aportacio=reflection:${a}`, { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(data.codes.map((c) => c.name)).not.toContain("Seguretat");
    expect(data.current!.codes.map((c) => c.name)).toEqual(["Seguretat", "Enllumenat"]);
    expect(await toggle(`reflection:${a}`, seg)).toMatchObject({ ok: true, message: "Codi «Seguretat» tret" });
    await post(codebook.action, { intent: "reinstate", id: seg });

    // Every codebook change is in the log.
    const actions = (await log()).filter((e) => e.entity === "code").map((e) => e.action);
    expect(actions).toEqual(["create", "create", "update", "create", "delete", "merge", "toggle", "toggle"]);
    // A group with codes is not deleted.
    expect(await post(codebook.action, { intent: "delete_group", id: group })).toMatchObject({ ok: false, error: CODING_TEXTS.groupInUse });
    await post(codebook.action, { intent: "delete", id: ill }).then(() => undefined);
  });

  it("adds or removes one code on a whole filtered list or on a selection, with one log entry and its count", async () => {
    const refl = await Promise.all(["A", "B", "C"].map((x) => reflection(`Reflexió ${x}`)));
    const comments = await Promise.all(["D", "E"].map((x) => comment(`Comentari ${x}`)));
    const park = await codeId("Aparcament");
    const bulk = (fields: Record<string, string>) => post(coding.action, { intent: "bulk", codeId: park, ...fields });

    // The whole filtered list (reflections): three.
    expect(await bulk({ op: "add", scope: "all", tipus: "reflection" })).toMatchObject({
      ok: true,
      message: "Codi «Aparcament» afegit a 3 aportacions",
    });
    // Again: nothing new, a clear message, no entry.
    expect(await bulk({ op: "add", scope: "all", tipus: "reflection" })).toMatchObject({ ok: false, error: CODING_TEXTS.nothingToDo });
    // A selection: one comment; a selected row outside the filters is left alone.
    expect(
      await bulk({
        op: "add",
        scope: "selected",
        tipus: "map_comment",
        [`sel:map_comment:${comments[0]}`]: "1",
        [`sel:reflection:${refl[0]}`]: "1",
      }),
    ).toMatchObject({ ok: true, message: "Codi «Aparcament» afegit a 1 aportació" });
    expect(await bulk({ op: "add", scope: "selected" })).toMatchObject({ ok: false, error: CODING_TEXTS.nothingSelected });
    expect((await assignments()).length).toBe(4);
    // "Sense codificar": only the comment without a code.
    expect(await bulk({ op: "add", scope: "all", "sense-codi": "1" })).toMatchObject({
      ok: true,
      message: "Codi «Aparcament» afegit a 1 aportació",
    });
    // Remove from the list filtered by the code and a search.
    expect(await bulk({ op: "remove", scope: "all", codi: park, q: "Reflexió" })).toMatchObject({
      ok: true,
      message: "Codi «Aparcament» tret de 3 aportacions",
    });
    expect((await assignments()).length).toBe(2);
    const entries = (await log()).map((e) => [e.action, e.after]);
    expect(entries).toEqual([
      ["bulk_tag", { label: "Aparcament", count: "3", scope: "filtered" }],
      ["bulk_tag", { label: "Aparcament", count: "1", scope: "selection" }],
      ["bulk_tag", { label: "Aparcament", count: "1", scope: "filtered" }],
      ["bulk_untag", { label: "Aparcament", count: "3", scope: "filtered" }],
    ]);
    expect(await bulk({ op: "sideways", scope: "all" })).toMatchObject({ ok: false, status: 400 });
  });

  it("removes a contribution's codes with it, and never shows a code on a public page", async () => {
    const r = await reflection("Un carril bici fins a l'estació, si us plau");
    await toggle(`reflection:${r}`, await codeId("Treball"));
    await post(codebook.action, {
      intent: "create",
      groupId: (await db().select().from(t.codeGroups))[0]!.id,
      name: "Nota interna 7391",
      colour: "#37474f",
      position: "1",
    });
    await toggle(`reflection:${r}`, await codeId("Nota interna 7391"));
    const pages = await everyPublicLoader(bed.ctx);
    expect(pages).toContain("Un carril bici fins a l'estació");
    expect(pages).not.toContain("Nota interna 7391");
    await post(moderation.action, { intent: "hide", items: `reflection:${r}`, reason: "Prova" });
    expect((await post(moderation.action, { intent: "delete", items: `reflection:${r}` })).ok).toBe(true);
    expect(await assignments()).toEqual([]);
    await post(codebook.action, { intent: "delete", id: await codeId("Nota interna 7391") });
  });

  it("lets moderators and administrators code and keep the codebook, not editors", async () => {
    const r = await reflection("Prova de rols");
    const seg = await codeId("Seguretat");
    for (const [role, allowed] of [
      ["moderator", true],
      ["editor", false],
    ] as const) {
      const { cookie } = await signedInAs(bed.ctx, role);
      const out = (await coding
        .action(
          routeArgs(bed.ctx, "/admin/codificacio", {
            method: "POST",
            body: new URLSearchParams({ intent: "toggle", item: `reflection:${r}`, codeId: seg }),
            headers: { Cookie: cookie },
          }) as never,
        )
        .catch((e: unknown) => e)) as { data?: { ok: boolean }; init?: ResponseInit | null; status?: number };
      if (allowed) expect(out.data?.ok).toBe(true);
      else expect(out.data?.ok ?? false).toBe(false);
    }
    expect((await assignments()).length).toBe(1);
  });

  it("suggests codes by keyword, never applies one silently, and staff accept or reject them singly or in bulk", async () => {
    const [a, b, c] = [
      await reflection("Les CRUÏLLES del centre són perilloses"),
      await reflection("Una cruilla perillosa davant de l'escola"),
      await reflection("Res a veure amb res"),
    ];
    const seg = await codeId("Seguretat");
    const load = async (item?: string) =>
      coding.loader(
        routeArgs(bed.ctx, `/admin/codificacio?q=${encodeURIComponent("")}${item ? `&aportacio=${item}` : ""}`, {
          headers: { Cookie: bed.cookie },
        }) as never,
      );
    const list = await load(`reflection:${b}`);
    const suggested = Object.fromEntries(list.items.map((i) => [i.id, i.suggested.map((s) => s.name)]));
    expect(suggested[a]).toEqual(["Seguretat"]);
    expect(suggested[b]).toEqual(["Seguretat", "Infants i escola"]);
    expect(suggested[c]).toEqual([]);
    expect(list.current!.suggested.map((s) => s.name)).toEqual(["Seguretat", "Infants i escola"]);
    // Suggested is not coded.
    expect(await assignments()).toEqual([]);

    // One, accepted from the panel: coded, and no longer suggested.
    expect(await post(coding.action, { intent: "accept", item: `reflection:${b}`, codeId: seg })).toMatchObject({
      ok: true,
      message: "1 suggeriment de «Seguretat» acceptat",
    });
    expect(await assignments()).toEqual([`reflection:${b}:${seg}`]);
    expect((await load(`reflection:${b}`)).current!.suggested.map((s) => s.name)).toEqual(["Infants i escola"]);
    // The rest of the list, rejected in bulk: not coded, and not suggested again.
    expect(await post(coding.action, { intent: "bulk", op: "reject", scope: "all", codeId: seg })).toMatchObject({
      ok: true,
      message: "1 suggeriment de «Seguretat» rebutjat",
    });
    expect(await post(coding.action, { intent: "bulk", op: "accept", scope: "all", codeId: seg })).toMatchObject({
      ok: false,
      error: CODING_TEXTS.noSuggestion,
    });
    expect((await load()).items.find((i) => i.id === a)!.suggested).toEqual([]);
    expect(await assignments()).toEqual([`reflection:${b}:${seg}`]);
    // A bulk accept of another code on the ticked rows only.
    const inf = await codeId("Infants i escola");
    expect(
      await post(coding.action, { intent: "bulk", op: "accept", scope: "selected", codeId: inf, [`sel:reflection:${b}`]: "1" }),
    ).toMatchObject({ ok: true, message: "1 suggeriment de «Infants i escola» acceptat" });
    expect((await log()).map((e) => [e.action, e.after])).toEqual([
      ["accept_suggestion", { label: "Seguretat", count: "1", scope: "one" }],
      ["reject_suggestion", { label: "Seguretat", count: "1", scope: "filtered" }],
      ["accept_suggestion", { label: "Infants i escola", count: "1", scope: "selection" }],
    ]);
    await db().delete(t.rejectedCodeSuggestions);
  });

  it("refuses bodies that are not forms", async () => {
    await bed.expectNonFormRefused(coding.action);
    await bed.expectNonFormRefused(codebook.action);
  });
});
