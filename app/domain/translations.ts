// The staff texts that have Spanish and English values (decision 062): the languages, the shape of
// a row's `translations` column, and the translated fields of each table. Client-safe; read by the
// schema (drizzle-kit loads it outside Vite: no imports). How texts are read and written:
// lib/translations.ts.

/** The languages staff may translate into (Catalan is the text itself). */
export const TRANSLATED_LOCALES = ["es", "en"] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** A row's translations: field name → text, per language. */
export type Translations = Partial<Record<TranslatedLocale, Record<string, string>>>;

/** The translated fields of each table that has them (their Catalan columns), in the form's order. */
export const TRANSLATED_FIELDS = {
  activities: ["title", "place", "description", "linkText"],
  landings: ["title", "description"],
  videos: ["title", "description"],
  resources: ["title", "description", "fullText", "audioDescription"],
  bici_fucsia_photos: ["title", "description"],
  footer_config: ["footerText", "collaboratorsText"],
  newsletter_issues: ["subject", "body"],
  results: ["title", "description"],
  result_entries: ["text"],
  result_states: ["label"],
  answer_states: ["label"],
} as const;
export type TranslatedTable = keyof typeof TRANSLATED_FIELDS;
