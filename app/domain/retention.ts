import type { Consultation } from "./campaign";
import { dayInCatalonia, lastDay, nextDay } from "./consultation";

// How long contributors' personal data is kept (issue 34, decision 071): pure, given the moment
// (decision 015), so that the rule is tested on any clock.
//
// The names and e-mails left with contributions are kept while the consultation is open and for
// `months` after its last day (the closing date, or the pròrroga); from the day after that, the
// retention job erases those that no consent still needs. No last day known: nothing is erased.

export const DEFAULT_RETENTION_MONTHS = 6;
export const MIN_RETENTION_MONTHS = 1;
export const MAX_RETENTION_MONTHS = 60;

export interface RetentionSettings {
  /** Months after the consultation's last day that contributors' names and e-mails are kept. */
  months: number;
}

export const DEFAULT_RETENTION: RetentionSettings = { months: DEFAULT_RETENTION_MONTHS };

/** `day` (YYYY-MM-DD) plus `months` calendar months; the 31st of a shorter month is its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export interface RetentionState {
  /** The consultation's last day, when one is known. */
  lastDay: string | null;
  /** The first day on which the data is erased (null: no last day known yet). */
  erasesOn: string | null;
  /** Whether that day has come. */
  due: boolean;
}

/** What the retention rule means at `now`. */
export function retentionState(
  c: Pick<Consultation, "closesOn" | "extendedTo">,
  settings: RetentionSettings,
  now: Date | number = Date.now(),
): RetentionState {
  const today = dayInCatalonia(now);
  const last = lastDay(c, today);
  if (!last) return { lastDay: null, erasesOn: null, due: false };
  const erasesOn = nextDay(addMonths(last, settings.months));
  return { lastDay: last, erasesOn, due: today >= erasesOn };
}
