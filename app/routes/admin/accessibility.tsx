import type { Route } from "./+types/accessibility";
import { PageTitle, Panel, useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { SubmitButton, TextareaField } from "~/components/form-field";
import { accessibilityStatementSchema } from "~/lib/admin-schemas";
import { formatLongDate } from "~/lib/dates";
import { localePaths } from "~/lib/routes";
import { adminPaths } from "~/lib/admin-paths";
import { Link } from "react-router";

export { loader, action } from "./accessibility.server";

const COMPLIANCE = [
  ["full", "Plenament conforme"],
  ["partial", "Parcialment conforme"],
  ["none", "No conforme"],
] as const;

/** The statement's texts: field, label, hint and height. Markdown: lists with "- ". */
const TEXTS = [
  ["nonCompliance", "Manca de conformitat", "Cada element que no és accessible, amb el requisit de l'EN 301 549 que incompleix.", 6],
  ["burden", "Càrrega desproporcionada", "El contingut que s'hi acull (article 7 del Reial decret 1112/2018), o que no n'hi ha.", 3],
  ["outOfScope", "Contingut fora de l'àmbit", "El contingut exclòs per l'article 3.4 (per exemple, serveis de tercers incrustats).", 4],
  ["method", "Mètode", "Com s'ha avaluat el web (autoavaluació, auditoria externa, eines i proves).", 3],
  ["unit", "Unitat responsable", "Qui atén les comunicacions, les sol·licituds d'informació accessible i les reclamacions.", 2],
] as const;

export default function AdminAccessibility({ loaderData }: Route.ComponentProps) {
  const { statement } = loaderData;
  const form = useCheckedFetcherForm(accessibilityStatementSchema);
  return (
    <>
      <PageTitle title="Declaració d'accessibilitat">
        <Link to={adminPaths.adminAccessibilityRequests} className="text-sm font-semibold text-brand-dark underline">
          Sol·licituds rebudes{loaderData.pending > 0 ? ` (${loaderData.pending} pendents)` : ""}
        </Link>
      </PageTitle>
      <Panel
        title="Parts variables de la declaració"
        intro={`Els apartats fixos segueixen el model del Reial decret 1112/2018. Preparada el ${formatLongDate(statement.preparedOn)}; darrera revisió el ${formatLongDate(statement.reviewedOn)}. En desar, la data de revisió passa a ser la d'avui.`}
      >
        <form.fetcher.Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
          <fieldset className="flex flex-col gap-2" aria-describedby={form.error("compliance") ? "compliance-error" : undefined}>
            <legend className="mb-1 text-sm font-semibold">Situació de compliment</legend>
            {COMPLIANCE.map(([value, label]) => (
              <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
                <input type="radio" name="compliance" value={value} defaultChecked={statement.compliance === value} className="size-4" />
                {label}
              </label>
            ))}
            {form.error("compliance") && (
              <p id="compliance-error" className="text-sm font-semibold text-red-700">
                {form.error("compliance")}
              </p>
            )}
          </fieldset>
          {TEXTS.map(([name, label, hint, rows]) => (
            <TextareaField
              key={name}
              name={name}
              label={label}
              hint={hint}
              rows={rows}
              defaultValue={statement[name]}
              error={form.error(name)}
            />
          ))}
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
              Desa
            </SubmitButton>
            <a
              href={localePaths("ca").accessibility}
              target="_blank"
              rel="noopener"
              className="text-sm font-semibold text-brand-dark underline"
            >
              Veure la declaració pública
            </a>
          </div>
        </form.fetcher.Form>
      </Panel>
    </>
  );
}
