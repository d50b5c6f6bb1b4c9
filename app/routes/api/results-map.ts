import type { Route } from "./+types/results-map";
import { publicRead } from "~/models/content.server";
import { tracker, trackerFiltersOf, type Tracker } from "~/models/results.server";

// What the tracker's map draws (issue 35): for the page's filters, the layers of the results'
// segments (each with only those segments) and each segment's colour, its result's state's. Apart
// from the page's data, so that the page stays light and a visitor who never scrolls to the map
// never loads it; kept by the page cache like a page, and stale when a result, a state or a layer
// changes (the tables its read names).
const NONE: Tracker["map"] = { layers: [], colours: {} };

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = trackerFiltersOf(new URL(request.url));
  // Names and colours do not change with the language: one copy serves the three.
  const map = await publicRead("plan tracker map", async () => (await tracker(context.db, "ca", filters)).map, NONE);
  return Response.json(map);
}
