import type { Route } from "./+types/settings";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/models/admin.server";
import { embedSettingsSchema } from "~/lib/admin-schemas";
import { siteSettings } from "~/db/schema";
import { contentChanged } from "~/infra/content-changes.server";
import { consultationState } from "~/domain/consultation";
import { consultationSchema, moderationSettingsSchema } from "~/lib/moderation";
import { readParticipationSettings, saveConsultation, saveModerationSettings } from "~/models/moderation.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";
import { EMBED_KEYS, readEmbedSettings, readRetentionSettings, saveEmbedSettings, saveRetentionSettings } from "~/models/settings.server";
import { retentionSettingsSchema } from "~/lib/retention";
import { retentionState } from "~/domain/retention";
import { mapBaseSchema } from "~/lib/admin-schemas";
import { readMapBaseSettings, saveMapBaseSettings } from "~/models/map.server";
import type { Db } from "~/db/client.server";
import { openDataSettingsSchema } from "~/lib/open-data";
import { readOpenDataSettings, saveOpenDataSettings } from "~/models/open-data.server";

export const MAP_BASE_SAVED = "Mapa base desat correctament";

/** The base map's form (issue 17): the tiles, their attribution and which map the pages show. */
async function saveMapBase(
  fields: Record<string, string>,
  client: { request: Request; context: Route.ActionArgs["context"] },
  user: AuditActor,
) {
  const parsed = mapBaseSchema.safeParse(fields);
  if (!parsed.success) return failed("No s'ha desat el mapa base: revisa els camps marcats", 400, fieldErrors(parsed.error));
  try {
    // Like the embeds: the save and its audit entry are one transaction; naming the settings makes
    // the pages stale and re-reads the CSP's img-src (server/frame-sources.ts).
    await client.context.db.transaction(async (tx) => {
      const before = await readMapBaseSettings(tx as unknown as Db);
      await saveMapBaseSettings(tx as unknown as Db, parsed.data);
      await recordAudit(tx as unknown as Db, client, user, {
        entity: "settings",
        entityId: "map-base",
        action: "update",
        before: { ...before },
        after: { ...parsed.data },
      });
    });
    contentChanged(siteSettings);
    return done(MAP_BASE_SAVED);
  } catch (err) {
    logActionError("map base settings", err);
    return failed("No s'ha pogut desar el mapa base", 500);
  }
}

export const SAVED = "Adreces del mapa i del qüestionari desades correctament";
export const NOT_SAVED = "No s'han desat les adreces: revisa els camps marcats";

export const OPEN_DATA_SAVED = "Llicència de les dades obertes desada correctament";

