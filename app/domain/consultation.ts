import { CAMPAIGN, type Consultation } from "./campaign";

// The consultation's dates (decision 050): what the calendar setting means on a given moment.
// Pure, and given the moment, so that the rules are tested on any clock (decision 015).
//
// - Participation is open until the end of its last day in Catalonia (Europe/Madrid): the closing
//   date, or the "pròrroga" when staff extended it. The day after, it is closed, by itself.
// - Staff can close it at any moment (`open: false`).
// - A date that has passed is never shown as a deadline.
// - No date set: the campaign's default while it is still ahead. A site whose default has already
//   passed starts open, shows no deadline, and the dashboard asks staff to set one.

/** The council's time zone: a day ends at midnight here. */
export const CAMPAIGN_TIME_ZONE = "Europe/Madrid";

/** Days before the last one from which the dashboard warns. */
export const DEADLINE_WARNING_DAYS = 14;

let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar day (YYYY-MM-DD) that `at` falls on in Catalonia. */
export function dayInCatalonia(at: Date | number = Date.now()): string {
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: CAMPAIGN_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(at);
}

const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export const daysBetween = (from: string, to: string) => Math.round((utcDay(to) - utcDay(from)) / 86_400_000);

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) => new Date(utcDay(day) + 86_400_000).toISOString().slice(0, 10);

let offsetFormat: Intl.DateTimeFormat | undefined;

/** The instant (ms) at which the Catalan day holding `at` ends: the next midnight in Madrid. */
export function endOfDayInCatalonia(at: number = Date.now()): number {
  const next = utcDay(nextDay(dayInCatalonia(at)));
  offsetFormat ??= new Intl.DateTimeFormat("en-US", { timeZone: CAMPAIGN_TIME_ZONE, timeZoneName: "longOffset" });
  // The offset a few hours before midnight (summer time changes at 2 or 3 at night, never at 0).
  const name = offsetFormat.formatToParts(next - 3 * 3_600_000).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offset = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return next - offset * 60_000;
}

export interface ConsultationState {
  /** Whether the participation forms take contributions now. */
  open: boolean;
  /** Open: the last day to take part (never a past day); null when no date is set. */
  deadline: string | null;
  /** Open: days left after today (0: today is the last day). */
  daysLeft: number | null;
  /** Open: the deadline is a "pròrroga". */
  extended: boolean;
  /** Closed: by staff, or because its last day passed. */
  closedBy: "staff" | "date" | null;
  /** Closed by the date: its last day. */
  closedOn: string | null;
  /** Open with no date: the dashboard asks staff to set one. */
  needsDate: boolean;
  /** Open and ending within DEADLINE_WARNING_DAYS: the dashboard warns. */
  endingSoon: boolean;
}

/** The closing date in force: the one set, or the campaign's default while it is still ahead. */
export function closingDate(c: Pick<Consultation, "closesOn">, today: string): string | null {
  if (c.closesOn) return c.closesOn;
  return CAMPAIGN.consultationClosesOn >= today ? CAMPAIGN.consultationClosesOn : null;
}

/** The last day of participation: the pròrroga when it extends the closing date. */
export function lastDay(c: Pick<Consultation, "closesOn" | "extendedTo">, today: string): string | null {
  const closes = closingDate(c, today);
  if (!closes) return null;
  return c.extendedTo && c.extendedTo > closes ? c.extendedTo : closes;
}

/** What the calendar means at `now`. */
export function consultationState(c: Consultation, now: Date | number = Date.now()): ConsultationState {
  const today = dayInCatalonia(now);
  const last = lastDay(c, today);
  const base = { deadline: null, daysLeft: null, extended: false, closedOn: null, needsDate: false, endingSoon: false };
  if (!c.open) return { ...base, open: false, closedBy: "staff" };
  if (last && last < today) return { ...base, open: false, closedBy: "date", closedOn: last };
  if (!last) return { ...base, open: true, closedBy: null, needsDate: true };
  const daysLeft = daysBetween(today, last);
  return {
    ...base,
    open: true,
    closedBy: null,
    deadline: last,
    daysLeft,
    extended: last !== closingDate(c, today),
    endingSoon: daysLeft <= DEADLINE_WARNING_DAYS,
  };
}
