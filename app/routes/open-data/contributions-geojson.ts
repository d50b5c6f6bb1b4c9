import type { Route } from "./+types/contributions-geojson";
import { geoJsonResponse } from "~/models/map.server";
import { contributionsGeoJson, openContributions } from "~/models/open-data.server";

// Open data (issue 31, decision 074): the published contributions with a place (the map comments
// with a pin), each with its published answer, as GeoJSON.
export async function loader({ context }: Route.LoaderArgs) {
  return geoJsonResponse(contributionsGeoJson(await openContributions(context.db, { placed: true })), "aportacions.geojson", {
    "Cache-Control": "public, max-age=60",
    "Access-Control-Allow-Origin": "*",
  });
}
