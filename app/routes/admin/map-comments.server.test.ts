import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ADMIN_PIN_TEXT } from "~/domain/map";
import { publicMapComments } from "~/models/map.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as screen from "./map-comments.server";

// The staff's map comments (issues 14 and 17): the list and the map of every status, both
// filtered by the same URL (status, category, dates, search); the public reads never see them.

describe.each(testBackends())("admin map comments on %s", (backend) => {
  const bed = adminTestBed(backend);
  const load = async (query = "") =>
    (await (screen.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, `/admin/comentaris-mapa${query}`, { headers: { Cookie: bed.cookie } }),
    )) as Awaited<ReturnType<typeof screen.loader>>;

  const day = (d: string) => new Date(`${d}T10:00:00Z`);
  const rows = [
    {
      comment: "Cruïlla perillosa publicada",
      status: "published",
      category: "punt_perillos",
      lat: 41.3,
      lng: 1.6,
      createdAt: day("2026-03-02"),
    },
    { comment: "Falta connexió pendent", status: "pending", category: "connexio", lat: 41.4, lng: 1.7, createdAt: day("2026-03-05") },
    { comment: "Text amagat per l'equip", status: "hidden", category: "punt_perillos", lat: 41.45, lng: 1.8, createdAt: day("2026-03-09") },
    { comment: "Sense lloc, pendent", status: "pending", category: null, lat: null, lng: null, createdAt: day("2026-03-10") },
    { comment: "Llarg " + "x".repeat(600), status: "published", category: "altres", lat: 41.35, lng: 1.65, createdAt: day("2026-02-20") },
  ] as const;

  it("maps the located comments of every status, newest first, with the list's filters from the URL", async () => {
    await bed.ctx.db.insert(t.mapComments).values(rows.map((r) => ({ ...r, email: "anna@exemple.cat" })));
    const all = await load();
    expect(all.list).toMatchObject({ total: 5, matching: 5 });
    expect(all.map.more).toBe(false);
    expect(all.map.pins.map((p) => [p.status, p.comment.slice(0, 12)])).toEqual([
      ["hidden", "Text amagat "],
      ["pending", "Falta connex"],
      ["published", "Cruïlla peri"],
      ["published", "Llarg xxxxxx"],
    ]);
    // A pin carries what its popup shows, never the e-mail; a long text is cut (the queue has it whole).
    const pin = all.map.pins[0]!;
    expect(Object.keys(pin).sort()).toEqual([
      "category",
      "comment",
      "createdAt",
      "id",
      "lat",
      "lng",
      "municipality",
      "segmentName",
      "status",
    ]);
    expect(JSON.stringify(all.map)).not.toContain("anna@exemple.cat");
    expect(all.map.pins.at(-1)!.comment).toHaveLength(ADMIN_PIN_TEXT + 1);
    expect(all.map.pins.at(-1)!.comment.endsWith("…")).toBe(true);
    // The list says which comments have no place.
    expect(all.list.rows.find((r) => r.comment === "Sense lloc, pendent")).toMatchObject({ located: false, category: null });

    const comments = async (query: string) => (await load(query)).map.pins.map((p) => p.comment);
    expect(await comments("?estat=pending")).toEqual(["Falta connexió pendent"]);
    expect(await comments("?categoria=punt_perillos")).toEqual(["Text amagat per l'equip", "Cruïlla perillosa publicada"]);
    expect(await comments("?categoria=punt_perillos&estat=published")).toEqual(["Cruïlla perillosa publicada"]);
    expect(await comments("?des-de=2026-03-03&fins-a=2026-03-09")).toEqual(["Text amagat per l'equip", "Falta connexió pendent"]);
    expect(await comments("?q=CONNEXIÓ")).toEqual(["Falta connexió pendent"]);
    // The list follows the same filters (its matching count includes the comment without a place).
    expect((await load("?estat=pending")).list).toMatchObject({ matching: 2, total: 5 });
    expect((await load("?categoria=connexio")).list.query.filters).toEqual({ categoria: "connexio" });
    // A value the list does not know is left out: every category and status.
    const unknown = await load("?categoria=perillos&estat=esborrat");
    expect(unknown.list.query.filters).toEqual({});
    expect(unknown.map.pins).toHaveLength(4);

    // The public reads (the map, its list, the GeoJSON) have only the published ones.
    expect((await publicMapComments(bed.ctx.db)).map((c) => c.comment).sort()).toEqual(["Cruïlla perillosa publicada", rows[4].comment]);
  });

  it("draws at most the newest ADMIN_PIN_LIMIT pins and says there are more", async () => {
    const { adminMapPins } = screen;
    const at = Date.parse("2026-04-01T00:00:00Z");
    await bed.ctx.db
      .insert(t.mapComments)
      .values(Array.from({ length: 30 }, (_, i) => ({ comment: `Lot ${i}`, lat: 41.3, lng: 1.7, createdAt: new Date(at + i * 60_000) })));
    const query = { q: "Lot", page: 1, sort: "date", dir: "desc" as const, from: null, to: null, theme: null, filters: {} };
    const all = await adminMapPins(bed.ctx.db, query);
    expect(all).toMatchObject({ more: false });
    expect(all.pins).toHaveLength(30);
    const few = await adminMapPins(bed.ctx.db, query, 10);
    expect(few.more).toBe(true);
    expect(few.pins.map((p) => p.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `Lot ${29 - i}`));
  });
});
