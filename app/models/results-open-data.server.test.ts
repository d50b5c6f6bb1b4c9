import { Readable } from "node:stream";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { eq } from "drizzle-orm";
import { checkLayer } from "~/models/map-geojson.server";
import { SEED_LAYERS } from "~/seed/map-seed";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { loader as csvLoader } from "~/routes/api/results-csv";
import { loader as geoJsonLoader } from "~/routes/api/results-geojson";
import { RESULT_CSV_COLUMNS } from "./results-open-data.server";

// The plan's results as open data (issue 35, decision 069) on both databases: the public results
// only, with state, progress, km (from the geometry) and dates, as CSV and as GeoJSON whose
// geometry is the result's segments as the layer's file draws them.

describe.each(testBackends())("the results' open data on %s", (backend) => {
  const ctx = setupTestContext(backend);
  let layerId = "";
  let features: { geometry: { type: string; coordinates: unknown } }[] = [];

  beforeAll(async () => {
    await ctx.db.delete(t.mapLayers);
    const layer = SEED_LAYERS[0]!;
    const text = JSON.stringify(layer.geojson);
    const checked = checkLayer(text);
    if (!checked.ok) throw new Error(checked.error);
    const file = await ctx.storage.put(Readable.from([Buffer.from(text)]), {
      maxBytes: 5e6,
      prefix: "map-layers",
      accept: (type) => (type === "application/json" ? "application/geo+json" : null),
    });
    layerId = crypto.randomUUID();
    const { seed: _, geojson: __, ...values } = layer;
    await ctx.db
      .insert(t.mapLayers)
      .values({ ...values, id: layerId, fileKey: file.key, featureCount: checked.featureCount, segments: checked.segments(layerId) });
    features = (layer.geojson as { features: typeof features }).features;
  });
  beforeEach(async () => {
    await ctx.db.delete(t.results);
  });

  const stateId = async (label: string) => (await ctx.db.select().from(t.resultStates).where(eq(t.resultStates.label, label)))[0]!.id;
  const lines = () => features.map((f, i) => ({ f, i })).filter(({ f }) => f.geometry.type === "LineString");

  it("lists every public result, with its state, progress, km and dates, and nothing hidden", async () => {
    const [a, b] = lines();
    const [segments] = await ctx.db.select({ segments: t.mapLayers.segments }).from(t.mapLayers).where(eq(t.mapLayers.id, layerId));
    const km = (segments!.segments as { ref: string; lengthKm: number | null }[])
      .filter((s) => s.ref === `${layerId}:${a!.i}` || s.ref === `${layerId}:${b!.i}`)
      .reduce((sum, s) => sum + (s.lengthKm ?? 0), 0);
    await ctx.db.insert(t.results).values([
      {
        title: 'Carril bici "de l\'estació", fase 1',
        stateId: await stateId("En obres"),
        progress: 40,
        municipalities: ["Vilafranca del Penedès", "Gelida"],
        category: "ciutadania",
        budget: 125000,
        plannedDate: "2027-06-30",
        segmentRefs: [`${layerId}:${a!.i}`, `${layerId}:${b!.i}`],
        isActive: true,
      },
      { title: "Una campanya sense trams", stateId: await stateId("Feta"), progress: 100, realDate: "2026-05-01", isActive: true },
      { title: "Actuació amagada", stateId: await stateId("Proposada"), isActive: false },
    ]);

    const csvResponse = (await csvLoader(routeArgs(ctx, "/api/seguiment-del-pla.csv") as never)) as Response;
    expect(csvResponse.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // UTF-8 with its byte-order mark (Excel reads the accents).
    const bytes = Buffer.from(await csvResponse.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8").slice(1);
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toBe(RESULT_CSV_COLUMNS.join(","));
    expect(rows).toHaveLength(3);
    expect(csv).not.toContain("amagada");
    const first = rows.find((r) => r.includes("fase 1"))!;
    expect(first).toContain(`"Carril bici ""de l'estació"", fase 1"`);
    expect(first).toContain(",En obres,per fer,40,");
    expect(first).toContain(`,${Math.round(km * 100) / 100},"Vilafranca del Penedès; Gelida",ciutadania,125000,2027-06-30,,`);
    expect(rows.find((r) => r.includes("sense trams"))).toContain(",Feta,fet,100,0,,,,,2026-05-01,");

    const geoResponse = (await geoJsonLoader(routeArgs(ctx, "/api/seguiment-del-pla.geojson") as never)) as Response;
    expect(geoResponse.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    const geo = (await geoResponse.json()) as {
      type: string;
      features: { geometry: { type: string; coordinates: unknown } | null; properties: Record<string, unknown> }[];
    };
    expect(geo.type).toBe("FeatureCollection");
    expect(geo.features).toHaveLength(2);
    const lane = geo.features.find((f) => f.properties.estat === "En obres")!;
    expect(lane.properties).toMatchObject({
      avenc_percent: 40,
      km: Math.round(km * 100) / 100,
      data_prevista: "2027-06-30",
      data_real: null,
    });
    expect(lane.properties.url).toMatch(/\/seguiment-del-pla\/[0-9a-f-]{36}$/);
    expect(lane.geometry).toEqual({ type: "MultiLineString", coordinates: [a!.f.geometry.coordinates, b!.f.geometry.coordinates] });
    expect(geo.features.find((f) => f.properties.estat === "Feta")!.geometry).toBeNull();
  });
});
