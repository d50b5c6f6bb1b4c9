import type { Route } from "./+types/export-processing-activities";
import { requireAdmin } from "~/infra/session.server";
import { guardedExport } from "~/models/export-gate.server";
import { processingActivitiesResponse } from "./export.server";

/** GET /admin/export/processing-activities.xlsx: the record of processing activities (GDPR art. 30)
 * for the DPO, administrators only (decision 071); recorded and bounded as every export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  return guardedExport({ request, context }, user, "processing-activities.xlsx", () => processingActivitiesResponse(context.db));
}
