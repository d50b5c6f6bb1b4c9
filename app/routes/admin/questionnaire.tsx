import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/questionnaire";
import { PageTitle, Panel } from "~/components/admin/admin-ui";
import { FormField, SubmitButton } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/i18n/locales";
import { adminPaths } from "~/lib/admin-paths";
import { QUESTIONNAIRE_FIELDS, QUESTIONNAIRE_FIELD_LABELS, type QuestionnaireField } from "~/lib/questionnaire";
import type { QuestionnaireActionResult } from "./questionnaire.server";

export { loader, action } from "./questionnaire.server";

type Data = Route.ComponentProps["loaderData"];
type Upload = NonNullable<Data["upload"]>;

const HINTS: Record<QuestionnaireField, string> = {
  text: "La resposta oberta que es codificarà.",
  municipality:
    "Es fa coincidir amb la llista de municipis sense tenir en compte accents ni majúscules; els que no hi són es desen sense municipi.",
  date: "Quan es va respondre (per exemple, la «Marca de temps»).",
  externalId: "Si el qüestionari en dona un, evita importar dues vegades la mateixa resposta encara que hagi canviat.",
};

/** The questionnaire import (issue 32, decision 076): upload, map the columns, import. */
export default function Questionnaire({ loaderData }: Route.ComponentProps) {
  const { summary, upload, gone } = loaderData;
  const result = useActionData<QuestionnaireActionResult>();
  const imported = result?.ok ? result : null;
  return (
    <>
      <PageTitle title="Importa el qüestionari">
        <Button asChild variant="outline">
          <Link to={adminPaths.adminCoding}>Codificació</Link>
        </Button>
      </PageTitle>
      <p className="-mt-4 mb-4 max-w-3xl text-sm text-ink/80">
        Puja l'exportació del qüestionari (CSV o XLSX) per codificar-ne les respostes obertes amb la resta d'aportacions. Les respostes
        importades són privades: no surten mai a la web.
      </p>
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Passos">
        {["Puja el fitxer", "Tria les columnes", "Importa"].map((step, i) => {
          const at = imported ? 2 : upload ? 1 : 0;
          return (
            <li
              key={step}
              aria-current={i === at ? "step" : undefined}
              className={i === at ? "rounded-full bg-brand px-3 py-1 font-semibold text-white" : "rounded-full bg-white px-3 py-1"}
            >
              {i + 1}. {step}
            </li>
          );
        })}
      </ol>
      {imported && (
        <div role="status" className="mb-6 rounded-lg border-l-4 border-brand bg-white p-4 shadow-sm">
          <p className="font-semibold">{imported.message}</p>
          <p className="mt-2">
            <Link className="font-semibold underline" to={`${adminPaths.adminCoding}?tipus=questionnaire`}>
              Codifica les respostes del qüestionari
            </Link>
          </p>
        </div>
      )}
      {result && !result.ok && (
        <p role="alert" className="mb-4 font-semibold text-red-700">
          {result.error}
        </p>
      )}
      {gone && !imported && (
        <p role="alert" className="mb-4 font-semibold text-red-700">
          Aquest fitxer ja no hi és (ja s'ha importat o fa més d'un dia que es va pujar). Torna'l a pujar.
        </p>
      )}
      {upload && !imported ? <MappingStep upload={upload} /> : <UploadStep />}
      <Panel title="Respostes importades" className="mt-6">
        <p>
          {summary.total === 0
            ? "Encara no s'ha importat cap resposta."
            : `${summary.total === 1 ? "1 resposta importada" : `${formatNumber(summary.total)} respostes importades`} en total.`}
        </p>
        {summary.latest.length > 0 && (
          <ul className="mt-2 list-disc pl-5 text-sm">
            {summary.latest.map((l) => (
              <li key={l.sourceName} className="break-words">
                {l.sourceName}: {l.n === 1 ? "1 resposta" : `${formatNumber(l.n)} respostes`}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}

function UploadStep() {
  const navigation = useNavigation();
  const [fileName, setFileName] = useState("");
  return (
    <Panel
      title="1. Puja el fitxer"
      intro="El fitxer CSV (separat per comes o per punts i comes) o XLSX que exporta el qüestionari, amb el nom de cada columna a la primera fila. Màxim 50 MB."
    >
      <Form method="post" encType="multipart/form-data" className="flex max-w-xl flex-col gap-4">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="fileName" value={fileName} />
        <FormField label="Fitxer del qüestionari" hint="CSV o XLSX">
          <input
            type="file"
            name="file"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="min-h-10 rounded-md border bg-white p-2"
            onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? "")}
          />
        </FormField>
        <div>
          <SubmitButton submitting={navigation.state === "submitting"} busy="S'està llegint el fitxer…">
            Puja i continua
          </SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}

function MappingStep({ upload }: { upload: Upload }) {
  const navigation = useNavigation();
  return (
    <>
      <Panel
        title={`2. Tria les columnes de «${upload.fileName}»`}
        intro={`${upload.rowCount === 1 ? "1 fila" : `${formatNumber(upload.rowCount)} files`} de respostes. Cada fila serà una aportació privada del tipus «Resposta al qüestionari».`}
      >
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="upload" value={upload.id} />
          <div className="grid gap-4 md:grid-cols-2">
            {QUESTIONNAIRE_FIELDS.map((field) => (
              <FormField key={field} label={QUESTIONNAIRE_FIELD_LABELS[field]} hint={HINTS[field]}>
                <select
                  name={field}
                  required={field === "text"}
                  defaultValue={upload.guess[field] === null ? "" : String(upload.guess[field])}
                  className="h-10 rounded-md border bg-white px-2"
                >
                  <option value="">{field === "text" ? "Tria una columna" : "Cap"}</option>
                  {upload.headers.map((h, i) => (
                    <option key={i} value={i}>
                      {h}
                    </option>
                  ))}
                </select>
              </FormField>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <SubmitButton submitting={navigation.state === "submitting"} busy="S'està important…">
              Importa {upload.rowCount === 1 ? "1 fila" : `${formatNumber(upload.rowCount)} files`}
            </SubmitButton>
            <Button asChild variant="ghost">
              <Link to={adminPaths.adminQuestionnaire}>Tria un altre fitxer</Link>
            </Button>
          </div>
        </Form>
      </Panel>
      <Panel title="Primeres files del fitxer" className="mt-6">
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Primeres files del fitxer (desplaçable)">
          <table className="w-full min-w-max text-left text-sm" data-testid="questionnaire-preview">
            <caption className="sr-only">
              Les {formatNumber(upload.preview.length)} primeres files de {upload.fileName}
            </caption>
            <thead>
              <tr className="border-b border-ink/10">
                {upload.headers.map((h, i) => (
                  <th key={i} scope="col" className="p-2 align-bottom">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {upload.preview.map((row, r) => (
                <tr key={r} className="border-b border-ink/10 align-top">
                  {upload.headers.map((_, c) => (
                    <td key={c} className="max-w-xs p-2 break-words whitespace-pre-line">
                      {(row[c] ?? "").slice(0, 300)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </>
  );
}
