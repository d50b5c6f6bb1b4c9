import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { LAYER_LIMITS, type MapSegment } from "~/domain/map";
import { UPLOADS } from "~/domain/uploads";
import { checkLayer, checkLayerOffThread, LAYER_MESSAGES } from "~/models/map-geojson.server";
import { adminTestBed, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as layers from "./map-layers.server";

const line = (coords: number[][], properties: Record<string, unknown> = {}) => ({
  type: "Feature",
  properties,
  geometry: { type: "LineString", coordinates: coords },
});
const point = (lng: number, lat: number) => ({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [lng, lat] } });
const collection = (...features: unknown[]) => ({ type: "FeatureCollection", features });
const file = (body: unknown, name = "xarxa.geojson") =>
  new File([typeof body === "string" ? body : JSON.stringify(body)], name, { type: "application/geo+json" });

// Vilafranca del Penedès station to Sant Sadurní d'Anoia, roughly along the BV-2427.
const VILAFRANCA_SANT_SADURNI = [
  [1.7005, 41.3463],
  [1.73, 41.37],
  [1.76, 41.4],
  [1.7853, 41.4256],
];
const fields = { intent: "create", name: "Xarxa proposada", colour: "#C2185B", lineStyle: "dashed", position: "1", isActive: "true" };

