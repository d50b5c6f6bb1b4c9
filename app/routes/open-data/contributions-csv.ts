import type { Route } from "./+types/contributions-csv";
import { contributionsCsv, openContributions } from "~/models/open-data.server";

// Open data (issue 31, decision 074): every published contribution with its published answer, as CSV.
// Kept by the page cache like every public file, and made stale by any write to what it reads.
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(contributionsCsv(await openContributions(context.db)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'inline; filename="aportacions.csv"',
      "Cache-Control": "public, max-age=60",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
