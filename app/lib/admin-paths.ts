import { ADMIN_SCREEN_LIST, addressOf, type AdminScreenName } from "~/domain/admin-screens";

// The back office's addresses links are written with: each screen of its registry (decision 055),
// "admin" and its name ("/admin/puja" for "/admin/puja/:kind"). Apart from lib/routes.ts `paths`,
// so that the public pages' scripts do not carry the registry.
export const adminPaths = Object.fromEntries(
  ADMIN_SCREEN_LIST.map((s) => [`admin${s.name[0]!.toUpperCase()}${s.name.slice(1)}`, addressOf(s)]),
) as { [N in AdminScreenName as `admin${Capitalize<N>}`]: string };
