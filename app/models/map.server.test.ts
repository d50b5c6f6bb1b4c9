import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { signedInAdmin } from "~/test/admin";
import * as publicGeoJson from "~/routes/api/map-comments-geojson";
import * as adminGeoJson from "~/routes/admin/export-map-comments-geojson";
import { checkLayer } from "~/models/map-geojson.server";
import { MESSAGES } from "~/lib/participation";
import { createMapComment } from "~/models/participation.server";
import { publicMapComments } from "~/models/map.server";

const form = (fields: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/participa/mapa", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const LAYER_ID = "0b6f3e4c-6f58-4d7a-9d55-6a1c1e0f0a01";
const network = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: { name: "Via verda del Foix", status: "proposat" },
      geometry: {
        type: "LineString",
        coordinates: [
          [1.6979, 41.3462],
          [1.69, 41.33],
          [1.664, 41.325],
        ],
      },
    },
  ],
};

type Feature = { geometry: { coordinates: number[] }; properties: Record<string, unknown> };
const body = async (res: unknown) => (await (res as Response).json()) as { type: string; features: Feature[] };

describe.each(testBackends())("map comments with a place on %s", (backend) => {
  const ctx = setupTestContext(backend);

  it("stores a pin (rounded to 5 decimals), a segment (its middle and name) and no place, and exports them exactly", async () => {
    const checked = checkLayer(JSON.stringify(network));
    if (!checked.ok) throw new Error(checked.error);
    await ctx.db.insert(t.mapLayers).values({
      id: LAYER_ID,
      name: "Xarxa proposada",
      colour: "#c2185b",
      fileKey: "map-layers/0b6f3e4c-6f58-4d7a-9d55-6a1c1e0f0a01.json",
      featureCount: 1,
      segments: checked.segments(LAYER_ID),
    });
    const base = { privacy: "on", email: "anna@example.cat" };
    const sent = [
      { ...base, comment: "Cruïlla perillosa", lat: "41.3462049", lng: "1.697951", category: "punt_perillos" },
      { ...base, comment: "Falta enllaç", segment: `${LAYER_ID}:0`, category: "connexio", lat: "41.4", lng: "1.8" },
      { ...base, comment: "Sense lloc" },
      { ...base, comment: "Només municipi", municipality: "Gelida", category: "aparcament" },
    ];
    for (const fields of sent) expect((await createMapComment(form(fields), ctx)).status, fields.comment).toBe(200);
    // In the order sent (a frozen test clock gives them all one creation time).
    const order = (comment: string) => sent.findIndex((f) => f.comment === comment);
    const rows = (await ctx.db.select().from(t.mapComments)).sort((a, b) => order(a.comment) - order(b.comment));
    expect(
      rows.map(({ comment, lat, lng, segmentRef, segmentName, category, municipality }) => [
        comment,
        lat,
        lng,
        segmentRef,
        segmentName,
        category,
        municipality,
      ]),
    ).toEqual([
      ["Cruïlla perillosa", 41.3462, 1.69795, null, null, "punt_perillos", "Vilafranca del Penedès"],
      ["Falta enllaç", 41.33, 1.69, `${LAYER_ID}:0`, "Via verda del Foix", "connexio", "Vilafranca del Penedès"],
      ["Sense lloc", null, null, null, null, null, null],
      ["Només municipi", null, null, null, null, "aparcament", "Gelida"],
    ]);

    // Open data: the located comments, [lng, lat], and no e-mail anywhere.
    const res = (await publicGeoJson.loader(routeArgs(ctx, "/api/map-comments.geojson") as never)) as Response;
    expect(res.headers.get("content-type")).toBe("application/geo+json; charset=utf-8");
    const text = await res.clone().text();
    expect(text).not.toContain("anna@");
    expect(text).not.toContain("email");
    const open = await body(res);
    expect(open.type).toBe("FeatureCollection");
    const byComment = Object.fromEntries(open.features.map((f) => [f.properties.comment, f]));
    expect(Object.keys(byComment).sort()).toEqual(["Cruïlla perillosa", "Falta enllaç"]);
    expect(byComment["Cruïlla perillosa"]).toMatchObject({
      geometry: { type: "Point", coordinates: [1.69795, 41.3462] },
      properties: { category: "punt_perillos", category_label: "Punt perillós", segment_ref: null, municipality: "Vilafranca del Penedès" },
    });
    expect(byComment["Falta enllaç"]).toMatchObject({
      geometry: { coordinates: [1.69, 41.33] },
      properties: { segment_ref: `${LAYER_ID}:0`, segment_name: "Via verda del Foix" },
    });

    // The staff's export: the same features, with the e-mail; refused without a session.
    const anonymous = await Promise.resolve(adminGeoJson.loader(routeArgs(ctx, "/admin/export/map-comments.geojson") as never)).catch(
      (e: unknown) => e,
    );
    expect((anonymous as Response).status).toBe(302);
    const cookie = await signedInAdmin(ctx);
    const staff = await body(
      await adminGeoJson.loader(routeArgs(ctx, "/admin/export/map-comments.geojson", { headers: { Cookie: cookie } }) as never),
    );
    // Newest first; one creation time on a frozen test clock, so compared by comment.
    const byText = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(staff.features.map((f) => [f.properties.comment, f.geometry.coordinates, f.properties.email]).sort(byText)).toEqual([
      ["Cruïlla perillosa", [1.69795, 41.3462], "anna@example.cat"],
      ["Falta enllaç", [1.69, 41.33], "anna@example.cat"],
    ]);
  });

  it("refuses a place outside the area, a broken pin, an unknown segment, category or municipality; stores nothing", async () => {
    const before = await ctx.db.$count(t.mapComments);
    const base = { privacy: "on", comment: "Hola" };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, lat: "41.38", lng: "2.17" }, MESSAGES.placeOutside],
      [{ ...base, lat: "41.38" }, MESSAGES.placeInvalid],
      [{ ...base, lat: "41,38", lng: "1.7" }, MESSAGES.placeInvalid],
      [{ ...base, lat: "1e2", lng: "1.7" }, MESSAGES.placeInvalid],
      [{ ...base, segment: "no-és-un-tram" }, MESSAGES.segmentInvalid],
      [{ ...base, segment: `${LAYER_ID}:7` }, MESSAGES.segmentInvalid],
      // Shaped like a uuid but none (issue 29: 36 dashes failed the database's uuid cast, a 500).
      [{ ...base, segment: `${"-".repeat(36)}:1` }, MESSAGES.segmentInvalid],
      [{ ...base, segment: `${"g".repeat(8)}-0000-0000-0000-000000000000:1` }, MESSAGES.segmentInvalid],
      [{ ...base, segment: `${LAYER_ID.toUpperCase().replace(/^./, "z")}:1` }, MESSAGES.segmentInvalid],
      [{ ...base, category: "bonic" }, MESSAGES.mapCategoryInvalid],
      [{ ...base, municipality: "Barcelona" }, MESSAGES.municipalityInvalid],
    ];
    for (const [fields, message] of cases) {
      const { status, result } = await createMapComment(form(fields), ctx);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(Object.values(result.ok ? {} : result.errors), JSON.stringify(fields)).toContain(message);
    }
    expect(await ctx.db.$count(t.mapComments)).toBe(before);
  });

  it("publicMapComments filters by category and never reads the e-mail", async () => {
    const dangerous = await publicMapComments(ctx.db, { category: "punt_perillos" });
    expect(dangerous.map((c) => c.comment)).toEqual(["Cruïlla perillosa"]);
    expect(JSON.stringify(await publicMapComments(ctx.db))).not.toContain("@");
  });
});
