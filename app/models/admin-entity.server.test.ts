import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as t from "~/db/schema";
import { acceptImage } from "~/domain/uploads";
import { done } from "~/models/admin.server";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { landingSchema, logoSchema } from "~/lib/admin-schemas";
import type { AppContext } from "~/infra/app-context.server";
import { adminTestBed, htmlBytes, png } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";

// The one entity helper, against a real database and real files: the footer logos (a file
// column, an active switch, a CHECK that lets the database refuse a write) and the landings (a
// unique slug and an updated_at).

const TEXTS = {
  created: "Creat",
  updated: "Actualitzat",
  deleted: "Eliminat",
  toggled: (active: boolean) => (active ? "Activat" : "Desactivat"),
  failed: { create: "No creat", update: "No desat", toggle: "No canviat", delete: "No eliminat" },
};
const MISSING = "00000000-0000-4000-8000-000000000000";

/** Logos, with a way around the schema (force a position the database refuses) and a way to
 * keep an upload out of the row (keepFile=no). */
const logos: EntitySpec<"image"> = {
  name: "test logo",
  table: t.footerLogos,
  fileKey: "imageKey",
  files: { image: { maxBytes: 64 * 1024, prefix: "logos", accept: acceptImage } },
  uploadTexts: { too_large: "Massa gran", bad_type: "No és una imatge", other: "Error de pujada" },
  texts: TEXTS,
  values({ intent, fields, files: { image } }) {
    const parsed = logoSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    if (!image && intent === "create") return refuse("Falta la imatge", { image: "Falta la imatge" });
    const position = fields.force ? Number(fields.force) : parsed.data.position;
    return { ...parsed.data, position, ...(image && fields.keepFile !== "no" && { imageKey: image.key }) };
  },
  intents: { texts: async (fields) => done(`Hola ${fields.name}`) },
};

const landings: EntitySpec = {
  name: "test landing",
  table: t.landings,
  touch: true,
  conflict: { error: "Slug repetit", field: "slug" },
  texts: { ...TEXTS, failed: (intent, why) => `${intent}: ${why}` },
  values({ fields }) {
    const parsed = landingSchema.safeParse(fields);
    return parsed.success ? parsed.data : invalid(parsed.error, "Revisa el formulari");
  },
};

