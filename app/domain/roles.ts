// Who may use which part of the back office (decision 032). One table, read by the server guard
// (requireAdmin, on every admin loader and action) and by the shell's navigation. Client-safe.

import { normalisedPath } from "~/domain/request-path";

export const adminRoles = ["administrator", "editor", "moderator"] as const;
export type AdminRole = (typeof adminRoles)[number];

export const ROLE_LABELS: Record<AdminRole, string> = {
  administrator: "Administrador",
  editor: "Editor",
  moderator: "Moderador",
};

const ALL: readonly AdminRole[] = adminRoles;
const ADMIN: readonly AdminRole[] = ["administrator"];
const EDITOR: readonly AdminRole[] = ["administrator", "editor"];
const MODERATOR: readonly AdminRole[] = ["administrator", "moderator"];

/** Each back-office path (and everything under it) and the roles that may use it. A path missing
 * here is the administrators' only (routes.test.ts fails when a route of the table is missing). */
export const ADMIN_ACCESS: Record<string, readonly AdminRole[]> = {
  "/admin/dashboard": ALL,
  "/admin/compte": ALL,
  // Content: the editors.
  "/admin/activities": EDITOR,
  "/admin/videos": EDITOR,
  "/admin/resources": EDITOR,
  "/admin/bici-fucsia": EDITOR,
  "/admin/home-background": EDITOR,
  "/admin/landings": EDITOR,
  "/admin/footer": EDITOR,
  "/admin/map-layers": EDITOR,
  "/admin/upload/videos": EDITOR,
  "/admin/upload/resources": EDITOR,
  // The newsletter is written and sent by the communication staff.
  "/admin/newsletter-send": EDITOR,
  // Contributions and subscribers: the moderators.
  "/admin/testimonials": MODERATOR,
  "/admin/reflections": MODERATOR,
  "/admin/map-comments": MODERATOR,
  "/admin/newsletter": MODERATOR,
  "/admin/moderacio": MODERATOR,
  // The exports of contributions and subscribers (the audit's is the administrators').
  "/admin/export": MODERATOR,
  // The administrators only.
  "/admin/settings": ADMIN,
  "/admin/comptes": ADMIN,
  "/admin/auditoria": ADMIN,
  "/admin/export/audit.csv": ADMIN,
};

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
