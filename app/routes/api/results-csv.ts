import type { Route } from "./+types/results-csv";
import { openResults, resultsCsv } from "~/models/results-open-data.server";

// Open data (issue 35, decision 069): the plan's public results as CSV.
export async function loader({ context }: Route.LoaderArgs) {
  const body = resultsCsv(await openResults(context.db), context.env.PUBLIC_URL);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'inline; filename="seguiment-del-pla.csv"',
      "Cache-Control": "public, max-age=60",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
