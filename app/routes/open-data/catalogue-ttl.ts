import type { Route } from "./+types/catalogue-ttl";
import { catalogueTurtle } from "~/models/open-data.server";

// The DCAT-AP catalogue of the site's open data (issue 31, decision 074), in Turtle, at a stable
// address for a regional portal (the AOC's, datos.gob.es) to harvest.
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await catalogueTurtle(context.db, context.env.PUBLIC_URL), {
    headers: {
      "Content-Type": "text/turtle; charset=utf-8",
      "Content-Disposition": 'inline; filename="cataleg.ttl"',
      "Cache-Control": "public, max-age=60",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
