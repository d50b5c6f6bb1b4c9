// Who may use which part of the back office (decision 032), as the registry declares it (decision
// 055): read by the server guard (requireAdmin, on every admin loader and action) and by the
// shell's navigation. Client-safe.

import { normalisedPath } from "~/domain/request-path";
import { ADMIN_SCREEN_LIST, addressOf, screenAddresses, type AdminRole } from "./admin-screens";

export { adminRoles, type AdminRole } from "./admin-screens";

export const ROLE_LABELS: Record<AdminRole, string> = {
  administrator: "Administrador",
  editor: "Editor",
  moderator: "Moderador",
};

/** Each back-office path (and everything under it) and the roles that may use it, from the
 * registry: a screen's address up to its parameter, or one path for each value it declares. A
 * path missing here is the administrators' only (a new screen stays theirs until it is declared). */
export const ADMIN_ACCESS: Readonly<Record<string, readonly AdminRole[]>> = Object.fromEntries(
  ADMIN_SCREEN_LIST.filter((s) => s.roles).flatMap((s) =>
    (s.params ? screenAddresses(s) : [addressOf(s)]).map((path) => [path.toLowerCase(), s.roles!] as const),
  ),
);

/** The declared path that covers `pathname` (itself or a parent), or undefined. `pathname` is read
 * as the router reads it (normalisedPath: decoded once, letter case ignored): `/admin/export/audit%2Ecsv`
 * is `/admin/export/audit.csv`. A path that cannot be read one way only is nobody's. */
export function accessEntry(pathname: string): string | undefined {
  const decoded = normalisedPath(pathname);
  return decoded === null ? undefined : entryOf(decoded);
}

function entryOf(decoded: string): string | undefined {
  const path = decoded.replace(/\/+$/, "").toLowerCase();
  let best: string | undefined;
  for (const key of Object.keys(ADMIN_ACCESS))
    if ((path === key || path.startsWith(`${key}/`)) && (!best || key.length > best.length)) best = key;
  return best;
}

/** Whether `role` may open `pathname` (a URL's path as sent). An administrator
 * may use everything the router can match; an undeclared path is nobody else's (a new screen stays
 * the administrators' until it is declared); a path that cannot be read one way only is nobody's. */
export function mayUse(role: AdminRole, pathname: string): boolean {
  const decoded = normalisedPath(pathname);
  if (decoded === null) return false;
  if (role === "administrator") return true;
  const key = entryOf(decoded.replace(/\.data$/i, ""));
  return key !== undefined && ADMIN_ACCESS[key]!.includes(role);
}
