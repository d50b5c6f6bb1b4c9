import type { Route } from "./+types/export-audit";
import { allAudit } from "~/models/audit.server";
import { auditCsvStream } from "~/models/audit-csv.server";
import { requireAdmin } from "~/infra/session.server";
import { guardedExport } from "~/models/export-gate.server";
import { AUDIT_SHAPE } from "~/lib/audit-labels";
import { readListQuery } from "~/models/admin-list.server";
import { auditFilterOf } from "./audit.server";

/** GET /admin/export/audit.csv: the audit log (with the screen's filters), administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  const filter = auditFilterOf(readListQuery(new URL(request.url), AUDIT_SHAPE));
  const day = new Date().toISOString().slice(0, 10);
  // The log's own export is recorded in it too, and bounded with the other downloads (issue 29).
  return guardedExport(
    { request, context },
    user,
    "audit.csv",
    () =>
      new Response(auditCsvStream(allAudit(context.db, filter)), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="auditoria-${day}.csv"`,
          "Cache-Control": "no-store",
        },
      }),
  );
}
