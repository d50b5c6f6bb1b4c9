// The database away (PostgreSQL stopped, restarting, or its connection lost), told apart from a
// fault of a query: the site answers the first with the Catalan "torna-ho a provar" page, a 503
// with Retry-After, and is itself again once the database is back (decision 060).

/** How long a visitor is told to wait (Retry-After) when the site cannot answer for now: the
 * database away, or the server stopping (server/unavailable.ts). */
export const RETRY_AFTER_SECONDS = 5;

/** Node's network errors and PostgreSQL's codes for a server that is not there: class 08
 * (connection exception), and 57P01-57P03 (the server shutting down, crashed, or starting up). */
const CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "57P01", "57P02", "57P03"]);
/** node-postgres says these in words, without a code. */
const MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/** Whether `err` (or an error it was caused by: Drizzle wraps the driver's) says the database
 * cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (e instanceof Error && MESSAGES.test(e.message)) return true;
  }
  return false;
}
