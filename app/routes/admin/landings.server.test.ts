import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { slugFromTitle } from "~/lib/admin-schemas";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as landings from "./landings.server";

describe.each(testBackends())("landings on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("landings: slug required and normalised, duplicate refused clearly, slug locked on edit", async () => {
    expect(slugFromTitle("  Àrea de l'Estació  Vilafranca! ")).toBe("area-de-lestacio-vilafranca");
    expect((await post(landings.action, { intent: "create", title: "Fira", slug: "" })).error).toBe("El slug és obligatori");
    expect((await post(landings.action, { intent: "create", title: "", slug: "x" })).error).toBe("El títol és obligatori");
    const ok = await post(landings.action, {
      intent: "create",
      title: "Fira",
      slug: "Fira de la Bici",
      description: "**Hola**",
      isActive: "true",
    });
    expect(ok.message).toBe("Landing page creada correctament");
    const l = (await bed.ctx.db.query.landings.findFirst())!;
    expect(l.slug).toBe("fira-de-la-bici");
    const dup = await post(landings.action, { intent: "create", title: "Una altra", slug: "fira-de-la-bici" });
    expect(dup).toMatchObject({ ok: false, error: landings.DUPLICATE_SLUG, status: 409 });
    expect(
      (
        await post(landings.action, {
          intent: "update",
          id: l.id,
          title: "Fira 2026",
          slug: "canviat",
          description: "Nou",
          isActive: "false",
        })
      ).ok,
    ).toBe(true);
    expect(await bed.ctx.db.query.landings.findFirst()).toMatchObject({
      title: "Fira 2026",
      slug: "fira-de-la-bici",
      isActive: false,
      description: "Nou",
    });
    expect((await post(landings.action, { intent: "delete", id: l.id })).message).toBe("Landing page eliminada correctament");
  });

  it("a body that is not a form answers 400 and stores nothing (was a 500)", async () => {
    const before = await bed.ctx.db.$count(t.landings);
    await bed.expectNonFormRefused(landings.action);
    expect(await bed.ctx.db.$count(t.landings)).toBe(before);
  });
});
