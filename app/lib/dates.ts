import { INTL_LOCALE, type Locale } from "../i18n/locales";

// Dates in a page's language (decision 059): Catalan unless a locale is given, so the back
// office's callers need none. A calendar date (yyyy-MM-dd) is formatted in UTC so that it never
// moves a day with the server's or the visitor's time zone.
// The formatters are made on first use, one per language: loading a locale's data costs a browser
// tens of milliseconds, and public pages get their dates already written out by the server.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${kind}:${locale}`;
  let f = formatters.get(id);
  if (!f) formatters.set(id, (f = new Intl.DateTimeFormat(INTL_LOCALE[locale], options)));
  return f;
}

/** '31 de desembre del 2025', '31 de diciembre de 2025', '31 December 2025'. */
export function formatLongDate(isoDate: string, locale: Locale = "ca"): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  const f = formatter("long", locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return f.format(new Date(Date.UTC(y, m - 1, d)));
}

/** '23 de nov. del 2026', '23 nov 2026', '23 Nov 2026': a moment's day, in the council's time zone. */
export function formatShortDate(value: Date | string, locale: Locale = "ca"): string {
  const f = formatter("short", locale, { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/Madrid" });
  return f.format(typeof value === "string" ? new Date(value) : value);
}

/** A moment, day and time, as staff read it (Catalan unless told, the council's time zone). */
export function formatDateTime(value: Date | string, locale: Locale = "ca"): string {
  const f = formatter("dateTime", locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" });
  return f.format(typeof value === "string" ? new Date(value) : value);
}

/** A time of day as the agenda writes it: '18:30:00' or '18:30' -> '18:30 h' (Catalan and
 * Spanish), '18:30' (English). */
export function formatTime(time: string, locale: Locale = "ca"): string {
  const hm = time.slice(0, 5);
  return locale === "en" ? hm : `${hm} h`;
}
