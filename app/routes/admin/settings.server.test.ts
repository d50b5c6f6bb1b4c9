import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { embeds } from "~/models/content.server";
import { getMapSettings } from "~/models/map.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as participa from "../participa";
import * as settings from "./settings.server";

describe.each(testBackends())("settings on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("map and questionnaire addresses: save, refuse bad ones field by field storing nothing, clear to hide", async () => {
    const rows = () => bed.ctx.db.select().from(t.siteSettings).orderBy(t.siteSettings.key);
    const loaded = async () =>
      (
        (await (settings.loader as (a: unknown) => Promise<unknown>)(
          routeArgs(bed.ctx, "/admin/configuracio", { headers: { Cookie: bed.cookie } }),
        )) as {
          saved: unknown;
        }
      ).saved;
    const participaEmbeds = async () =>
      ((await (participa.loader as (a: unknown) => Promise<unknown>)(routeArgs(bed.ctx, "/participa"))) as { embeds: unknown }).embeds;
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
    expect(await embeds(bed.ctx.db)).toEqual({ mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null });
    expect(await getMapSettings(bed.ctx.db)).toMatchObject({ embedUrl: null, fullUrl: null });
  });
});

describe.each(testBackends())("the base map's settings on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("saves the tiles, their attribution and the map kind; refuses a bad template storing nothing", async () => {
    const { readMapBaseSettings } = await import("~/models/map.server");
    expect(await readMapBaseSettings(bed.ctx.db)).toEqual({ tileUrl: null, tileAttribution: null, mapKind: "native" });
    const bad: [Record<string, string>, string, string][] = [
      [{ tileUrl: "https://tiles.example.org/mapa.png" }, "tileUrl", "L'adreça de les tessel·les ha de contenir {z}, {x} i {y}"],
      [
        { tileUrl: "http://tiles.example.org/{z}/{x}/{y}.png" },
        "tileUrl",
        "L'adreça de les tessel·les ha de començar per https:// (http:// només es permet per a localhost)",
      ],
      [
        { tileUrl: "https://a.{s}.example.org/{z}/{x}/{y}.png" },
        "tileUrl",
        "{s} només pot anar al principi del nom del servidor, per exemple https://{s}.tile.exemple.org/{z}/{x}/{y}.png",
      ],
      [{ mapKind: "google" }, "mapKind", "Tria quin mapa es mostra"],
    ];
    for (const [fields, field, message] of bad) {
      const out = await post(settings.action, { intent: "map-base", mapKind: "native", ...fields });
      expect(out.status).toBe(400);
      expect(out.fieldErrors?.[field]).toBe(message);
    }
    expect(await bed.ctx.db.$count(t.siteSettings)).toBe(0);
    const ok = await post(settings.action, {
      intent: "map-base",
      mapKind: "embed",
      tileUrl: " https://{s}.tile.example.org/{z}/{x}/{y}.png ",
      tileAttribution: "© Exemple",
    });
    expect(ok).toMatchObject({ ok: true, message: settings.MAP_BASE_SAVED });
    expect(await readMapBaseSettings(bed.ctx.db)).toEqual({
      tileUrl: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
      tileAttribution: "© Exemple",
      mapKind: "embed",
    });
    // The embed addresses are another form: this one leaves them alone, and they leave it alone.
    await post(settings.action, { intent: "map-base", mapKind: "native", tileUrl: "", tileAttribution: "" });
    expect(await readMapBaseSettings(bed.ctx.db)).toEqual({ tileUrl: null, tileAttribution: null, mapKind: "native" });
  });
});

describe.each(testBackends())("the retention setting on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;

  it("defaults to 6 months; saves a new period with its audit entry; refuses a bad one storing nothing", async () => {
    const { readRetentionSettings } = await import("~/models/settings.server");
    expect(await readRetentionSettings(bed.ctx.db)).toEqual({ months: 6 });
    for (const months of ["0", "61", "2.5", "sis", ""]) {
      const out = await post(settings.action, { intent: "retention", months });
      expect(out.status).toBe(400);
      expect(out.fieldErrors?.months).toBe("Escriu un nombre de mesos entre 1 i 60");
    }
    expect(await bed.ctx.db.$count(t.siteSettings)).toBe(0);
    expect(await post(settings.action, { intent: "retention", months: "12" })).toMatchObject({
      ok: true,
      message: settings.RETENTION_SAVED,
    });
    expect(await readRetentionSettings(bed.ctx.db)).toEqual({ months: 12 });
    const [entry] = await bed.ctx.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, "retention"));
    expect(entry).toMatchObject({ entity: "settings", action: "update", before: { months: "6" }, after: { months: "12" } });
    const loaded = (await (settings.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, "/admin/configuracio", { headers: { Cookie: bed.cookie } }),
    )) as { retention: unknown; retentionState: { erasesOn: string | null } };
    expect(loaded.retention).toEqual({ months: 12 });
  });
});
