import type { Route } from "./+types/export-map-comments-geojson";
import { adminMapComments, geoJsonResponse, mapCommentsGeoJson } from "~/models/map.server";
import { requireAdmin } from "~/infra/session.server";

/** Every located map comment, with its e-mail, for the planners' GIS (staff only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await adminMapComments(context.db, { located: true });
  return geoJsonResponse(mapCommentsGeoJson(rows), "comentaris-mapa.geojson", { "Cache-Control": "private, no-store" });
}
