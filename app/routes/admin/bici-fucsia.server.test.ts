import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed, htmlBytes, png } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as biciFucsia from "./bici-fucsia.server";
import { IMAGE_UNDECODABLE } from "~/models/admin.server";
import { UPLOADS } from "~/domain/uploads";

describe.each(testBackends())("bici-fucsia on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post, stored } = bed;

  it("Vivi photos: title and image required, position = max + 1, size stored, inline edit, hide/show, delete", async () => {
    expect((await post(biciFucsia.action, { intent: "create", title: "Sense imatge" }, {})).error).toBe("Títol i imatge són obligatoris");
    expect((await post(biciFucsia.action, { intent: "create", title: "Doc" }, { image: new File([htmlBytes()], "x.jpg") })).error).toBe(
      "Només es permeten fitxers d'imatge",
    );
    expect((await post(biciFucsia.action, { intent: "create", title: "  " }, { image: new File([await png()], "x.png") })).error).toBe(
      "Títol i imatge són obligatoris",
    );
    expect(await bed.ctx.db.$count(t.biciFucsiaPhotos)).toBe(0);
    for (const title of ["Primera", "Segona"]) {
      expect((await post(biciFucsia.action, { intent: "create", title }, { image: new File([await png(64, 48)], "x.png") })).ok).toBe(true);
    }
    await bed.ctx.db.update(t.biciFucsiaPhotos).set({ position: 7 }).where(eq(t.biciFucsiaPhotos.title, "Segona"));
    expect((await post(biciFucsia.action, { intent: "create", title: "Tercera" }, { image: new File([await png()], "x.png") })).ok).toBe(
      true,
    );
    const photos = await bed.ctx.db.select().from(t.biciFucsiaPhotos);
    const by = Object.fromEntries(photos.map((p) => [p.title, p]));
    expect([by.Primera!.position, by.Segona!.position, by.Tercera!.position]).toEqual([0, 7, 8]);
    expect([by.Primera!.width, by.Primera!.height]).toEqual([64, 48]);

    expect(
      (await post(biciFucsia.action, { intent: "update", id: by.Primera!.id, title: "Primera editada", description: "Al Penedès" })).ok,
    ).toBe(true);
    expect((await post(biciFucsia.action, { intent: "toggle", id: by.Primera!.id, isActive: "false" })).ok).toBe(true);
    expect(await bed.ctx.db.query.biciFucsiaPhotos.findFirst({ where: eq(t.biciFucsiaPhotos.id, by.Primera!.id) })).toMatchObject({
      title: "Primera editada",
      description: "Al Penedès",
      isActive: false,
    });
    expect((await post(biciFucsia.action, { intent: "delete", id: by.Primera!.id })).message).toBe("Foto eliminada correctament");
    expect(await stored(by.Primera!.imageKey)).toBe(false);
  });

  it("an image that cannot be decoded whole is refused at upload, and nothing is stored", async () => {
    const before = await bed.ctx.db.$count(t.biciFucsiaPhotos);
    const files = (await bed.ctx.storage.list()).length;
    const broken = Buffer.concat([(await png(400, 300)).subarray(0, 64), Buffer.alloc(4000, 7)]);
    const out = await post(biciFucsia.action, { intent: "create", title: "Trencada" }, { image: new File([broken], "x.png") });
    // The screen's own words for a bad image (the other screens say IMAGE_UNDECODABLE).
    const words = UPLOADS.photo.messages.bad_type;
    expect(out).toMatchObject({ ok: false, error: words, fieldErrors: { image: words }, status: 400 });
    expect(IMAGE_UNDECODABLE).toMatch(/malmès/);
    expect(await bed.ctx.db.$count(t.biciFucsiaPhotos)).toBe(before);
    expect((await bed.ctx.storage.list()).length).toBe(files);
  });
});
