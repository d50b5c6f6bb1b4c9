// The requests a visitor sends from the accessibility statement (issue 33; RD 1112/2018, art. 10
// and 12): their kinds and states, and the day an answer is due. Client-safe, no imports: the
// schema (drizzle-kit), the public form and the back office read it.

/** A communication (a barrier someone met) or a request for accessible information (content in a
 * form they can use). */
export const ACCESSIBILITY_REQUEST_KINDS = ["communication", "information"] as const;
export type AccessibilityRequestKind = (typeof ACCESSIBILITY_REQUEST_KINDS)[number];

/** pendent, respost. */
export const ACCESSIBILITY_REQUEST_STATUSES = ["pending", "answered"] as const;
export type AccessibilityRequestStatus = (typeof ACCESSIBILITY_REQUEST_STATUSES)[number];

/** RD 1112/2018, art. 12.3: an answer within twenty working days of the day the request came in. */
export const ANSWER_WORKING_DAYS = 20;

/** A calendar day (yyyy-MM-dd) `days` working days after `day`: Monday to Friday count, Saturdays
 * and Sundays do not. Public holidays (national, Catalan, local) are not known here and count as
 * working days, so the due date may come a day or two early, never late. A day that is not a
 * well-formed calendar date throws. */
export function addWorkingDays(day: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const at = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw new RangeError(`not a calendar day: ${day}`);
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`not a number of days: ${days}`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return at.toISOString().slice(0, 10);
}

/** The calendar day of an instant in the council's time zone (yyyy-MM-dd). */
export const councilDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(at);

/** The day an answer to a request received at `receivedAt` is due. */
export const answerDueOn = (receivedAt: Date) => addWorkingDays(councilDay(receivedAt), ANSWER_WORKING_DAYS);

/** A short reference the person and staff can quote: the first eight characters of its id. */
export const referenceOf = (id: string) => id.slice(0, 8).toUpperCase();
