import type { Route } from "./+types/accessibility-requests";
import { Check, Undo2 } from "lucide-react";
import { AdminTable, EmptyState, PageTitle, useRowAction } from "~/components/admin/admin-ui";
import { ListControls, ListStatus, Pager } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { referenceOf } from "~/domain/accessibility-requests";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { formatNumber } from "~/i18n/locales";

export { loader, action } from "./accessibility-requests.server";

const STATUS_LABELS = { pending: "Pendent", answered: "Resposta" } as const;
const KIND_LABELS = { communication: "Comunicació", information: "Sol·licitud d'informació accessible" } as const;
const LANGUAGE = { ca: "català", es: "castellà", en: "anglès" } as const;

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

function StatusButton({ row }: { row: Row }) {
  const fetcher = useRowAction();
  const answer = row.status === "pending";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value={answer ? "answer" : "reopen"} />
      <Button
        type="submit"
        size="sm"
        variant={answer ? "default" : "outline"}
        disabled={fetcher.state !== "idle"}
        aria-label={`${answer ? "Marca com a resposta" : "Torna a pendent"} la sol·licitud ${referenceOf(row.id)}`}
      >
        {answer ? <Check aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
        {answer ? "Marca com a resposta" : "Torna a pendent"}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminAccessibilityRequests({ loaderData }: Route.ComponentProps) {
  const { list, counts, today } = loaderData;
  return (
    <>
      <PageTitle title="Sol·licituds d'accessibilitat">
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="secondary">{formatNumber(counts.pending)} pendents</Badge>
          <Badge variant="success">{formatNumber(counts.answered)} respostes</Badge>
        </div>
      </PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-ink/80">
        Les comunicacions i les sol·licituds d'informació accessible que arriben des de la declaració d'accessibilitat. Respon cada persona
        per correu electrònic abans de la data límit (vint dies hàbils des del dia que va arribar, de dilluns a divendres; els festius no es
        descompten) i, després, marca-la com a resposta.
      </p>
      <ListControls
        id="accessibility-requests"
        query={list.query}
        searchLabel="Cerca per correu, nom, pàgina o missatge"
        sorts={[["data", "Data de recepció"]]}
        filters={[
          { name: "estat", label: "Estat", options: Object.entries(STATUS_LABELS) },
          { name: "tipus", label: "Tipus", options: Object.entries(KIND_LABELS) },
        ]}
      />
      <ListStatus list={list} noun="sol·licituds" />
      {list.rows.length === 0 ? (
        <EmptyState>{list.total === 0 ? "Encara no ha arribat cap sol·licitud." : "Cap sol·licitud coincideix amb la cerca."}</EmptyState>
      ) : (
        <AdminTable caption="Sol·licituds d'accessibilitat" columns={["Sol·licitud", "Rebuda", "Data límit", "Estat", "Accions"]}>
          {list.rows.map((r) => {
            const late = r.status === "pending" && r.dueOn < today;
            return (
              <tr key={r.id} className="border-b border-ink/5 align-top">
                <td data-label="Sol·licitud" className="p-3">
                  <p className="font-semibold">
                    {KIND_LABELS[r.kind]} · {referenceOf(r.id)}
                  </p>
                  <p className="break-all">
                    {r.name ? `${r.name} · ` : ""}
                    <a href={`mailto:${r.email}`} className="text-brand-dark underline">
                      {r.email}
                    </a>{" "}
                    <span className="text-ink/70">(en {LANGUAGE[r.locale]})</span>
                  </p>
                  <p className="mt-1">
                    <span className="font-semibold">Pàgina o contingut:</span> <span className="break-words">{r.about}</span>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap">{r.message}</p>
                  {!r.ackSentAt && (
                    <p className="mt-1 text-sm font-semibold text-red-700">No s'ha pogut enviar el justificant per correu.</p>
                  )}
                </td>
                <td data-label="Rebuda" className="p-3 whitespace-nowrap">
                  <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(r.createdAt)}</time>
                </td>
                <td data-label="Data límit" className="p-3">
                  <time dateTime={r.dueOn} className={late ? "font-bold text-red-700" : undefined}>
                    {formatLongDate(r.dueOn)}
                  </time>
                  {late && <span className="block text-sm font-bold text-red-700">Fora de termini</span>}
                </td>
                <td data-label="Estat" className="p-3">
                  <Badge variant={r.status === "answered" ? "success" : "secondary"}>{STATUS_LABELS[r.status]}</Badge>
                  {r.answeredAt && (
                    <span className="mt-1 block text-sm">
                      el <time dateTime={new Date(r.answeredAt).toISOString()}>{formatDateTime(r.answeredAt)}</time>
                      {r.answeredByEmail ? ` per ${r.answeredByEmail}` : ""}
                    </span>
                  )}
                </td>
                <td className="p-3">
                  <StatusButton row={r} />
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      <Pager list={list} label="Pàgines de sol·licituds" />
    </>
  );
}