describe.each(testBackends())("map layers on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const files = async () => (await bed.ctx.storage.list()).map((f) => f.key).filter((k) => k.startsWith("map-layers/"));

  it("refuses what is not a FeatureCollection of points and lines inside the Alt Penedès, storing nothing", async () => {
    const many = collection(...Array.from({ length: 20_000 }, (_, i) => point(1.6 + (i % 100) / 1000, 41.3 + i / 1_000_000)));
    const cases: [File, string, number?][] = [
      [file("{ això no és JSON"), LAYER_MESSAGES.notJson],
      [file('{"type":"Feature","geometry":null}'), LAYER_MESSAGES.notCollection],
      [file(collection()), LAYER_MESSAGES.empty],
      [
        file(collection(line(VILAFRANCA_SANT_SADURNI), { type: "Feature", geometry: { type: "Polygon", coordinates: [] } })),
        LAYER_MESSAGES.geometry(2, "Polygon"),
      ],
      [file(collection(line([[1.7, 41.3]]))), LAYER_MESSAGES.coordinates(1)],
      [file(collection(point(2.17, 41.38))), LAYER_MESSAGES.outside(1)], // Barcelona
      // Latitude and longitude swapped: the commonest mistake.
      [file(collection(point(41.3463, 1.7005))), LAYER_MESSAGES.outside(1)],
      // Projected coordinates (UTM 31N, ETRS89), not degrees.
      [file(collection(point(392_000, 4_578_000))), LAYER_MESSAGES.outside(1)],
      [file({ ...collection(point(1.7, 41.35)), crs: { type: "name", properties: { name: "EPSG:25831" } } }), LAYER_MESSAGES.crs],
      [file(many), LAYER_MESSAGES.tooMany(20_000)],
      // Deeply nested (issue 29): refused before it is parsed, in the worker.
      [file(`{"type":"FeatureCollection","features":${"[".repeat(500_000)}${"]".repeat(500_000)}}`), LAYER_MESSAGES.tooDeep],
      [file(`{"type":"FeatureCollection","features":[${'{"a":'.repeat(40)}1${"}".repeat(40)}]}`), LAYER_MESSAGES.tooDeep],
      [file(`{"type":"FeatureCollection","features":[${" ".repeat(LAYER_LIMITS.bytes)}]}`), LAYER_MESSAGES.tooLarge, 413],
      [new File([await png()], "xarxa.geojson"), UPLOADS.mapLayer.messages.bad_type],
    ];
    for (const [f, error, status = 400] of cases) {
      const out = await post(layers.action, fields, { file: f });
      expect(out, error).toMatchObject({ ok: false, error, status });
    }
    expect((await post(layers.action, fields, {})).error).toBe(UPLOADS.mapLayer.messages.required);
    expect(await bed.ctx.db.$count(t.mapLayers)).toBe(0);
    expect(await files()).toEqual([]);
  });

  it("stores a valid layer with its segments; replacing the file keeps the row and removes the old file", async () => {
    const body = collection(
      line(VILAFRANCA_SANT_SADURNI, { name: "Vilafranca - Sant Sadurní", status: "proposat" }),
      point(1.6979, 41.3462),
      { type: "Feature", properties: { nom: "Anella" }, geometry: { type: "MultiLineString", coordinates: [VILAFRANCA_SANT_SADURNI] } },
    );
    const out = await post(layers.action, fields, { file: file(body) });
    expect(out).toMatchObject({ ok: true, message: "Capa afegida correctament" });
    const [row] = await bed.ctx.db.select().from(t.mapLayers);
    expect(row).toMatchObject({ name: "Xarxa proposada", colour: "#c2185b", lineStyle: "dashed", position: 1, featureCount: 3 });
    expect(row!.fileKey).toMatch(/^map-layers\/[0-9a-f-]{36}\.json$/);
    expect(JSON.parse(await (await import("~/models/map.server")).readStoredText(bed.ctx.storage, row!.fileKey))).toEqual(body);
    const segments = row!.segments as MapSegment[];
    expect(segments.map((s) => [s.ref, s.name, s.status, s.municipality])).toEqual([
      [`${row!.id}:0`, "Vilafranca - Sant Sadurní", "proposat", "Sant Sadurní d'Anoia"],
      [`${row!.id}:1`, "Element 2", null, "Vilafranca del Penedès"],
      [`${row!.id}:2`, "Anella", null, "Sant Sadurní d'Anoia"],
    ]);
    expect(segments[0]!.lengthKm).toBeGreaterThan(10);
    expect(segments[0]!.lengthKm).toBeLessThan(12);
    expect(segments[1]).toMatchObject({ lengthKm: null, at: [41.3462, 1.6979] });

    // A refused replacement changes nothing.
    const refused = await post(layers.action, { ...fields, intent: "update", id: row!.id }, { file: file(collection(point(2.17, 41.38))) });
    expect(refused.ok).toBe(false);
    expect(await files()).toEqual([row!.fileKey]);

    const replaced = await post(
      layers.action,
      { ...fields, intent: "update", id: row!.id, name: "Xarxa v2" },
      { file: file(collection(point(1.7, 41.35))) },
    );
    expect(replaced).toMatchObject({ ok: true, message: "Capa actualitzada correctament" });
    const [after] = await bed.ctx.db.select().from(t.mapLayers);
    expect(after).toMatchObject({ id: row!.id, name: "Xarxa v2", featureCount: 1 });
    expect(await files()).toEqual([after!.fileKey]);

    // The texts alone, without a file: the file stays.
    expect((await post(layers.action, { ...fields, intent: "update", id: row!.id, colour: "#00ff00" })).ok).toBe(true);
    expect((await bed.ctx.db.select().from(t.mapLayers))[0]).toMatchObject({ colour: "#00ff00", fileKey: after!.fileKey });

    expect((await post(layers.action, { intent: "delete", id: row!.id })).message).toBe("Capa eliminada correctament");
    expect(await files()).toEqual([]);
  });

  it("refuses a bad colour, style or name", async () => {
    const out = await post(
      layers.action,
      { ...fields, colour: "vermell", lineStyle: "wavy", name: " " },
      { file: file(collection(point(1.7, 41.35))) },
    );
    expect(out.fieldErrors).toMatchObject({
      colour: "El color ha de tenir la forma #rrggbb",
      lineStyle: "Tria un estil de línia de la llista",
      name: "El nom de la capa és obligatori",
    });
    expect(await files()).toEqual([]);
  });

  it("refuses anything that is not a form", () => bed.expectNonFormRefused(layers.action));

  it("checks a layer off the event loop: the server keeps answering while a big layer is read", async () => {
    // About 3 MB of real lines, as a full network layer.
    const big = collection(
      ...Array.from({ length: 2000 }, (_, i) =>
        line(Array.from({ length: 60 }, (_, j) => [1.6 + (i % 40) / 200 + j / 100_000, 41.3 + Math.floor(i / 40) / 500 + j / 100_000])),
      ),
    );
    const source = JSON.stringify(big);
    expect(source.length).toBeGreaterThan(2_500_000);
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const checked = await checkLayerOffThread(source);
    done = true;
    expect(checked).toMatchObject({ ok: true, featureCount: 2000 });
    // The event loop turned while the text was parsed elsewhere (on this thread it could not have).
    expect(turns).toBeGreaterThan(2);
    expect(checkLayer(source)).toMatchObject({ ok: true, featureCount: 2000 });
  });
});
