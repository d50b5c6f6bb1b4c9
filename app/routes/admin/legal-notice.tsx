import type { Route } from "./+types/legal-notice";
import { Link } from "react-router";
import { PageTitle, Panel, useCheckedFetcherForm } from "~/components/admin/admin-ui";
import { SubmitButton, TextareaField } from "~/components/form-field";
import { adminPaths } from "~/lib/admin-paths";
import { LEGAL_LABELS, LEGAL_PARTS, legalNoticeSchema } from "~/lib/legal";
import { localePaths } from "~/lib/routes";

export { loader, action } from "./legal-notice.server";

export default function AdminLegalNotice({ loaderData }: Route.ComponentProps) {
  const { texts, custom, retentionMonths } = loaderData;
  const form = useCheckedFetcherForm(legalNoticeSchema);
  return (
    <>
      <PageTitle title="Avís legal i privacitat">
        <a href={adminPaths.adminProcessingActivities} className="text-sm font-semibold text-brand-dark underline">
          Registre d'activitats de tractament (XLSX)
        </a>
      </PageTitle>
      <Panel
        title="Protecció de dades"
        intro="Textos en català, en format Markdown (llistes amb «- »). Mentre un apartat conserva el text per defecte, la web el mostra traduït al castellà i a l'anglès; si el canvies, es mostra en català a totes les llengües. Deixa'l en blanc per tornar al text per defecte. No hi escriguis cap adreça de correu: la web no en publica cap."
      >
        <p className="mb-4 text-sm">
          Termini de conservació: {retentionMonths} {retentionMonths === 1 ? "mes" : "mesos"} després del tancament de la consulta (es
          canvia a{" "}
          <Link to={adminPaths.adminSettings} className="font-semibold text-brand-dark underline">
            Configuració
          </Link>
          ).
        </p>
        <form.fetcher.Form method="post" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
          {LEGAL_PARTS.map((name) => (
            <TextareaField
              key={name}
              name={name}
              label={LEGAL_LABELS[name]}
              hint={custom[name] ? "Text propi del Consell." : "Text per defecte."}
              rows={name === "rights" || name === "reuse" ? 6 : 4}
              defaultValue={texts[name]}
              error={form.error(name)}
            />
          ))}
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton submitting={form.busy} busy="Desant..." className="self-start">
              Desa
            </SubmitButton>
            <a href={localePaths("ca").legal} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-dark underline">
              Veure l'avís legal públic
            </a>
          </div>
        </form.fetcher.Form>
      </Panel>
    </>
  );
}
