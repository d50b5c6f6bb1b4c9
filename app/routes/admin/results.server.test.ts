import * as trackerPage from "../seguiment";
import * as mapData from "../api/results-map";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { SEED_LAYERS } from "~/seed/map-seed";
import { checkLayer } from "~/models/map-geojson.server";
import { contrastWithWhite, MIN_CONTRAST } from "~/lib/answers";
import { RESULT_TEXTS } from "~/lib/results";
import { publicResult, tracker, type Tracker } from "~/models/results.server";
import { adminTestBed, png, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as resultStates from "./result-states.server";
import * as results from "./results.server";
import * as entries from "./result-entries.server";

// Issue 35 (decision 067): the plan's results on both databases: the five default states, a result
// linked to segments and contributions, its timeline, the tracker's km per state computed from the
// segments' geometry (equal to a direct computation on the seeded network), the audit log, the bad
// input, who may write, and a hidden result or contribution reaching no public page.

const DEFAULTS = ["Proposada", "En projecte", "En obres", "Feta", "Descartada"];

type Position = [number, number];
type Feature = { geometry: { type: string; coordinates: unknown } };

/** A feature's km computed here, directly: the haversine sum of its lines' steps (RFC 7946 order). */
function directKm(f: Feature): number {
  const lines =
    f.geometry.type === "LineString"
      ? [f.geometry.coordinates as Position[]]
      : f.geometry.type === "MultiLineString"
        ? (f.geometry.coordinates as Position[][])
        : [];
  let km = 0;
  for (const line of lines)
    for (let i = 1; i < line.length; i++) {
      const [a, b] = [line[i - 1]!, line[i]!].map(([lng, lat]) => [(lng * Math.PI) / 180, (lat * Math.PI) / 180]) as [number[], number[]];
      const h = Math.sin((b[1]! - a[1]!) / 2) ** 2 + Math.cos(a[1]!) * Math.cos(b[1]!) * Math.sin((b[0]! - a[0]!) / 2) ** 2;
      km += 2 * 6371 * Math.asin(Math.sqrt(h));
    }
  return km;
}

describe.each(testBackends())("the plan's results on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const db = () => bed.ctx.db;
  const layerIds: string[] = [];

  // The seeded network's layers, as the seed writes them (their segments measured on upload).
  beforeAll(async () => {
    await db().delete(t.mapLayers);
    for (const layer of SEED_LAYERS) {
      const checked = checkLayer(JSON.stringify(layer.geojson));
      if (!checked.ok) throw new Error(checked.error);
      const id = crypto.randomUUID();
      layerIds.push(id);
      const { seed: _, geojson: __, ...values } = layer;
      await db()
        .insert(t.mapLayers)
        .values({ ...values, id, fileKey: `map-layers/${id}.geojson`, featureCount: checked.featureCount, segments: checked.segments(id) });
    }
  });

  beforeEach(async () => {
    await db().delete(t.results);
    for (const table of [t.reflections, t.auditLog]) await db().delete(table);
  });

  const states = async () => db().select().from(t.resultStates).orderBy(t.resultStates.position);
  const stateId = async (label: string) => (await states()).find((s) => s.label === label)!.id;
  const reflection = async (text: string, status: "published" | "hidden" = "published") =>
    (await db().insert(t.reflections).values({ reflection: text, email: "anna@example.cat", status }).returning())[0]!.id;
  const seg = (layer: number, index: number) => `${layerIds[layer]}:${index}`;
  const features = (layer: number) => (SEED_LAYERS[layer]!.geojson as { features: Feature[] }).features;
  const create = async (fields: Record<string, string>) =>
    post(results.action, {
      intent: "create",
      progress: "0",
      stateId: await stateId("Proposada"),
      isActive: "true",
      ...fields,
    });
  const idOf = async (title: string) => (await db().select().from(t.results).where(eq(t.results.title, title)))[0]!.id;

  it("starts with the five default states, in order, each colour carrying white text at AA", async () => {
    const rows = await states();
    expect(rows.map((s) => s.label)).toEqual(DEFAULTS);
    for (const s of rows) expect(contrastWithWhite(s.colour), s.label).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(rows.map((s) => s.meaning)).toEqual(["open", "open", "open", "done", "dropped"]);
    expect(rows.find((s) => s.label === "Feta")!.translations).toEqual({ es: { label: "Hecha" }, en: { label: "Done" } });
  });

  it("a state in use is retired, never deleted; a retired state is offered for no new result", async () => {
    expect(
      await post(resultStates.action, { intent: "create", label: "Pausada", colour: "#fff176", meaning: "open", position: "6" }),
    ).toMatchObject({ ok: false, error: RESULT_TEXTS.colourContrast });
    expect(await create({ title: "Carril bici de la BV-2427", stateId: await stateId("En obres") })).toMatchObject({ ok: true });
    const inUse = await stateId("En obres");
    expect(await post(resultStates.action, { intent: "delete", id: inUse })).toMatchObject({
      ok: false,
      error: RESULT_TEXTS.stateInUse,
      status: 409,
    });
    expect(await post(resultStates.action, { intent: "toggle", id: inUse, isActive: "false" })).toMatchObject({ ok: true });
    expect(await create({ title: "Una altra", stateId: inUse })).toMatchObject({ ok: false, error: RESULT_TEXTS.stateRetired });
    // The result that holds it keeps it on an edit.
    const id = await idOf("Carril bici de la BV-2427");
    expect(
      await post(results.action, { intent: "update", id, title: "Carril bici de la BV-2427", stateId: inUse, progress: "40" }),
    ).toMatchObject({
      ok: true,
    });
    await post(resultStates.action, { intent: "toggle", id: inUse, isActive: "true" });
  });

  it("km per state come from the segments' geometry, equal to a direct computation on the seeded network", async () => {
    const [done, works, dropped] = [await stateId("Feta"), await stateId("En obres"), await stateId("Descartada")];
    // Two results share a segment in the same state: it counts once there.
    await create({ title: "Vilafranca - Sant Sadurní", stateId: done, segmentRefs: [seg(0, 0), seg(0, 1)].join("\n") });
    await create({ title: "Vilafranca - Monjos, il·luminació", stateId: done, segmentRefs: seg(0, 1) });
    await create({ title: "Gelida", stateId: works, segmentRefs: [seg(0, 3), seg(1, 0)].join("\n") });
    await create({ title: "Descartada", stateId: dropped, segmentRefs: seg(0, 4) });
    // Parking (points) has no length; a result without segments none either.
    await create({ title: "Aparcaments", stateId: works, segmentRefs: seg(2, 0) });
    await create({ title: "Campanya", stateId: works });

    const { figures } = await tracker(db(), "ca", { municipality: null, category: null, state: null });
    const km = (label: string) => figures.byState.find((s) => s.state.label.text === label)!.km;
    const expectDone = directKm(features(0)[0]!) + directKm(features(0)[1]!);
    const expectWorks = directKm(features(0)[3]!) + directKm(features(1)[0]!);
    const expectDropped = directKm(features(0)[4]!);
    // Each segment's length is kept to 10 m on upload: a sum of n of them is within n × 5 m.
    expect(Math.abs(km("Feta") - expectDone)).toBeLessThan(0.011);
    expect(Math.abs(km("En obres") - expectWorks)).toBeLessThan(0.011);
    expect(Math.abs(km("Descartada") - expectDropped)).toBeLessThan(0.006);
    expect(expectDone).toBeGreaterThan(5);
    // The plan's km leave out the dropped ones; the share done is done / plan.
    expect(Math.abs(figures.totalKm - (expectDone + expectWorks))).toBeLessThan(0.021);
    expect(figures.doneShare).toBeCloseTo(figures.doneKm / figures.totalKm, 9);
    expect(figures.byState.find((s) => s.state.label.text === "En obres")!.results).toBe(3);
  });

  it("the tracker page sends what it shows, and no segment at all: its map's data is its own request, for the same filters", async () => {
    await create({
      title: "Vilafranca - Sant Sadurní",
      description: "Una **descripció** llarga",
      segmentRefs: [seg(0, 0), seg(0, 1)].join("\n"),
    });
    await create({ title: "Gelida", stateId: await stateId("En obres"), municipalities: "Gelida", segmentRefs: seg(1, 0) });
    const data = await trackerPage.loader(routeArgs(bed.ctx, "/seguiment-del-pla?municipi=Gelida&pagina=1") as never);
    expect(data).not.toHaveProperty("map");
    expect(JSON.stringify(data)).not.toContain(seg(0, 0));
    expect(data.mapData).toBe("/api/seguiment-del-pla/mapa.json?municipi=Gelida");
    const all = await trackerPage.loader(routeArgs(bed.ctx, "/seguiment-del-pla") as never);
    expect(all.mapData).toBe("/api/seguiment-del-pla/mapa.json");
    // The map's data: the drawn segments only, each in its result's state's colour.
    const map = async (address: string) =>
      (await ((await mapData.loader(routeArgs(bed.ctx, address) as never)) as Response).json()) as Tracker["map"];
    const everything = await map(all.mapData!);
    expect(everything.layers.map((l) => l.segments.map((s) => s.ref))).toEqual([[seg(0, 0), seg(0, 1)], [seg(1, 0)]]);
    expect(features(0).length).toBeGreaterThan(2);
    expect(Object.keys(everything.colours).sort()).toEqual([seg(0, 0), seg(0, 1), seg(1, 0)].sort());
    const works = (await states()).find((st) => st.label === "En obres")!.colour;
    expect(everything.colours[seg(1, 0)]).toBe(works);
    // Filtered as the page is; with nothing to draw, the page has no map.
    expect(Object.keys((await map(`${all.mapData}?estat=${await stateId("En obres")}`)).colours)).toEqual([seg(1, 0)]);
    const none = await trackerPage.loader(routeArgs(bed.ctx, "/seguiment-del-pla?municipi=Sitges") as never);
    expect(none.mapData).toBeNull();
    expect(await map("/api/seguiment-del-pla/mapa.json?municipi=Sitges")).toEqual({ layers: [], colours: {} });
  });

  it("the tracker's list holds no result's description or segments", async () => {
    await create({
      title: "Vilafranca - Sant Sadurní",
      description: "Una **descripció** llarga",
      segmentRefs: [seg(0, 0), seg(0, 1)].join("\n"),
    });
    const data = await trackerPage.loader(routeArgs(bed.ctx, "/seguiment-del-pla") as never);
    expect(data.results).toHaveLength(1);
    expect(data.results[0]).not.toHaveProperty("description");
    expect(data.results[0]).not.toHaveProperty("segmentRefs");
    expect(data.results[0]!.km).toBeGreaterThan(0);
  });

  it("the tracker's list comes in pages; the count, the figures and the map cover every result", async () => {
    const n = trackerPage.RESULTS_PER_PAGE + 1;
    for (let i = 0; i < n; i++) await create({ title: `Actuació ${String(i).padStart(2, "0")}`, segmentRefs: seg(0, i % 3) });
    const page = (query: string) => trackerPage.loader(routeArgs(bed.ctx, `/seguiment-del-pla${query}`) as never);
    const first = await page("");
    expect(first).toMatchObject({ total: n, page: 1, pages: 2 });
    expect(first.results).toHaveLength(trackerPage.RESULTS_PER_PAGE);
    const map = (await ((await mapData.loader(routeArgs(bed.ctx, first.mapData!) as never)) as Response).json()) as Tracker["map"];
    expect(Object.keys(map.colours)).toHaveLength(3);
    expect(first.figures.byState.reduce((sum, s) => sum + s.results, 0)).toBe(n);
    const second = await page("?pagina=2");
    expect(second).toMatchObject({ total: n, page: 2 });
    expect(second.results).toHaveLength(1);
    for (const bad of ["?pagina=3", "?pagina=0", "?pagina=x", "?pagina=1.5"]) expect((await page(bad)).page, bad).toBe(1);
  });

  it("creates a result linked to two segments and a contribution, with its timeline and photo, each change in the audit log", async () => {
    const contribution = await reflection("Un carril bici fins a l'estació, si us plau");
    expect(
      await create({
        title: "Carril bici Vilafranca - Sant Sadurní",
        description: "Un carril **segregat** al llarg de la BV-2427.\n\n<script>alert(1)</script>",
        stateId: await stateId("En projecte"),
        progress: "25",
        municipalities: "Vilafranca del Penedès\nSant Sadurní d'Anoia",
        category: "laboral",
        budget: "1.250.000",
        plannedDate: "2027-06-30",
        segmentRefs: `${seg(0, 0)}\n${seg(1, 0)}`,
        contributionRefs: `reflection:${contribution}`,
        title_es: "Carril bici Vilafranca - Sant Sadurní (es)",
      }),
    ).toMatchObject({ ok: true, message: "Actuació creada correctament" });
    const id = await idOf("Carril bici Vilafranca - Sant Sadurní");
    const [row] = await db().select().from(t.results).where(eq(t.results.id, id));
    expect(row).toMatchObject({
      progress: 25,
      budget: 1250000,
      category: "laboral",
      municipalities: ["Vilafranca del Penedès", "Sant Sadurní d'Anoia"],
      segmentRefs: [seg(0, 0), seg(1, 0)],
      plannedDate: "2027-06-30",
      realDate: null,
      translations: { es: { title: "Carril bici Vilafranca - Sant Sadurní (es)" } },
    });

    const photo = new File([await png(64, 48)], "obres.png", { type: "image/png" });
    expect(
      await post(entries.action, { intent: "create", resultId: id, date: "2026-11-20", text: "Inici d'obres" }, { image: photo }),
    ).toMatchObject({
      ok: true,
    });
    expect(await post(entries.action, { intent: "create", resultId: id, date: "2026-03-02", text: "Aprovat el projecte" })).toMatchObject({
      ok: true,
    });
    const timeline = await db().select().from(t.resultEntries).where(eq(t.resultEntries.resultId, id));
    const withPhoto = timeline.find((e) => e.text === "Inici d'obres")!;
    expect(withPhoto).toMatchObject({ width: 64, height: 48 });
    expect(await bed.stored(withPhoto.imageKey!)).toBe(true);

    const detail = (await publicResult(db(), id, "es"))!;
    expect(detail.result.title).toEqual({ text: "Carril bici Vilafranca - Sant Sadurní (es)" });
    expect(detail.result.description).toMatchObject({ lang: "ca" });
    expect(detail.entries.map((e) => e.text.text)).toEqual(["Inici d'obres", "Aprovat el projecte"]);
    expect(detail.entries[0]!.image!.src).toContain(withPhoto.imageKey!);
    expect(detail.contributions.map((c) => c.text)).toEqual(["Un carril bici fins a l'estació, si us plau"]);
    expect(JSON.stringify(detail)).not.toContain("anna@example.cat");
    expect(Object.keys(detail.map.colours)).toEqual([seg(0, 0), seg(1, 0)]);

    const log = await db().select().from(t.auditLog);
    expect(log.map((e) => `${e.entity} ${e.action}`).sort()).toEqual(["result create", "result entry create", "result entry create"]);
  });

  it("refuses bad input with a Catalan message and stores nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: "" }, RESULT_TEXTS.titleRequired],
      [{ title: "x", progress: "101" }, RESULT_TEXTS.progress],
      [{ title: "x", budget: "12,5" }, RESULT_TEXTS.budget],
      [{ title: "x", municipalities: "Barcelona" }, RESULT_TEXTS.municipality],
      [{ title: "x", segmentRefs: "no-es-un-tram" }, RESULT_TEXTS.segmentFormat],
      [{ title: "x", segmentRefs: `${layerIds[0]}:999` }, RESULT_TEXTS.segmentUnknown],
      [{ title: "x", contributionRefs: `reflection:${crypto.randomUUID()}` }, RESULT_TEXTS.contributionUnknown],
      [{ title: "x", plannedDate: "30/06/2027" }, RESULT_TEXTS.date],
      [{ title: "x", stateId: crypto.randomUUID() }, RESULT_TEXTS.stateUnknown],
    ];
    for (const [fields, error] of cases) expect(await create(fields), JSON.stringify(fields)).toMatchObject({ ok: false, error });
    expect(await post(entries.action, { intent: "create", resultId: crypto.randomUUID(), date: "2026-01-01", text: "x" })).toMatchObject({
      ok: false,
      error: RESULT_TEXTS.resultUnknown,
    });
    expect(await post(entries.action, { intent: "create", resultId: crypto.randomUUID(), date: "", text: "" })).toMatchObject({
      ok: false,
    });
    expect(await db().$count(t.results)).toBe(0);
    expect(await db().$count(t.resultEntries)).toBe(0);
    expect(await db().$count(t.auditLog)).toBe(0);
  });

  it("editors write results and entries; moderators may not; only administrators keep the states", async () => {
    const as = async (role: "editor" | "moderator", action: (args: never) => Promise<unknown>, fields: Record<string, string>) => {
      const { cookie } = await signedInAs(bed.ctx, role);
      const path = action === (results.action as unknown) ? "/admin/seguiment" : "/admin/estats-seguiment";
      const out = (await action(
        routeArgs(bed.ctx, path, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }) as never,
      ).catch((e: unknown) => e)) as { data?: { ok: boolean }; status?: number };
      return out instanceof Response ? out.status : out.data?.ok;
    };
    const fields = { intent: "create", title: "Senyalització", stateId: await stateId("Proposada"), progress: "0" };
    expect(await as("editor", results.action, fields)).toBe(true);
    expect(await as("moderator", results.action, { ...fields, title: "Una altra" })).toBe(403);
    expect(
      await as("editor", resultStates.action, {
        intent: "create",
        label: "Nova",
        colour: "#1b5e20",
        meaning: "open",
        position: "7",
      }),
    ).toBe(403);
    expect((await db().select().from(t.results)).map((r) => r.title)).toEqual(["Senyalització"]);
  });

  it("a hidden result, or a hidden contribution of a public one, leaks to no public page", async () => {
    const hiddenNote = await reflection("Text amagat d'una aportació", "hidden");
    await create({ title: "Actuació secreta", isActive: "false", segmentRefs: seg(0, 2) });
    await create({ title: "Actuació pública", contributionRefs: `reflection:${hiddenNote}`, segmentRefs: seg(0, 1) });
    const [secret, open] = [await idOf("Actuació secreta"), await idOf("Actuació pública")];
    await post(entries.action, { intent: "create", resultId: secret, date: "2026-01-01", text: "Fita secreta" });
    const everything = await everyPublicLoader(bed.ctx, [secret, open]);
    expect(everything).toContain("Actuació pública");
    expect(everything).not.toContain("Actuació secreta");
    expect(everything).not.toContain("Fita secreta");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("Text amagat");
    // The tracker map's data (its own route) colours the public result's segment, not the hidden
    // one's (the participation map lists every segment of the network, results or not).
    expect(everything).toContain(`"${seg(0, 1)}":"#`);
    expect(everything).not.toContain(`"${seg(0, 2)}":"#`);
    expect(await publicResult(db(), secret, "ca")).toBeNull();
    // The tracker in the header: only while a result is public.
    expect(everything).toContain('"tracker":true');
    await post(results.action, { intent: "toggle", id: open, isActive: "false" });
    expect(await everyPublicLoader(bed.ctx)).toContain('"tracker":false');
  });
});
