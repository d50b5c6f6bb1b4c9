// People's rights over their data (issue 34, decision 072): the kinds of request the public form
// takes, the states of a request, and the day its answer is due (a month, GDPR art. 12.3).
// Client-safe.

export const RIGHTS_REQUEST_KINDS = ["access", "erasure"] as const;
export type RightsRequestKind = (typeof RIGHTS_REQUEST_KINDS)[number];

export const RIGHTS_REQUEST_STATUSES = ["unconfirmed", "pending", "done"] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];

/** How the staff screen erases: the personal fields only (the texts stay, anonymous), or the whole
 * contributions with their files. */
export const ERASURE_MODES = ["fields", "whole"] as const;
export type ErasureMode = (typeof ERASURE_MODES)[number];

/** The day `day` (YYYY-MM-DD) one calendar month later; the 31st of a shorter month is its last day
 * (GDPR art. 12.3: "within one month of receipt"). */
export function oneMonthAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d, last));
  return next.toISOString().slice(0, 10);
}

/** A short reference the person and staff can quote: the first eight characters of its id. */
export const rightsReferenceOf = (id: string) => id.slice(0, 8).toUpperCase();
