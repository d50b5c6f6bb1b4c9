// The one spelling of a request's path that every decision about it reads (issue 29, decision
// 052): who may open it (roles.ts), the sign-in gate in front of the server, and the guard that
// refuses what cannot be read (server/guards.ts). It is the path the router matches: React Router
// decodes each segment of the URL's path once (its `decodePath`) and matches letter case
// loosely. Client-safe: no server module.

/** An encoded slash or backslash: one decode would make a new path segment of it. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;
/** What is left encoded after one decode: the path was encoded twice. */
const STILL_ENCODED = /%[0-9a-f]{2}/i;
/** Control characters (a NUL, a line break) have no place in a path. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The path as the router matches it, decoded once, or null when it cannot be read one way only:
 * an encoded slash or backslash (`/admin%2Fcomptes`), a path still encoded after one decode
 * (`/admin/%2561udit.csv`), a malformed escape (`%E0%A4`), a control character. `pathname` is a
 * URL's path as sent (the WHATWG URL parser has already resolved `.` and `..`, encoded or not,
 * and turned backslashes into slashes); a request target is read with `targetPath`.
 */
export function normalisedPath(pathname: string): string | null {
  if (ENCODED_SEPARATOR.test(pathname)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (STILL_ENCODED.test(decoded) || CONTROL.test(decoded)) return null;
  return decoded;
}

/** The normalised path of a raw request target (`/admin/%6Cogin?x=1`), read as the server reads
 * it: through a URL on the site's own origin, so `//host/…` stays a path. Null as normalisedPath,
 * or when the target is not a path at all. */
export function targetPath(target: string): string | null {
  if (!target.startsWith("/")) return null;
  let pathname: string;
  try {
    pathname = new URL(`http://site${target}`).pathname;
  } catch {
    return null;
  }
  return normalisedPath(pathname);
}
