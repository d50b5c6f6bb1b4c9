import { data, redirect } from "react-router";
import type { Route } from "./+types/questionnaire";
import { UPLOADS } from "~/domain/uploads";
import { FormError } from "~/infra/forms.server";
import { requireAdmin } from "~/infra/session.server";
import { formatNumber } from "~/i18n/locales";
import { formatDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { PREVIEW_ROWS, QUESTIONNAIRE_TEXTS, guessColumns } from "~/lib/questionnaire";
import { failed, logActionError, readAdminForm, readingInMemory, uploadMessage } from "~/models/admin.server";
import { recordAudit } from "~/models/audit.server";
import {
  QuestionnaireRefused,
  importUpload,
  importedSummary,
  readMapping,
  readQuestionnaireFile,
  saveUpload,
  uploadById,
  type ImportOutcome,
} from "~/models/questionnaire.server";

// The questionnaire import (issue 32, decision 076): step 1 uploads the CSV or XLSX export (read in
// memory, size-checked while it streams, never kept as a file), step 2 (?fitxer=<id>) maps its
// columns over a preview of its first rows, step 3 imports every row as a private contribution of
// the kind "questionnaire", in one transaction with its audit entry. The moderators', like coding.

/** The parameter naming the uploaded file being mapped. */
export const UPLOAD_PARAM = "fitxer";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const wanted = new URL(request.url).searchParams.get(UPLOAD_PARAM);
  const [summary, upload] = await Promise.all([importedSummary(context.db), wanted ? uploadById(context.db, wanted) : undefined]);
  return {
    summary,
    upload: upload
      ? {
          id: upload.id,
          fileName: upload.fileName,
          headers: upload.headers,
          preview: upload.rows.slice(0, PREVIEW_ROWS),
          rowCount: upload.rows.length,
          guess: guessColumns(upload.headers),
        }
      : null,
    gone: wanted !== null && !upload,
  };
}

export type QuestionnaireActionResult = { ok: true; message: string; outcome: ImportOutcome } | { ok: false; error: string };

const n = formatNumber;

/** The import's result in one sentence (and what was left aside). */
export function outcomeMessage(o: ImportOutcome): string {
  const parts = [o.added === 1 ? "S'ha importat 1 resposta." : `S'han importat ${n(o.added)} respostes.`];
  if (o.duplicates)
    parts.push(
      o.duplicates === 1
        ? "1 resposta ja hi era i no s'ha tornat a afegir."
        : `${n(o.duplicates)} respostes ja hi eren i no s'han tornat a afegir.`,
    );
  if (o.blank)
    parts.push(o.blank === 1 ? "1 fila sense text s'ha deixat de banda." : `${n(o.blank)} files sense text s'han deixat de banda.`);
  if (o.unknownMunicipality)
    parts.push(
      o.unknownMunicipality === 1
        ? "1 resposta té un municipi que no és de la llista: s'ha desat sense municipi."
        : `${n(o.unknownMunicipality)} respostes tenen un municipi que no és de la llista: s'han desat sense municipi.`,
    );
  if (o.unknownDate)
    parts.push(
      o.unknownDate === 1
        ? "1 resposta té una data que no s'ha pogut llegir: s'ha desat sense data."
        : `${n(o.unknownDate)} respostes tenen una data que no s'ha pogut llegir: s'han desat sense data.`,
    );
  return parts.join(" ");
}

export async function action({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const { user } = await requireAdmin(request, context);
  const memory = readingInMemory();
  let form;
  try {
    form = await readAdminForm(
      request,
      { storage: memory.storage },
      {
        file: { maxBytes: UPLOADS.questionnaire.maxBytes, prefix: "questionnaire", accept: (t) => t },
      },
    );
  } catch (err) {
    if (err instanceof FormError)
      return data<QuestionnaireActionResult>(
        { ok: false, error: uploadMessage(err, { ...UPLOADS.questionnaire.messages, other: QUESTIONNAIRE_TEXTS.failed }) },
        { status: err.status },
      );
    throw err;
  }
  const { fields, files } = form;
  try {
    if (fields.intent === "upload") {
      const bytes = files.file && memory.bytes(files.file.key);
      if (!files.file || !bytes) return failed(UPLOADS.questionnaire.messages.required, 400);
      const table = await readQuestionnaireFile(bytes);
      const name = (fields.fileName ?? "").trim().replace(/^.*[\\/]/, "") || `Fitxer pujat el ${formatDateTime(new Date())}`;
      const id = await saveUpload(context.db, name, table, user.email);
      return redirect(`${adminPaths.adminQuestionnaire}?${UPLOAD_PARAM}=${id}`);
    }
    if (fields.intent === "import") {
      const upload = await uploadById(context.db, fields.upload ?? "");
      if (!upload) return failed(QUESTIONNAIRE_TEXTS.uploadGone, 404);
      const mapping = readMapping(fields, upload.headers);
      const outcome = await context.db.transaction(async (tx) => {
        const out = await importUpload(tx, upload, mapping, { email: user.email });
        await recordAudit(tx, { request, context }, user, {
          entity: "questionnaire",
          action: "import",
          after: {
            label: upload.fileName,
            count: String(out.added),
            duplicates: String(out.duplicates),
            blank: String(out.blank),
            unknownMunicipality: String(out.unknownMunicipality),
          },
        });
        return out;
      });
      return data<QuestionnaireActionResult>({ ok: true, message: outcomeMessage(outcome), outcome });
    }
    return failed("Acció desconeguda", 400);
  } catch (err) {
    if (err instanceof QuestionnaireRefused) return failed(err.message, err.status);
    logActionError("questionnaire import", err);
    return failed(QUESTIONNAIRE_TEXTS.failed, 500);
  }
}
