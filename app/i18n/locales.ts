// The site's languages (decision 059). Catalan is the first language and lives at the root; Spanish
// under /es/ and English under /en/. The locale always comes from the address, never from a cookie
// or the browser's headers, so a page and its cache entry have one language. Client-safe.

export const LOCALES = ["ca", "es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ca";
/** The languages that have a prefix of their own. */
export const PREFIXED_LOCALES = ["es", "en"] as const satisfies readonly Locale[];

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The language of an address: its first segment when it is es or en, Catalan otherwise. */
export function localeOf(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return first === "es" || first === "en" ? first : "ca";
}

/** The prefix of a locale's addresses: "" for Catalan, "/es" and "/en". */
export const localePrefix = (locale: Locale) => (locale === "ca" ? "" : `/${locale}`);

/** For Intl (dates, numbers, plural rules). */
export const INTL_LOCALE: Record<Locale, string> = { ca: "ca-ES", es: "es-ES", en: "en-GB" };
/** For Open Graph's og:locale. */
export const OG_LOCALE: Record<Locale, string> = { ca: "ca_ES", es: "es_ES", en: "en_GB" };
/** Each language's name, written in that language (the language switch). */
export const LOCALE_NAMES: Record<Locale, string> = { ca: "Català", es: "Castellano", en: "English" };

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number as a language writes it ("1.234,5" in Catalan and Spanish, "1,234.5" in English). The
 * back office is Catalan: its callers leave the locale out. */
export function formatNumber(n: number, locale: Locale = DEFAULT_LOCALE, options?: Intl.NumberFormatOptions): string {
  const key = `${locale}${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(INTL_LOCALE[locale], options)));
  return format.format(n);
}
