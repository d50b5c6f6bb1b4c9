import type { Db } from "~/db/client.server";
import type { EmbedSettings } from "~/lib/admin-schemas";
import { getSetting, putSetting, readSettings, saveSettings, textSetting } from "~/infra/settings.server";
import type { Locale } from "~/i18n/locales";
import { localized, translationOf, type Localized, type Translations } from "~/lib/translations";
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

// ---- The introduction of the report "Què hem escoltat i què en farem" (decision 075) -------------

export const HEARD_INTRO_KEY = "heard_intro";

/** The introduction as staff wrote it: Catalan Markdown, and its Spanish and English versions
 * (decision 062's shape: the Catalan text, and `translations` beside it). Empty strings: none. */
export interface HeardIntro {
  text: string;
  text_es: string;
  text_en: string;
}

const asText = (v: unknown) => (typeof v === "string" ? v : "");

/** The stored introduction, read leniently (what is missing or odd is empty). */
export async function readHeardIntro(db: Db): Promise<HeardIntro> {
  const v = await getSetting<{ text?: unknown; translations?: Translations }>(db, HEARD_INTRO_KEY);
  const stored = v && typeof v === "object" ? v : {};
  return {
    text: asText(stored.text),
    text_es: translationOf(stored.translations, "text", "es") ?? "",
    text_en: translationOf(stored.translations, "text", "en") ?? "",
  };
}

/** Stores the introduction (each version trimmed; an empty one is none). Answers what was stored. */
export async function saveHeardIntro(db: Pick<Db, "insert">, value: HeardIntro): Promise<HeardIntro> {
  const clean = { text: value.text.trim(), text_es: value.text_es.trim(), text_en: value.text_en.trim() };
  const translations: Translations = {};
  if (clean.text_es) translations.es = { text: clean.text_es };
  if (clean.text_en) translations.en = { text: clean.text_en };
  await putSetting(db, HEARD_INTRO_KEY, { text: clean.text, translations });
  return clean;
}

/** The introduction in the page's language, or null while staff have written no Catalan text. Its
 * Markdown is rendered by the site's sanitising component. */
export async function publicHeardIntro(db: Db, locale: Locale): Promise<Localized | null> {
  const v = await getSetting<{ text?: unknown; translations?: Translations }>(db, HEARD_INTRO_KEY);
  const text = v && typeof v === "object" ? asText(v.text).trim() : "";
  return text ? localized(text, v!.translations, "text", locale) : null;
}