describe.each(testBackends())("the admin entity helper on %s", (backend) => {
  const bed = adminTestBed(backend);
  const act =
    (spec: EntitySpec<"image"> | EntitySpec) =>
    ({ request, context }: { request: Request; context: AppContext }) =>
      entityAction(request, context, spec as EntitySpec<"image">);
  const logo = act(logos);
  const landing = act(landings);
  const image = async () => new File([await png()], "logo.png");
  /** Every stored file (the storage's temporary folder aside). */
  const onDisk = () => {
    const root = bed.ctx.env.DATA_DIR;
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => !f.startsWith(".tmp") && fs.statSync(path.join(root, f)).isFile(),
    );
  };
  const stderr = vi.spyOn(process.stderr, "write");
  afterEach(() => stderr.mockClear());
  const logged = () => stderr.mock.calls.map(([line]) => String(line)).filter((l) => l.includes("admin action failed"));

  it("creates a row with its file, and refuses a bad form storing nothing (no row, no file)", async () => {
    const bad = await bed.post(logo, { intent: "create", name: "", position: "1" }, { image: await image() });
    expect(bad).toMatchObject({ ok: false, error: "El nom és obligatori", fieldErrors: { name: "El nom és obligatori" }, status: 400 });
    const noFile = await bed.post(logo, { intent: "create", name: "Logo", position: "1" }, {});
    expect(noFile).toMatchObject({ ok: false, error: "Falta la imatge", fieldErrors: { image: "Falta la imatge" }, status: 400 });
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);

    const ok = await bed.post(logo, { intent: "create", name: "Logo", position: "1", isActive: "true" }, { image: await image() });
    expect(ok).toEqual({ ok: true, message: "Creat", status: 200 });
    const row = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(row).toMatchObject({ name: "Logo", position: 1, isActive: true });
    expect(await bed.stored(row.imageKey)).toBe(true);
    expect(onDisk()).toHaveLength(1);
    await bed.ctx.db.delete(t.footerLogos);
    await bed.ctx.storage.delete(row.imageKey);
  });

  it("an upload the database refuses is removed, and the failure is logged with a 500 in the entity's words", async () => {
    const res = await bed.post(logo, { intent: "create", name: "Logo", position: "1", force: "-1" }, { image: await image() });
    expect(res).toMatchObject({ ok: false, error: "No creat", status: 500 });
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);
    expect(logged()).toHaveLength(1);
    expect(JSON.parse(logged()[0]!)).toMatchObject({ level: "error", what: "test logo create" });
  });

  it("upload errors: too large is a 413 on the file's field, a wrong type a 400; nothing is kept", async () => {
    const big = new Uint8Array(64 * 1024 + 10);
    big.set(await png());
    const tooLarge = await bed.post(logo, { intent: "create", name: "Logo", position: "1" }, { image: new File([big], "l.png") });
    expect(tooLarge).toMatchObject({ ok: false, error: "Massa gran", fieldErrors: { image: "Massa gran" }, status: 413 });
    const html = await bed.post(logo, { intent: "create", name: "Logo", position: "1" }, { image: new File([htmlBytes()], "l.png") });
    expect(html).toMatchObject({ ok: false, error: "No és una imatge", fieldErrors: { image: "No és una imatge" }, status: 400 });
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);
  });

  it("update: a new file replaces the old one (removed); none keeps it; a failed update keeps the old and drops the new", async () => {
    await bed.post(logo, { intent: "create", name: "Logo", position: "1" }, { image: await image() });
    const first = (await bed.ctx.db.query.footerLogos.findFirst())!;

    expect(await bed.post(logo, { intent: "update", id: first.id, name: "Logo 2", position: "2" }, { image: await image() })).toMatchObject(
      {
        ok: true,
        message: "Actualitzat",
      },
    );
    const second = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(second.imageKey).not.toBe(first.imageKey);
    expect(await bed.stored(first.imageKey)).toBe(false);
    expect(await bed.stored(second.imageKey)).toBe(true);

    expect((await bed.post(logo, { intent: "update", id: first.id, name: "Logo 3", position: "3" }, {})).ok).toBe(true);
    expect(await bed.ctx.db.query.footerLogos.findFirst()).toMatchObject({ name: "Logo 3", imageKey: second.imageKey });

    const refused = await bed.post(
      logo,
      { intent: "update", id: first.id, name: "Logo 4", position: "4", force: "-5" },
      { image: await image() },
    );
    expect(refused).toMatchObject({ ok: false, error: "No desat", status: 500 });
    expect(await bed.ctx.db.query.footerLogos.findFirst()).toMatchObject({ name: "Logo 3", imageKey: second.imageKey });
    expect(onDisk()).toEqual([second.imageKey]);

    const invalidUpdate = await bed.post(logo, { intent: "update", id: first.id, name: "", position: "4" }, { image: await image() });
    expect(invalidUpdate).toMatchObject({ ok: false, error: "El nom és obligatori", status: 400 });
    expect(onDisk()).toEqual([second.imageKey]);
  });

  it("an upload the written row does not keep is removed", async () => {
    const row = (await bed.ctx.db.query.footerLogos.findFirst())!;
    const res = await bed.post(
      logo,
      { intent: "update", id: row.id, name: "Logo 5", position: "5", keepFile: "no" },
      { image: await image() },
    );
    expect(res.ok).toBe(true);
    expect(onDisk()).toEqual([row.imageKey]);
  });

  it("a bad id is a 400 and a missing row a 404 for update, toggle and delete, and an upload sent along is removed", async () => {
    for (const intent of ["update", "toggle", "delete"] as const) {
      const fields = { intent, name: "X", position: "1", isActive: "true" };
      const bad = await bed.post(logo, { ...fields, id: "no-és-un-uuid" }, { image: await image() });
      expect(bad, intent).toMatchObject({ ok: false, error: TEXTS.failed[intent], status: 400 });
      const missing = await bed.post(logo, { ...fields, id: MISSING }, { image: await image() });
      expect(missing, intent).toMatchObject({ ok: false, error: TEXTS.failed[intent], status: 404 });
    }
    expect(onDisk()).toHaveLength(1);
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(1);
  });

  it("toggle sets the active flag both ways with the entity's texts", async () => {
    const row = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(await bed.post(logo, { intent: "toggle", id: row.id, isActive: "false" })).toMatchObject({ ok: true, message: "Desactivat" });
    expect((await bed.ctx.db.query.footerLogos.findFirst())!.isActive).toBe(false);
    expect(await bed.post(logo, { intent: "toggle", id: row.id, isActive: "true" })).toMatchObject({ ok: true, message: "Activat" });
    expect((await bed.ctx.db.query.footerLogos.findFirst())!.isActive).toBe(true);
  });

  it("a screen's own intent is answered with the fields, and its upload is not kept", async () => {
    expect(await bed.post(logo, { intent: "texts", name: "Vivi" }, { image: await image() })).toMatchObject({
      ok: true,
      message: "Hola Vivi",
    });
    expect(onDisk()).toHaveLength(1);
  });

  it("delete removes the row and its file; a second delete is a 404", async () => {
    const row = (await bed.ctx.db.query.footerLogos.findFirst())!;
    expect(await bed.post(logo, { intent: "delete", id: row.id })).toMatchObject({ ok: true, message: "Eliminat" });
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);
    expect(await bed.post(logo, { intent: "delete", id: row.id })).toMatchObject({ ok: false, error: "No eliminat", status: 404 });
  });

  it("a unique violation is a 409 on the field the entity names; updates stamp updated_at; texts may be worded per reason", async () => {
    const fields = { intent: "create", title: "Fira", slug: "fira", description: "" };
    expect(await bed.post(landing, fields)).toMatchObject({ ok: true, message: "Creat" });
    expect(await bed.post(landing, fields)).toMatchObject({
      ok: false,
      error: "Slug repetit",
      fieldErrors: { slug: "Slug repetit" },
      status: 409,
    });
    expect(logged()).toEqual([]);
    expect(await bed.post(landing, { ...fields, title: "" })).toMatchObject({
      ok: false,
      error: "Revisa el formulari",
      fieldErrors: { title: "El títol és obligatori" },
    });
    const row = (await bed.ctx.db.query.landings.findFirst())!;
    await bed.ctx.db
      .update(t.landings)
      .set({ updatedAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(t.landings.id, row.id));
    expect((await bed.post(landing, { ...fields, intent: "update", id: row.id, title: "Fira 2" })).ok).toBe(true);
    expect((await bed.ctx.db.query.landings.findFirst())!.updatedAt.getFullYear()).toBeGreaterThan(2020);
    expect(await bed.post(landing, { intent: "toggle", id: "x" })).toMatchObject({ error: "toggle: bad_id", status: 400 });
    expect(await bed.post(landing, { intent: "delete", id: MISSING })).toMatchObject({ error: "delete: not_found", status: 404 });
  });

  it("an anonymous request is sent to the sign-in before its body is read, and stores nothing", async () => {
    const body = new FormData();
    body.set("intent", "create");
    body.set("name", "Intrús");
    body.set("position", "1");
    body.set("image", await image());
    const out = await logo(routeArgs(bed.ctx, "/admin/peu", { method: "POST", body })).catch((e: unknown) => e);
    expect(out).toBeInstanceOf(Response);
    expect((out as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);
  });

  it("an intent the screen does not offer is a 400 that writes nothing and keeps no upload", async () => {
    const deleteOnly = act({ ...logos, allow: ["delete"] });
    const res = await bed.post(deleteOnly, { intent: "create", name: "Logo", position: "1" }, { image: await image() });
    expect(res).toMatchObject({ ok: false, error: "Petició no vàlida.", status: 400 });
    const noValues = act({ ...logos, values: undefined });
    expect(await bed.post(noValues, { intent: "update", id: MISSING, name: "Logo", position: "1" })).toMatchObject({ status: 400 });
    expect(await bed.ctx.db.$count(t.footerLogos)).toBe(0);
    expect(onDisk()).toEqual([]);
  });

  it("a body that is not a form is a 400", async () => {
    await bed.expectNonFormRefused(logo);
    await bed.expectNonFormRefused(landing);
  });
});
