import { data } from "react-router";
import type { Route } from "./+types/shell";
import { readFlash } from "~/infra/flash.server";
import { waitingCount } from "~/models/moderation.server";
import { requireAdmin } from "~/infra/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, renewCookie } = await requireAdmin(request, context);
  const { flash, clear } = await readFlash(request, context);
  const headers = new Headers();
  // Sliding renewal: the database row was extended, so the cookie is sent again with the new expiry.
  if (renewCookie) headers.append("Set-Cookie", renewCookie);
  if (clear) headers.append("Set-Cookie", clear);
  // What waits for moderation, for the nav's badge (decision 028).
  const waiting = await waitingCount(context.db);
  return data({ email: user.email, role: user.role, welcome: flash === "welcome", waiting }, { headers });
}
