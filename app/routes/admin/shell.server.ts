import { data } from "react-router";
import type { Route } from "./+types/shell";
import { readFlash } from "~/lib/flash.server";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, renewCookie } = await requireAdmin(request, context);
  const { flash, clear } = await readFlash(request, context);
  const headers = new Headers();
  // Sliding renewal: the database row was extended, so the cookie is sent again with the new expiry.
  if (renewCookie) headers.append("Set-Cookie", renewCookie);
  if (clear) headers.append("Set-Cookie", clear);
  return data({ email: user.email, welcome: flash === "welcome" }, { headers });
}
