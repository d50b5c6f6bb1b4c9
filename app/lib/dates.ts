// Dates in the Catalan locale (ca-ES). A calendar date (yyyy-MM-dd) is formatted in UTC so
// that it never moves a day with the server's or the visitor's time zone.
// The formatters are made on first use: loading a locale's data costs a browser tens of
// milliseconds, and public pages get their dates already written out by the server.
let longDate: Intl.DateTimeFormat | undefined;
let shortDate: Intl.DateTimeFormat | undefined;

export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  if (!y || !m || !d) return isoDate;
  longDate ??= new Intl.DateTimeFormat("ca-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatShortDate(value: Date | string): string {
  shortDate ??= new Intl.DateTimeFormat("ca-ES", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/Madrid" });
  return shortDate.format(typeof value === "string" ? new Date(value) : value);
}

let dateTime: Intl.DateTimeFormat | undefined;

/** A moment, day and time, as staff read it (Catalan, the council's time zone). */
export function formatDateTime(value: Date | string): string {
  dateTime ??= new Intl.DateTimeFormat("ca-ES", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" });
  return dateTime.format(typeof value === "string" ? new Date(value) : value);
}

/** A time of day as the agenda writes it: '18:30:00' or '18:30' -> '18:30 h'. */
export function formatTime(time: string): string {
  return `${time.slice(0, 5)} h`;
}
