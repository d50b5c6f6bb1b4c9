import type { Route } from "./+types/results-geojson";
import { geoJsonResponse } from "~/models/map.server";
import { openResults, resultsGeoJson } from "~/models/results-open-data.server";

// Open data (issue 35, decision 069): the plan's public results as GeoJSON, each with its segments.
export async function loader({ context }: Route.LoaderArgs) {
  const body = await resultsGeoJson(context.db, context.storage, await openResults(context.db), context.env.PUBLIC_URL);
  return geoJsonResponse(body, "seguiment-del-pla.geojson", { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" });
}
