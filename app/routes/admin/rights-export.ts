import type { Route } from "./+types/rights-export";
import { requireAdmin } from "~/infra/session.server";
import { guardedExport } from "~/models/export-gate.server";
import { emailHash, findPersonalData, personalDataZip } from "~/models/rights.server";
import { ADDRESS_PARAM, BAD_ADDRESS, readAddress } from "./rights.server";

// GET /admin/drets/exporta?correu=… (decision 072): everything tied to an address as a ZIP (dades.json,
// one CSV per section, the testimonials' audio). Recorded in the audit log through the export gate,
// which keeps no address: the file's name carries the start of the address's keyed hash.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const typed = new URL(request.url).searchParams.get(ADDRESS_PARAM);
  // Without an address: what this route answers (as the exports' route does without a file name).
  if (typed === null) return Response.json({ export: "dades-personals.zip", parameter: ADDRESS_PARAM });
  const email = readAddress(typed);
  if (!email) throw new Response(BAD_ADDRESS, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const file = `dades-personals-${emailHash(context.sessionSecret, email).slice(0, 16)}.zip`;
  return guardedExport({ request, context }, user, file, async () =>
    personalDataZip(context.storage, await findPersonalData(context.db, context.sessionSecret, email), file),
  );
}
