import { isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/upload";
import { entityAction, type AdminAnswer, type EntitySpec } from "~/models/admin-entity.server";
import { FORBIDDEN, requireAdmin } from "~/infra/session.server";
import type { Storage } from "~/infra/storage.server";
import { resource } from "./resources.server";
import { video } from "./videos.server";

// The JSON endpoint for uploads sent with XMLHttpRequest (for the progress bar): the same
// writes as the screens' actions, answered as JSON. Anonymous requests get 401, not a redirect page.
const entities: Record<string, (storage: Storage) => EntitySpec<"file" | "captions">> = {
  videos: () => video as EntitySpec<"file" | "captions">,
  resources: resource,
};

const unauthorized = () => Response.json({ ok: false, error: "Cal iniciar sessió." }, { status: 401 });

/** A refusal the form reader throws (a body that is not a form) is answered like any other. */
const isAnswer = (v: unknown): v is AdminAnswer => typeof v === "object" && v !== null && "data" in v && "init" in v;

export async function action({ request, context, params }: Route.ActionArgs) {
  try {
    await requireAdmin(request, context);
  } catch (err) {
    // A role that may not use this kind (decision 032) is told so, not sent to sign in.
    if (err instanceof Response && err.status === 403) return Response.json({ ok: false, error: FORBIDDEN }, { status: 403 });
    if (err instanceof Response || isRouteErrorResponse(err)) return unauthorized();
    throw err;
  }
  // Own kinds only: handlers.toString or .constructor are functions too.
  const entity = Object.hasOwn(entities, params.kind) ? entities[params.kind] : undefined;
  if (!entity) return Response.json({ ok: false, error: "No trobat" }, { status: 404 });
  const answer = await entityAction(request, context, entity(context.storage)).catch((err: unknown) => {
    if (isAnswer(err)) return err;
    throw err;
  });
  return Response.json(answer.data, { status: answer.init?.status ?? 200 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return Response.json({ ok: true, kinds: Object.keys(entities) });
}
