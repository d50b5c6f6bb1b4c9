import { isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/upload";
import { resourceAction } from "~/lib/admin-resources.server";
import { videoAction, type Answer } from "~/lib/admin-videos.server";
import { requireAdmin } from "~/lib/session.server";

// The JSON endpoint for uploads sent with XMLHttpRequest (for the progress bar): the same
// writes as the screens' actions. Anonymous requests get 401, not a redirect page.
const handlers: Record<string, (request: Request, context: Route.ActionArgs["context"]) => Promise<Answer>> = {
  videos: videoAction,
  resources: resourceAction,
};

const unauthorized = () => Response.json({ ok: false, error: "Cal iniciar sessió." }, { status: 401 });

export async function action({ request, context, params }: Route.ActionArgs) {
  try {
    await requireAdmin(request, context);
  } catch (err) {
    if (err instanceof Response || isRouteErrorResponse(err)) return unauthorized();
    throw err;
  }
  // Own kinds only: handlers.toString or .constructor are functions too.
  const handler = Object.hasOwn(handlers, params.kind) ? handlers[params.kind] : undefined;
  if (!handler) return Response.json({ ok: false, error: "No trobat" }, { status: 404 });
  const { status, body } = await handler(request, context);
  return Response.json(body, { status });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return Response.json({ ok: true, kinds: Object.keys(handlers) });
}
