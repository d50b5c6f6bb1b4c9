import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { ensureAdmin } from "~/lib/admin-users.server";
import { slugFromTitle } from "~/lib/admin-schemas";
import { videoAction } from "~/lib/admin-videos.server";
import { embeds } from "~/lib/content.server";
import { getMapSettings } from "~/lib/participation.server";
import { createSession } from "~/lib/session.server";
import { createTestContext, routeArgs } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import * as activities from "./activities";
import * as biciFucsia from "./bici-fucsia";
import * as footer from "./footer";
import * as homeBackground from "./home-background";
import * as landings from "./landings";
import * as reflections from "./reflections";
import * as resources from "./resources";
import * as settings from "./settings";
import * as testimonials from "./testimonials";
import * as videos from "./videos";
import * as login from "./login";
import * as participa from "../participa";
import * as upload from "./upload";

interface Result {
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
}
type AnyAction = (args: never) => unknown;

const mp4Head = () => {
  const b = new Uint8Array(5000);
  b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32]);
  return b;
};
const htmlBytes = () => new TextEncoder().encode("<!doctype html><html><body>" + "x".repeat(5000) + "</body></html>");
const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();

describe.each(testBackends())("admin actions on %s", (backend) => {
  let database: Database;
  let ctx: ReturnType<typeof createTestContext>;
  let cookie: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ctx = createTestContext(database);
    await ensureAdmin(ctx.db, "gestor@penedes.cat", "contrasenya-segura");
    const admin = await ctx.db.query.adminUsers.findFirst();
    cookie = (await createSession(ctx, admin!.id)).split(";")[0]!;
  });
  afterAll(async () => {
    await database.close();
    ctx.cleanup();
  });

  /** Posts fields (and files, as multipart) to an action as the signed-in admin. */
  async function post(action: AnyAction, fields: Record<string, string>, files?: Record<string, File>, params = {}) {
    let body: FormData | URLSearchParams;
    if (files) {
      body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      for (const [k, f] of Object.entries(files)) body.set(k, f);
    } else body = new URLSearchParams(fields);
    const out = (await (action as (a: unknown) => Promise<unknown>)(
      routeArgs(ctx, "/admin/x", { method: "POST", body, headers: { Cookie: cookie }, params }),
    )) as { data: Result; init: ResponseInit | null };
    return { ...out.data, status: out.init?.status ?? 200 };
  }
  const stored = (key: string) => ctx.storage.exists(key);

  it("activities: create with defaults, edit, validation, delete", async () => {
    const bad = await post(activities.action, { intent: "create", title: " ", date: "", emoji: "🚲" });
    expect(bad.ok).toBe(false);
    expect(bad.error).toBe("Error guardant l'activitat");
    expect(bad.fieldErrors).toMatchObject({ title: "El títol és obligatori", date: "La data és obligatòria" });
    const badUrl = await post(activities.action, {
      intent: "create",
      title: "A",
      date: "2026-05-01",
      emoji: "🚲",
      linkUrl: "javascript:alert(1)",
    });
    expect(badUrl.fieldErrors?.linkUrl).toMatch(/URL vàlida/);
    expect(await ctx.db.$count(t.activities)).toBe(0);

    const created = await post(activities.action, {
      intent: "create",
      title: "Bicicletada",
      date: "2026-05-01",
      emoji: "🎉",
      linkUrl: "https://ex.cat",
    });
    expect(created).toMatchObject({ ok: true, message: "Activitat creada correctament" });
    const [row] = await ctx.db.select().from(t.activities);
    expect(row).toMatchObject({ title: "Bicicletada", linkText: "Inscriu-te", description: null, emoji: "🎉" });

    const edited = await post(activities.action, {
      intent: "update",
      id: row!.id,
      title: "Bicicletada popular",
      date: "2026-05-02",
      emoji: "🚲",
      linkText: "Apunta't",
    });
    expect(edited.message).toBe("Activitat actualitzada correctament");
    expect(await ctx.db.query.activities.findFirst()).toMatchObject({
      title: "Bicicletada popular",
      date: "2026-05-02",
      linkText: "Apunta't",
      linkUrl: null,
    });

    expect((await post(activities.action, { intent: "delete", id: row!.id })).message).toBe("Activitat eliminada correctament");
    expect(await ctx.db.$count(t.activities)).toBe(0);
  });

  it("testimonials: the status machine stamps reviewed_at and refuses a no-op", async () => {
    const [tm] = await ctx.db
      .insert(t.testimonials)
      .values({ title: "Hola", category: "infants", audioKey: "audio/00000000-0000-4000-8000-000000000001.weba" })
      .returning();
    expect(tm!.status).toBe("pending");
    const approve = await post(testimonials.action, { id: tm!.id, status: "approved" });
    expect(approve.message).toBe("Testimoni aprovat");
    const a = await ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, tm!.id) });
    expect(a!.status).toBe("approved");
    expect(a!.reviewedAt).toBeInstanceOf(Date);
    const again = await post(testimonials.action, { id: tm!.id, status: "approved" });
    expect(again).toMatchObject({ ok: false, error: "No s'ha pogut actualitzar l'estat del testimoni.", status: 409 });
    expect((await post(testimonials.action, { id: tm!.id, status: "rejected" })).message).toBe("Testimoni rebutjat");
    expect((await post(testimonials.action, { id: tm!.id, status: "approved" })).message).toBe("Testimoni aprovat");
    expect((await post(testimonials.action, { id: tm!.id, status: "pending" })).ok).toBe(false);
  });

  it("videos: create needs a real video file, edit replaces and removes the old file, toggle, delete", async () => {
    const noFile = await post(videos.action, { intent: "create", scope: "laboral", title: "V" }, {});
    expect(noFile.error).toBe("Selecciona un fitxer de vídeo");
    const fake = await post(
      videos.action,
      { intent: "create", scope: "laboral", title: "V" },
      { file: new File([htmlBytes()], "v.mp4", { type: "video/mp4" }) },
    );
    expect(fake.error).toBe("Només es permeten fitxers de vídeo");
    const noTitle = await post(videos.action, { intent: "create", scope: "laboral", title: "" }, { file: new File([mp4Head()], "v.mp4") });
    expect(noTitle.error).toBe("El títol és obligatori");
    expect(await ctx.db.$count(t.videos)).toBe(0);

    const ok = await post(
      videos.action,
      { intent: "create", scope: "laboral", title: "Anar a la feina", isActive: "true" },
      { file: new File([mp4Head()], "v.mp4") },
    );
    expect(ok.message).toBe("Vídeo creat correctament");
    const v = (await ctx.db.query.videos.findFirst())!;
    expect(v).toMatchObject({ fileType: "mp4", fileSize: 5000, isActive: true, scope: "laboral" });
    expect(await stored(v.videoKey)).toBe(true);

    const edit = await post(
      videos.action,
      { intent: "update", id: v.id, scope: "turistic", title: "Nou", isActive: "true" },
      { file: new File([mp4Head()], "w.mp4") },
    );
    expect(edit.message).toBe("Vídeo actualitzat correctament");
    const v2 = (await ctx.db.query.videos.findFirst())!;
    expect(v2.videoKey).not.toBe(v.videoKey);
    expect(await stored(v.videoKey)).toBe(false);
    const keep = await post(
      videos.action,
      { intent: "update", id: v.id, scope: "turistic", title: "Sense fitxer nou", isActive: "true" },
      {},
    );
    expect(keep.ok).toBe(true);
    expect((await ctx.db.query.videos.findFirst())!.videoKey).toBe(v2.videoKey);

    expect((await post(videos.action, { intent: "toggle", id: v.id, isActive: "false" })).message).toBe("Vídeo desactivat correctament");
    expect((await post(videos.action, { intent: "toggle", id: v.id, isActive: "true" })).message).toBe("Vídeo activat correctament");
    expect((await post(videos.action, { intent: "delete", id: v.id })).message).toBe("Vídeo eliminat correctament");
    expect(await stored(v2.videoKey)).toBe(false);
  });

  it("videos: a file over 100 MB is refused while streaming and nothing is kept", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(mp4Head().subarray(0, 24));
    const big = new File(
      Array.from({ length: 101 }, () => chunk),
      "big.mp4",
      { type: "video/mp4" },
    );
    const form = new FormData();
    form.set("intent", "create");
    form.set("scope", "laboral");
    form.set("title", "Gran");
    form.set("file", big);
    const res = await videoAction(
      routeArgs(ctx, "/admin/videos", { method: "POST", body: form, headers: { Cookie: cookie } }).request,
      ctx,
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("El fitxer és massa gran (màxim 100MB)");
    expect(await ctx.db.$count(t.videos)).toBe(0);
  });

  it("footer: texts required, logo image rules, position >= 0, replace and delete remove files", async () => {
    const empty = await post(footer.action, { intent: "texts", footerText: "", collaboratorsText: "" });
    expect(empty.fieldErrors).toMatchObject({
      footerText: "El text del footer és obligatori",
      collaboratorsText: "El text de col·laboradors és obligatori",
    });
    expect(
      (
        await post(footer.action, {
          intent: "texts",
          footerText: "Impulsat per [CCP](https://ccp.cat)",
          collaboratorsText: "Amb el suport de",
        })
      ).ok,
    ).toBe(true);
    expect((await post(footer.action, { intent: "texts", footerText: "Segon text", collaboratorsText: "Col·laboren" })).ok).toBe(true);
    expect(await ctx.db.$count(t.footerConfig)).toBe(1);

    const image = new File([await png()], "logo.png");
    expect((await post(footer.action, { intent: "create", name: "Logo", position: "0" }, {})).error).toBe(
      "Si us plau, selecciona una imatge",
    );
    expect(
      (await post(footer.action, { intent: "create", name: "Logo", position: "0" }, { image: new File([htmlBytes()], "l.png") })).error,
    ).toBe("Si us plau, selecciona una imatge vàlida");
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 10);
    tooBig.set(await png());
    expect(
      (await post(footer.action, { intent: "create", name: "Logo", position: "0" }, { image: new File([tooBig], "l.png") })).error,
    ).toBe("La imatge no pot ser més gran de 5MB");
    expect((await post(footer.action, { intent: "create", name: "Logo", position: "-1" }, { image })).error).toBe(
      "La posició ha de ser 0 o més",
    );
    expect((await post(footer.action, { intent: "create", name: "", position: "1" }, { image })).error).toBe("El nom és obligatori");
    expect(await ctx.db.$count(t.footerLogos)).toBe(0);

    expect(
      (
        await post(
          footer.action,
          { intent: "create", name: "Consell", position: "2", isActive: "true", linkUrl: "https://ccp.cat" },
          { image },
        )
      ).ok,
    ).toBe(true);
    const logo = (await ctx.db.query.footerLogos.findFirst())!;
    expect(logo).toMatchObject({ name: "Consell", position: 2, isActive: true, linkUrl: "https://ccp.cat" });
    expect(
      (
        await post(
          footer.action,
          { intent: "update", id: logo.id, name: "Consell Comarcal", position: "1", isActive: "true" },
          { image: new File([await png(50, 20)], "b.png") },
        )
      ).ok,
    ).toBe(true);
    const logo2 = (await ctx.db.query.footerLogos.findFirst())!;
    expect(await stored(logo.imageKey)).toBe(false);
    expect((await post(footer.action, { intent: "toggle", id: logo.id, isActive: "false" })).message).toBe("Logo desactivat correctament");
    expect((await post(footer.action, { intent: "delete", id: logo.id })).message).toBe("Logo eliminat correctament");
    expect(await stored(logo2.imageKey)).toBe(false);
  });

  it("resources: upload sets the media type from the bytes; external URL; required media; delete removes the file", async () => {
    expect((await post(resources.action, { intent: "create", title: "R" }, {})).error).toBe(
      "Selecciona un fitxer o indica una URL externa",
    );
    expect((await post(resources.action, { intent: "create", title: "" }, {})).error).toBe("El títol és obligatori");
    expect(
      (await post(resources.action, { intent: "create", title: "Cartell", isActive: "true" }, { file: new File([await png()], "c.pdf") }))
        .ok,
    ).toBe(true);
    const r = (await ctx.db.query.resources.findFirst())!;
    expect(r.mediaType).toBe("image");
    expect(
      (
        await post(
          resources.action,
          { intent: "create", title: "Vídeo", useExternal: "true", externalUrl: "https://www.youtube.com/watch?v=x" },
          {},
        )
      ).ok,
    ).toBe(true);
    expect((await ctx.db.query.resources.findFirst({ where: eq(t.resources.title, "Vídeo") }))!).toMatchObject({
      mediaType: "video",
      mediaKey: null,
    });
    // Switching to an external URL drops the uploaded file.
    expect(
      (
        await post(
          resources.action,
          { intent: "update", id: r.id, title: "Cartell", useExternal: "true", externalUrl: "https://ex.cat/doc.pdf" },
          {},
        )
      ).message,
    ).toBe("Recurs actualitzat correctament");
    expect(await stored(r.mediaKey!)).toBe(false);
    expect((await post(resources.action, { intent: "delete", id: r.id })).message).toBe("Recurs eliminat correctament");
  });

  it("Vivi photos: title and image required, position = max + 1, size stored, inline edit, hide/show, delete", async () => {
    expect((await post(biciFucsia.action, { intent: "create", title: "Sense imatge" }, {})).error).toBe("Títol i imatge són obligatoris");
    expect((await post(biciFucsia.action, { intent: "create", title: "Doc" }, { image: new File([htmlBytes()], "x.jpg") })).error).toBe(
      "Només es permeten fitxers d'imatge",
    );
    expect((await post(biciFucsia.action, { intent: "create", title: "  " }, { image: new File([await png()], "x.png") })).error).toBe(
      "Títol i imatge són obligatoris",
    );
    expect(await ctx.db.$count(t.biciFucsiaPhotos)).toBe(0);
    for (const title of ["Primera", "Segona"]) {
      expect((await post(biciFucsia.action, { intent: "create", title }, { image: new File([await png(64, 48)], "x.png") })).ok).toBe(true);
    }
    await ctx.db.update(t.biciFucsiaPhotos).set({ position: 7 }).where(eq(t.biciFucsiaPhotos.title, "Segona"));
    expect((await post(biciFucsia.action, { intent: "create", title: "Tercera" }, { image: new File([await png()], "x.png") })).ok).toBe(
      true,
    );
    const photos = await ctx.db.select().from(t.biciFucsiaPhotos);
    const by = Object.fromEntries(photos.map((p) => [p.title, p]));
    expect([by.Primera!.position, by.Segona!.position, by.Tercera!.position]).toEqual([0, 7, 8]);
    expect([by.Primera!.width, by.Primera!.height]).toEqual([64, 48]);

    expect(
      (await post(biciFucsia.action, { intent: "update", id: by.Primera!.id, title: "Primera editada", description: "Al Penedès" })).ok,
    ).toBe(true);
    expect((await post(biciFucsia.action, { intent: "toggle", id: by.Primera!.id, isActive: "false" })).ok).toBe(true);
    expect(await ctx.db.query.biciFucsiaPhotos.findFirst({ where: eq(t.biciFucsiaPhotos.id, by.Primera!.id) })).toMatchObject({
      title: "Primera editada",
      description: "Al Penedès",
      isActive: false,
    });
    expect((await post(biciFucsia.action, { intent: "delete", id: by.Primera!.id })).message).toBe("Foto eliminada correctament");
    expect(await stored(by.Primera!.imageKey)).toBe(false);
  });

  it("home background: new ones start inactive, at most one active (also when activations race), delete removes the file", async () => {
    expect((await post(homeBackground.action, { intent: "create" }, { file: new File([htmlBytes()], "x.png") })).error).toBe(
      "Error en pujar el mitjà: El fitxer ha de ser una imatge o un vídeo",
    );
    for (let i = 0; i < 3; i++)
      expect((await post(homeBackground.action, { intent: "create" }, { file: new File([await png()], "x.png") })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "create" }, { file: new File([mp4Head()], "x.mp4") })).ok).toBe(true);
    const rows = await ctx.db.select().from(t.homeBackground);
    expect(rows.every((r) => !r.isActive)).toBe(true);
    expect(rows.filter((r) => r.mediaType === "video")).toHaveLength(1);

    expect((await post(homeBackground.action, { intent: "toggle", id: rows[0]!.id, isActive: "true" })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "toggle", id: rows[1]!.id, isActive: "true" })).ok).toBe(true);
    const active = await ctx.db.select().from(t.homeBackground).where(eq(t.homeBackground.isActive, true));
    expect(active.map((r) => r.id)).toEqual([rows[1]!.id]);

    const results = await Promise.all(rows.map((r) => post(homeBackground.action, { intent: "toggle", id: r.id, isActive: "true" })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await ctx.db.$count(t.homeBackground, eq(t.homeBackground.isActive, true))).toBe(1);

    expect((await post(homeBackground.action, { intent: "toggle", id: rows[1]!.id, isActive: "false" })).ok).toBe(true);
    expect((await post(homeBackground.action, { intent: "delete", id: rows[0]!.id })).message).toBe("Mitjà eliminat correctament");
    expect(await stored(rows[0]!.mediaKey)).toBe(false);
  });

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
    const l = (await ctx.db.query.landings.findFirst())!;
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
    expect(await ctx.db.query.landings.findFirst()).toMatchObject({
      title: "Fira 2026",
      slug: "fira-de-la-bici",
      isActive: false,
      description: "Nou",
    });
    expect((await post(landings.action, { intent: "delete", id: l.id })).message).toBe("Landing page eliminada correctament");
  });

  it("map and questionnaire addresses: save, refuse bad ones field by field storing nothing, clear to hide", async () => {
    const rows = () => ctx.db.select().from(t.siteSettings).orderBy(t.siteSettings.key);
    const loaded = async () =>
      (
        (await (settings.loader as (a: unknown) => Promise<unknown>)(
          routeArgs(ctx, "/admin/settings", { headers: { Cookie: cookie } }),
        )) as {
          saved: unknown;
        }
      ).saved;
    const participaEmbeds = async () =>
      ((await (participa.loader as (a: unknown) => Promise<unknown>)(routeArgs(ctx, "/participa"))) as { embeds: unknown }).embeds;
    expect(await loaded()).toEqual({ mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null });

    const valid = {
      mapEmbedUrl: "  https://umap.example.org/ca/map/penedes?embed=1  ",
      mapFullUrl: "https://umap.example.org/ca/map/penedes",
      questionnaireUrl: "http://localhost:8080/formulari",
    };
    expect(await post(settings.action, valid)).toMatchObject({ ok: true, message: settings.SAVED, status: 200 });
    const saved = {
      mapEmbedUrl: "https://umap.example.org/ca/map/penedes?embed=1",
      mapFullUrl: "https://umap.example.org/ca/map/penedes",
      questionnaireUrl: "http://localhost:8080/formulari",
    };
    expect(await loaded()).toEqual(saved);
    expect((await rows()).map((r) => [r.key, r.value])).toEqual([
      ["map_embed_url", saved.mapEmbedUrl],
      ["map_full_url", saved.mapFullUrl],
      ["questionnaire_url", saved.questionnaireUrl],
    ]);
    expect(await participaEmbeds()).toEqual(saved);

    const before = await rows();
    const cases: [string, string, string][] = [
      [
        "mapEmbedUrl",
        "umap.example.org/mapa",
        "L'adreça del mapa incrustat ha de ser una adreça web completa, per exemple https://exemple.cat/formulari",
      ],
      [
        "mapEmbedUrl",
        "http://umap.example.org/mapa",
        "L'adreça del mapa incrustat ha de començar per https:// (http:// només es permet per a localhost)",
      ],
      ["mapFullUrl", "javascript:alert(1)", "L'adreça del mapa complet ha de començar per https://"],
      ["mapFullUrl", "ftp://umap.example.org/mapa", "L'adreça del mapa complet ha de començar per https://"],
      [
        "questionnaireUrl",
        "https://gestor:secret@forms.example.org/",
        "L'adreça del qüestionari no pot contenir cap usuari ni contrasenya",
      ],
      ["questionnaireUrl", `https://forms.example.org/${"a".repeat(2000)}`, "L'adreça del qüestionari no pot tenir més de 2.000 caràcters"],
      [
        "questionnaireUrl",
        "http://127.0.0.1.example.org/",
        "L'adreça del qüestionari ha de començar per https:// (http:// només es permet per a localhost)",
      ],
    ];
    for (const [field, value, message] of cases) {
      // The other two fields are valid new addresses: nothing of the form is kept, not even those.
      const res = await post(settings.action, {
        mapEmbedUrl: "https://nou.example.org/embed",
        mapFullUrl: "https://nou.example.org/",
        questionnaireUrl: "https://nou.example.org/form",
        [field]: value,
      });
      expect(res, value).toMatchObject({ ok: false, error: settings.NOT_SAVED, status: 400 });
      expect(res.fieldErrors, value).toEqual({ [field]: message });
      expect(await rows(), value).toEqual(before);
    }
    const several = await post(settings.action, { mapEmbedUrl: "nope", mapFullUrl: "http://x.cat", questionnaireUrl: "mailto:a@b.cat" });
    expect(Object.keys(several.fieldErrors ?? {}).sort()).toEqual(["mapEmbedUrl", "mapFullUrl", "questionnaireUrl"]);
    expect(await rows()).toEqual(before);

    // Clearing a field removes its row and hides what it fed.
    expect((await post(settings.action, { ...saved, questionnaireUrl: "   " })).ok).toBe(true);
    expect(await participaEmbeds()).toMatchObject({ questionnaireUrl: null, mapEmbedUrl: saved.mapEmbedUrl });
    // A form without the fields (not this screen's) clears nothing.
    expect(await post(settings.action, { intent: "create", title: "x" })).toMatchObject({ ok: false, status: 400 });
    expect(await rows()).toHaveLength(2);
    expect((await post(settings.action, { mapEmbedUrl: "", mapFullUrl: "", questionnaireUrl: "" })).ok).toBe(true);
    expect(await rows()).toEqual([]);
    expect(await embeds(ctx.db)).toEqual({ mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null });
    expect(await getMapSettings(ctx.db)).toEqual({ embedUrl: null, fullUrl: null });
  });

  it("a body that is not a form answers 400 on every screen (activities, landings, testimonials were a 500)", async () => {
    const before = [await ctx.db.$count(t.activities), await ctx.db.$count(t.landings)];
    const bodies: [string, string][] = [
      ["text/plain", "intent=create"],
      ["multipart/form-data; boundary=X", "--X\r\n\r\nno headers\r\n--X--\r\n"],
      ["multipart/form-data", "x"],
      ["application/x-www-form-urlencoded", "intent=create&title=%00"],
    ];
    for (const action of [activities.action, landings.action, testimonials.action, footer.action, videos.action]) {
      for (const [type, body] of bodies) {
        const args = routeArgs(ctx, "/admin/x", { method: "POST", body, headers: { Cookie: cookie, "Content-Type": type } });
        const out = await (action as (a: unknown) => Promise<{ init: ResponseInit | null }>)(args).catch((e: unknown) => e);
        // Thrown (screens without their own message) or returned: a 400 either way, never a TypeError.
        expect(out, `${type}: ${JSON.stringify(out)}`).toMatchObject({ init: { status: 400 } });
      }
    }
    expect([await ctx.db.$count(t.activities), await ctx.db.$count(t.landings)]).toEqual(before);
  });

  it("the upload endpoint knows only its own kinds: an inherited name is not found (toString was a 500)", async () => {
    for (const kind of ["toString", "constructor", "__proto__", "hasOwnProperty", "altres"]) {
      const res = (await upload.action(
        routeArgs(ctx, `/admin/upload/${kind}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "create" }),
          headers: { Cookie: cookie },
          params: { kind },
        }) as unknown as Parameters<typeof upload.action>[0],
      )) as Response;
      expect(res.status, kind).toBe(404);
      expect(await res.json()).toEqual({ ok: false, error: "No trobat" });
    }
  });

  it("reflections: the search is case-insensitive over text, name and e-mail", () => {
    const rows = [
      { reflection: "Més carrils BICI", name: null, email: null },
      { reflection: "x", name: "Marta", email: null },
      { reflection: "y", name: null, email: "Joan@Exemple.cat" },
    ];
    expect(reflections.filterReflections(rows, "bici")).toHaveLength(1);
    expect(reflections.filterReflections(rows, "MARTA")).toHaveLength(1);
    expect(reflections.filterReflections(rows, "joan@exemple")).toHaveLength(1);
    expect(reflections.filterReflections(rows, "  ")).toHaveLength(3);
  });

  it("sign-in is throttled per account after repeated failures, without telling whether the e-mail exists", async () => {
    const attempt = (email: string, password: string) =>
      (login.action as (a: unknown) => Promise<unknown>)(
        routeArgs(ctx, "/admin/login", { method: "POST", body: new URLSearchParams({ email, password }) }),
      ) as Promise<{ data: { error: string }; init: ResponseInit }>;
    for (const email of [`gestor-${backend}@penedes.cat`, `ningu-${backend}@penedes.cat`]) {
      for (let i = 0; i < 5; i++) expect((await attempt(email, "malament")).data.error).toBe("Email o contrasenya incorrectes.");
      const blocked = await attempt(email, "malament");
      expect(blocked.init.status).toBe(429);
      expect(blocked.data.error).toMatch(/^Massa intents fallits\. Per seguretat, torna-ho a provar d'aquí a 15 minuts\.$/);
    }
  });
});