/** The open data's licence and publisher (issue 31, decision 074): the page and the DCAT-AP catalogue say them. */
async function saveOpenData(
  fields: Record<string, string>,
  client: { request: Request; context: Route.ActionArgs["context"] },
  user: AuditActor,
) {
  const parsed = openDataSettingsSchema.safeParse(fields);
  if (!parsed.success) return failed("No s'han desat les dades obertes: revisa els camps marcats", 400, fieldErrors(parsed.error));
  try {
    await client.context.db.transaction(async (tx) => {
      const before = await readOpenDataSettings(tx as unknown as Db);
      await saveOpenDataSettings(tx as unknown as Db, parsed.data);
      await recordAudit(tx as unknown as Db, client, user, {
        entity: "settings",
        entityId: "open-data",
        action: "update",
        before: { ...before },
        after: { ...parsed.data },
      });
    });
    // The page /dades-obertes and the catalogue read it.
    contentChanged(siteSettings);
    return done(OPEN_DATA_SAVED);
  } catch (err) {
    logActionError("open data settings", err);
    return failed("No s'han pogut desar les dades obertes", 500);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [saved, participation, mapBase, retention, openData] = await Promise.all([
    readEmbedSettings(context.db),
    readParticipationSettings(context.db),
    readMapBaseSettings(context.db),
    readRetentionSettings(context.db),
    readOpenDataSettings(context.db),
  ]);
  // What the calendar means today (decision 050), for the form's summary; and when the retention
  // job erases contributors' names and e-mails (decision 071).
  return {
    saved,
    ...participation,
    state: consultationState(participation.consultation),
    mapBase,
    retention,
    retentionState: retentionState(participation.consultation, retention),
    openData,
  };
}

/** The moderation and calendar forms (decisions 028 and 029): each saves its own setting. */
const PARTICIPATION_FORMS = {
  moderation: {
    schema: moderationSettingsSchema,
    save: saveModerationSettings,
    saved: "Moderació desada correctament",
    invalid: "No s'ha desat la moderació: revisa els camps marcats",
  },
  calendar: {
    schema: consultationSchema,
    save: saveConsultation,
    saved: "Calendari de la consulta desat correctament",
    invalid: "No s'ha desat el calendari: revisa els camps marcats",
  },
} as const;

export const RETENTION_SAVED = "Termini de conservació desat correctament";

/** How long contributors' personal data is kept after the consultation (decision 071). */
async function saveRetention(
  fields: Record<string, string>,
  client: { request: Request; context: Route.ActionArgs["context"] },
  user: AuditActor,
) {
  const parsed = retentionSettingsSchema.safeParse(fields);
  if (!parsed.success) return failed("No s'ha desat el termini de conservació: revisa els camps marcats", 400, fieldErrors(parsed.error));
  try {
    await client.context.db.transaction(async (tx) => {
      const before = await readRetentionSettings(tx as unknown as Db);
      await saveRetentionSettings(tx as unknown as Db, parsed.data);
      await recordAudit(tx as unknown as Db, client, user, {
        entity: "settings",
        entityId: "retention",
        action: "update",
        before: { months: String(before.months) },
        after: { months: String(parsed.data.months) },
      });
    });
    // The legal notice states the period.
    contentChanged(siteSettings);
    return done(RETENTION_SAVED);
  } catch (err) {
    logActionError("retention settings", err);
    return failed("No s'ha pogut desar el termini de conservació", 500);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  if (fields.intent === "map-base") return saveMapBase(fields, { request, context }, user);
  if (fields.intent === "retention") return saveRetention(fields, { request, context }, user);
  if (fields.intent === "open-data") return saveOpenData(fields, { request, context }, user);
  if (fields.intent === "moderation" || fields.intent === "calendar") {
    const form = PARTICIPATION_FORMS[fields.intent];
    const parsed = form.schema.safeParse(fields);
    if (!parsed.success) return failed(form.invalid, 400, fieldErrors(parsed.error));
    try {
      // The save and its audit entry are one transaction; then every public page follows at once
      // (the public layout shows the calendar and the mode).
      await context.db.transaction(async (tx) => {
        const before = (await readParticipationSettings(tx))[fields.intent === "moderation" ? "moderation" : "consultation"];
        await (form.save as (db: typeof tx, v: typeof parsed.data) => Promise<void>)(tx, parsed.data);
        await recordAudit(tx, { request, context }, user, {
          entity: "settings",
          entityId: fields.intent,
          action: "update",
          before: { ...before },
          after: { ...parsed.data },
        });
      });
      contentChanged(siteSettings);
      return done(form.saved);
    } catch (err) {
      logActionError(`${fields.intent} settings`, err);
      return failed("No s'ha pogut desar la configuració", 500);
    }
  }
  // The screen always sends the three fields (an empty one clears its address): a form without
  // them is no save from this screen and must not clear anything.
  if (!Object.keys(EMBED_KEYS).every((name) => name in fields)) return failed("Petició no vàlida.", 400);
  const parsed = embedSettingsSchema.safeParse(fields);
  if (!parsed.success) return failed(NOT_SAVED, 400, fieldErrors(parsed.error));
  try {
    // Naming the settings makes their pages stale and re-reads the CSP's frame sources
    // (server/frame-sources.ts): the public pages and their policy follow at once.
    await context.db.transaction(async (tx) => {
      const before = await readEmbedSettings(tx);
      await saveEmbedSettings(tx, parsed.data);
      await recordAudit(tx, { request, context }, user, {
        entity: "settings",
        action: "update",
        before: { ...before },
        after: { ...parsed.data },
      });
    });
    contentChanged(siteSettings);
    return done(SAVED);
  } catch (err) {
    logActionError("embed settings", err);
    return failed("No s'han pogut desar les adreces", 500);
  }
}
