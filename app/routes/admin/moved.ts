import type { Route } from "./+types/moved";
import { ADMIN_SCREEN_LIST, addressOf } from "~/domain/admin-screens";
import { normalisedPath } from "~/domain/request-path";

// The back office's old English addresses (decision 055): each is sent, with whatever follows it
// and its query, to the screen's Catalan address, permanently. A 308 for every method: a form
// posted to an old address is posted again, body and all, to the new one, and a GET is a GET.

/** Where `url` (an old address, or under one) lives now, or null when it is not an old address. */
export function newAddress(url: URL): string | null {
  const path = (normalisedPath(url.pathname) ?? "").toLowerCase();
  for (const s of ADMIN_SCREEN_LIST) {
    if (!s.was || (path !== s.was && !path.startsWith(`${s.was}/`))) continue;
    // The rest of the path as it was sent (still encoded), after the old address's segments.
    const rest = url.pathname.split("/").slice(s.was.split("/").length);
    return [addressOf(s), ...rest].join("/") + url.search;
  }
  return null;
}

// Async like every loader and action: callers (and the write-state wrapper) await a promise.
async function moved({ request }: { request: Request }): Promise<Response> {
  const to = newAddress(new URL(request.url));
  if (!to) return new Response("No trobat", { status: 404 });
  return new Response(null, { status: 308, headers: { Location: to } });
}

export const loader = (args: Route.LoaderArgs) => moved(args);
export const action = (args: Route.ActionArgs) => moved(args);
