import type { Route } from "./+types/newsletter";
import { EmptyState, PageTitle, AdminTable } from "~/components/admin/admin-ui";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { ExportLinks, ListControls, ListStatus, Pager } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./newsletter.server";

const STATUS_LABELS = { pending: "Pendent de confirmar", confirmed: "Confirmada" } as const;
/** Where the consent was given. */
const SOURCE_LABELS = { newsletter_form: "Formulari de la newsletter", reflection: "Reflexió" } as const;

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { list, counts } = loaderData;
  return (
    <>
      <PageTitle title="Subscriptors">
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="soft">{formatNumber(counts.confirmed + counts.pending)} subscriptors</Badge>
          <Badge variant="success">{formatNumber(counts.confirmed)} confirmats</Badge>
          <Badge variant="secondary">{formatNumber(counts.pending)} pendents de confirmar</Badge>
          <ExportLinks name="newsletter" what="els subscriptors" />
        </div>
      </PageTitle>
      <ListControls
        id="newsletter"
        query={list.query}
        searchLabel="Cerca per correu"
        sorts={[
          ["data", "Data d'alta"],
          ["correu", "Correu"],
        ]}
        filters={[{ name: "estat", label: "Estat", options: Object.entries(STATUS_LABELS) }]}
      />
      <ListStatus list={list} noun="subscriptors" />
      {list.rows.length === 0 ? (
        <EmptyState>{list.total === 0 ? "Encara no hi ha subscriptors." : "Cap subscriptor coincideix amb la cerca."}</EmptyState>
      ) : (
        <AdminTable caption="Subscriptors de la newsletter" columns={["Correu", "Estat", "Consentiment", "Accions"]}>
          {list.rows.map((s) => (
            <tr key={s.id} className="border-b border-ink/5">
              <td data-label="Correu" className="p-3 break-all">
                {s.email}
              </td>
              <td data-label="Estat" className="p-3">
                <Badge variant={s.status === "confirmed" ? "success" : "secondary"}>
                  {s.status === "confirmed" ? "Confirmat" : "Pendent"}
                </Badge>
              </td>
              <td data-label="Consentiment" className="p-3">
                {SOURCE_LABELS[s.source]}, <time dateTime={new Date(s.createdAt).toISOString()}>{formatDateTime(s.createdAt)}</time>
                {s.confirmedAt && (
                  <>
                    <br />
                    Confirmat el <time dateTime={new Date(s.confirmedAt).toISOString()}>{formatDateTime(s.confirmedAt)}</time>
                  </>
                )}
              </td>
              <td className="p-3">
                <ConfirmDelete
                  id={s.id}
                  name={s.email}
                  title="Eliminar subscriptor"
                  question={`Estàs segur que vols eliminar ${s.email} de la newsletter? Se n'esborraran l'adreça, el consentiment i els enviaments pendents, i aquesta acció no es pot desfer.`}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager list={list} label="Pàgines de subscriptors" />
    </>
  );
}
