import type { Route } from "./+types/settings";
import { done, failed, fieldErrors, logActionError, readAdminForm } from "~/lib/admin.server";
import { embedSettingsSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/session.server";
import { EMBED_KEYS, readEmbedSettings, saveEmbedSettings } from "~/lib/settings.server";

export const SAVED = "Adreces del mapa i del qüestionari desades correctament";
export const NOT_SAVED = "No s'han desat les adreces: revisa els camps marcats";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { saved: await readEmbedSettings(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readAdminForm(request, context, {});
  // The screen always sends the three fields (an empty one clears its address): a form without
  // them is no save from this screen and must not clear anything.
  if (!Object.keys(EMBED_KEYS).every((name) => name in fields)) return failed("Petició no vàlida.", 400);
  const parsed = embedSettingsSchema.safeParse(fields);
  if (!parsed.success) return failed(NOT_SAVED, 400, fieldErrors(parsed.error));
  try {
    // Any successful write clears the page cache and, with it, re-reads the CSP's frame sources
    // (server/frame-sources.ts): the public pages and their policy follow at once.
    await saveEmbedSettings(context.db, parsed.data);
    return done(SAVED);
  } catch (err) {
    logActionError("embed settings", err);
    return failed("No s'han pogut desar les adreces", 500);
  }
}
