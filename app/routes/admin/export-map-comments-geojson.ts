import type { Route } from "./+types/export-map-comments-geojson";
import { adminMapComments, geoJsonResponse, mapCommentsGeoJson } from "~/models/map.server";
import { requireAdmin } from "~/infra/session.server";
import { guardedExport } from "~/models/export-gate.server";

/** Every located map comment, with its e-mail, for the planners' GIS (staff only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  // Recorded in the audit log, and bounded with the other downloads (issue 29).
  return guardedExport({ request, context }, user, "map-comments.geojson", async () => {
    const rows = await adminMapComments(context.db, { located: true });
    return geoJsonResponse(mapCommentsGeoJson(rows), "comentaris-mapa.geojson", { "Cache-Control": "private, no-store" });
  });
}
