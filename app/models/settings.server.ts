import type { Db } from "~/db/client.server";
import type { EmbedSettings } from "~/lib/admin-schemas";
import { getSetting, putSetting, readSettings, saveSettings, textSetting } from "~/infra/settings.server";
import { DEFAULT_RETENTION, MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS, type RetentionSettings } from "~/domain/retention";

/** The site settings that hold the map and questionnaire addresses (set at /admin/configuracio). */
export const EMBED_KEYS = {
  mapEmbedUrl: "map_embed_url",
  mapFullUrl: "map_full_url",
  questionnaireUrl: "questionnaire_url",
} as const satisfies Record<keyof EmbedSettings, string>;
const embedFields = Object.keys(EMBED_KEYS) as (keyof EmbedSettings)[];

/** The stored addresses as they are (null when not set). Throws when the database does. */
export async function readEmbedSettings(db: Db): Promise<EmbedSettings> {
  const stored = await readSettings(db, Object.values(EMBED_KEYS));
  return Object.fromEntries(embedFields.map((f) => [f, textSetting(stored.get(EMBED_KEYS[f]))])) as unknown as EmbedSettings;
}

/** Stores the three addresses at once (an empty one removes its row): all or nothing. */
export function saveEmbedSettings(db: Db, values: EmbedSettings): Promise<void> {
  return saveSettings(db, Object.fromEntries(embedFields.map((f) => [EMBED_KEYS[f], values[f]])));
}

// ---- How long contributors' personal data is kept (issue 34, decision 071) ----------------------

const RETENTION_KEY = "retention";

/** The retention setting, read leniently: what is missing or odd takes its default (6 months). */
export async function readRetentionSettings(db: Db): Promise<RetentionSettings> {
  const v = await getSetting<Record<string, unknown>>(db, RETENTION_KEY);
  const months = v && typeof v === "object" ? v.months : undefined;
  return {
    months:
      Number.isInteger(months) && (months as number) >= MIN_RETENTION_MONTHS && (months as number) <= MAX_RETENTION_MONTHS
        ? (months as number)
        : DEFAULT_RETENTION.months,
  };
}

export const saveRetentionSettings = (db: Db, value: RetentionSettings) => putSetting(db, RETENTION_KEY, { months: value.months });
