import type { Route } from "./+types/analysis-map";
import { ANALYSIS_MAP_SHAPE } from "~/lib/analysis";
import { readListQuery } from "~/models/admin-list.server";
import { codedMapPins } from "~/models/analysis.server";
import { getMapView } from "~/models/map.server";
import { requireAdmin } from "~/infra/session.server";

// The analysis map (issue 32, decision 077): the coded map comments with a place, of one code
// (?codi=) or of any, over the network's layers, each in its code's colour; every status.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), ANALYSIS_MAP_SHAPE);
  const [found, view] = await Promise.all([codedMapPins(context.db, query.filters.codi ?? null), getMapView(context.db)]);
  return {
    query,
    code: found.code,
    codes: found.codes.map(({ id, name, colour, group }) => ({ id, name, colour, group })),
    pins: found.pins,
    more: found.more,
    view: { tiles: view.tiles, layers: view.layers },
  };
}
