// Staff-written texts in three languages (decision 062). Each text keeps its Catalan value in its
// own column (required where the text is); its Spanish and English values, optional, live in the
// row's `translations` column: { es: { title: "…" }, en: { title: "…" } }. A public read asks for
// a language and gets each text with the language it is in: a missing translation gives the Catalan
// text, marked `lang: "ca"` so the page says so (WCAG 3.1.2). Client-safe. The
// languages and the translated fields are the domain's (domain/translations.ts, which the schema reads).

import type { Locale } from "../i18n/locales";
import {
  TRANSLATED_FIELDS,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
  type TranslatedTable,
  type Translations,
} from "../domain/translations";

export { TRANSLATED_FIELDS, TRANSLATED_LOCALES, type TranslatedLocale, type TranslatedTable, type Translations };

/** A text as a public page shows it; `lang` is set only when the text is not in the page's
 * language (a Catalan text on /es/ or /en/): put it on the element that holds the text. */
export interface Localized {
  text: string;
  lang?: Locale;
}

/** The name of a translation's form field: `title_es`, `description_en`. */
export const translationField = (field: string, locale: TranslatedLocale) => `${field}_${locale}`;

/** The translation of one field, or null when there is none (empty counts as none). */
export function translationOf(translations: Translations | null | undefined, field: string, locale: TranslatedLocale): string | null {
  const value = translations?.[locale]?.[field];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** A text in the page's language: its translation, or else the Catalan text marked as Catalan. */
export function localized(catalan: string, translations: Translations | null | undefined, field: string, locale: Locale): Localized {
  if (locale === "ca") return { text: catalan };
  const translated = translationOf(translations, field, locale);
  return translated === null ? { text: catalan, lang: "ca" } : { text: translated };
}

/** The same for an optional text: null when the Catalan text is not there (its translations
 * alone do not make it appear). */
export function localizedOrNull(
  catalan: string | null | undefined,
  translations: Translations | null | undefined,
  field: string,
  locale: Locale,
): Localized | null {
  return catalan ? localized(catalan, translations, field, locale) : null;
}

/** The fields of a row whose Catalan text is there and whose translation into `locale` is missing. */
export function missingFields(
  row: Record<string, unknown> & { translations?: Translations | null },
  fields: readonly string[],
  locale: TranslatedLocale,
): string[] {
  return fields.filter((f) => {
    const catalan = row[f];
    return typeof catalan === "string" && catalan.trim() !== "" && translationOf(row.translations, f, locale) === null;
  });
}
