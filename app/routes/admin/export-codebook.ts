// GET /admin/export/codebook.xlsx (issue 32, decision 077): the codebook and the coded data, one
// sheet for the codebook and one per group of codes; streamed. The moderators', who code.
import type { Route } from "./+types/export-codebook";
import { requireAdmin } from "~/infra/session.server";
import { downloadResponse, xlsxWorkbookStream } from "~/infra/tabular.server";
import { codebookSheets } from "~/models/analysis.server";
import { guardedExport } from "~/models/export-gate.server";

const today = () => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(new Date());

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, context);
  // Recorded in the audit log, and bounded with the other downloads (issue 29).
  return guardedExport({ request, context }, user, "codebook.xlsx", () =>
    downloadResponse(
      xlsxWorkbookStream(() => codebookSheets(context.db)),
      `llibre-de-codis-i-dades-${today()}.xlsx`,
      "xlsx",
    ),
  );
}
