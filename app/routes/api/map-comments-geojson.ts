import type { Route } from "./+types/map-comments-geojson";
import { geoJsonResponse, mapCommentsGeoJson, publicMapComments } from "~/models/map.server";

// Open data (DESIGN.md): the published map comments with a place, as GeoJSON, without any
// personal data (publicMapComments never reads the e-mail).
export async function loader({ context }: Route.LoaderArgs) {
  const rows = await publicMapComments(context.db, { located: true });
  return geoJsonResponse(mapCommentsGeoJson(rows), "comentaris-mapa.geojson", {
    "Cache-Control": "public, max-age=60",
    "Access-Control-Allow-Origin": "*",
  });
}
