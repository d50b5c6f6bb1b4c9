import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import { routeArgs } from "~/test/context";
import * as activities from "./activities.server";
import * as footer from "./footer.server";
import * as translations from "./translations.server";

describe.each(testBackends())("staff texts' translations on %s (decision 062)", (backend) => {
  const bed = adminTestBed(backend);
  const load = async (query = "") =>
    translations.loader(routeArgs(bed.ctx, `/admin/traduccions${query}`, { headers: { Cookie: bed.cookie } }) as never);

  it("an activity's tabs save its Spanish and English; the list of missing translations follows", async () => {
    const created = await bed.post(activities.action, {
      intent: "create",
      title: "Bicicletada popular",
      date: "2027-05-01",
      emoji: "🚲",
      description: "Sortida per a tothom",
      title_es: "Bicicletada popular",
      description_es: "Salida para todo el mundo",
      title_en: "Community bike ride",
      description_en: "",
    });
    expect(created.ok).toBe(true);
    const row = (await bed.ctx.db.query.activities.findFirst())!;
    expect(row.translations).toEqual({
      es: { title: "Bicicletada popular", description: "Salida para todo el mundo" },
      en: { title: "Community bike ride" },
    });

    let data = await load();
    expect(data.items).toEqual([
      {
        id: row.id,
        kind: "Activitat",
        name: "Bicicletada popular",
        screen: "/admin/activitats",
        missing: { es: ["Text de l'enllaç"], en: ["Descripció", "Text de l'enllaç"] },
      },
    ]);
    expect(data.totals).toEqual({ es: 1, en: 2 });
    expect((await load("?llengua=es")).items[0]?.missing).toEqual({ es: ["Text de l'enllaç"], en: [] });

    // A translation too long is refused, in Catalan, and nothing changes.
    const tooLong = await bed.post(activities.action, {
      intent: "update",
      id: row.id,
      title: "Bicicletada popular",
      date: "2027-05-01",
      emoji: "🚲",
      title_en: "x".repeat(201),
    });
    expect(tooLong).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { title_en: "El text en anglès pot tenir com a màxim 200 caràcters" },
    });
    expect((await bed.ctx.db.query.activities.findFirst())!.translations).toEqual(row.translations);

    // Translated everywhere: off the list. The audit log records the translations as their fields.
    expect(
      (
        await bed.post(activities.action, {
          intent: "update",
          id: row.id,
          title: "Bicicletada popular",
          date: "2027-05-01",
          emoji: "🚲",
          description: "Sortida per a tothom",
          linkText: "Inscriu-te",
          title_es: "Bicicletada popular",
          description_es: "Salida para todo el mundo",
          linkText_es: "Inscríbete",
          title_en: "Community bike ride",
          description_en: "A ride for everyone",
          linkText_en: "Sign up",
        })
      ).ok,
    ).toBe(true);
    data = await load();
    expect(data.items).toEqual([]);
    const [entry] = await bed.ctx.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "activity"), eq(t.auditLog.action, "update")));
    expect(entry?.after).toMatchObject({ description_en: "A ride for everyone", linkText_es: "Inscríbete" });
    expect(entry?.before).toMatchObject({ description_en: null });
  });

  it("the footer's texts take their translations too, and are listed while one is missing", async () => {
    expect(
      (
        await bed.post(footer.action, {
          intent: "texts",
          footerText: "Projecte del Consell",
          collaboratorsText: "Amb el suport de",
          footerText_es: "Proyecto del Consell",
        })
      ).ok,
    ).toBe(true);
    expect((await bed.ctx.db.query.footerConfig.findFirst())!.translations).toEqual({ es: { footerText: "Proyecto del Consell" } });
    const footerItem = (await load()).items.find((i) => i.kind === "Footer");
    expect(footerItem?.missing).toEqual({ es: ["Text de col·laboradors"], en: ["Text principal", "Text de col·laboradors"] });
  });
});
