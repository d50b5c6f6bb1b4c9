import type { Route } from "./+types/rights";
import { useState } from "react";
import { Form } from "react-router";
import { Check, Download, Search, Trash2, Undo2 } from "lucide-react";
import { AdminTable, EmptyState, PageTitle, Panel, useRowAction } from "~/components/admin/admin-ui";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { InputField } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { rightsReferenceOf } from "~/domain/rights";
import { adminPaths } from "~/lib/admin-paths";
import { contributionLabels } from "~/lib/contributions";
import { formatDateTime, formatLongDate } from "~/lib/dates";

export { loader, action } from "./rights.server";

const KIND_LABELS: Record<string, string> = { access: "Accés (còpia de les dades)", erasure: "Supressió" };
const STATUS_LABELS: Record<string, string> = { unconfirmed: "Sense confirmar", pending: "Pendent", done: "Atesa" };
const LANGUAGE: Record<string, string> = { ca: "català", es: "castellà", en: "anglès" };

type Data = Route.ComponentProps["loaderData"];
type Row = Data["queue"][number];

function StatusButton({ row }: { row: Row }) {
  const fetcher = useRowAction();
  const finish = row.status === "pending";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value={finish ? "done" : "reopen"} />
      <Button
        type="submit"
        size="sm"
        variant={finish ? "default" : "outline"}
        disabled={fetcher.state !== "idle"}
        aria-label={`${finish ? "Marca com a atesa" : "Torna a pendent"} la sol·licitud ${rightsReferenceOf(row.id)}`}
      >
        {finish ? <Check aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
        {finish ? "Marca com a atesa" : "Torna a pendent"}
      </Button>
    </fetcher.Form>
  );
}

function Queue({ queue, today }: Pick<Data, "queue" | "today">) {
  if (!queue.length) return <EmptyState>Encara no hi ha cap sol·licitud confirmada.</EmptyState>;
  return (
    <AdminTable caption="Sol·licituds de drets sobre les dades" columns={["Sol·licitud", "Confirmada", "Data límit", "Estat", "Accions"]}>
      {queue.map((r) => {
        const late = r.status === "pending" && r.dueOn !== null && r.dueOn < today;
        return (
          <tr key={r.id} className="border-b border-ink/5 align-top">
            <td data-label="Sol·licitud" className="p-3">
              <p className="font-semibold">
                {KIND_LABELS[r.kind]} · {rightsReferenceOf(r.id)}
              </p>
              {r.email ? (
                <p className="break-all">
                  <a href={`?correu=${encodeURIComponent(r.email)}`} className="text-brand-dark underline">
                    {r.email}
                  </a>{" "}
                  <span className="text-ink/70">(en {LANGUAGE[r.locale]})</span>
                </p>
              ) : (
                <p className="text-ink/70">Adreça esborrada</p>
              )}
              {r.message && <p className="mt-1 whitespace-pre-wrap">{r.message}</p>}
            </td>
            <td data-label="Confirmada" className="p-3 whitespace-nowrap">
              {r.confirmedAt && <time dateTime={new Date(r.confirmedAt).toISOString()}>{formatDateTime(r.confirmedAt)}</time>}
            </td>
            <td data-label="Data límit" className="p-3">
              {r.dueOn && (
                <time dateTime={r.dueOn} className={late ? "font-bold text-red-700" : undefined}>
                  {formatLongDate(r.dueOn)}
                </time>
              )}
              {late && <span className="block text-sm font-bold text-red-700">Fora de termini</span>}
            </td>
            <td data-label="Estat" className="p-3">
              <Badge variant={r.status === "done" ? "success" : "secondary"}>{STATUS_LABELS[r.status]}</Badge>
              {r.doneAt && (
                <span className="mt-1 block text-sm">
                  el <time dateTime={new Date(r.doneAt).toISOString()}>{formatDateTime(r.doneAt)}</time>
                  {r.doneByEmail ? ` per ${r.doneByEmail}` : ""}
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
  );
}

function Found({ search }: { search: Extract<NonNullable<Data["search"]>, { error: null }> }) {
  const fetcher = useRowAction();
  const [mode, setMode] = useState<"fields" | "whole">("fields");
  const exportHref = `${adminPaths.adminRightsExport}?correu=${encodeURIComponent(search.email)}`;
  const { counts } = search;
  return (
    <Panel title={`Dades de ${search.email}`} intro={`${search.total} elements vinculats a aquesta adreça.`}>
      <ul className="mb-4 list-disc pl-6 text-sm">
        <li>Reflexions: {counts.reflection ?? 0}</li>
        <li>Comentaris al mapa: {counts.map_comment ?? 0}</li>
        <li>Subscripcions a la newsletter: {counts.newsletter}</li>
        <li>Denúncies rebudes sobre les seves aportacions: {counts.reports}</li>
        <li>Respostes del Consell a les seves aportacions: {counts.answers}</li>
        <li>Sol·licituds d'accessibilitat: {counts.accessibilityRequests}</li>
        <li>Seguiments d'actuacions del pla: {counts.follows}</li>
        <li>Sol·licituds de drets: {counts.rightsRequests}</li>
        <li>Fitxers d'àudio: {counts.audio}</li>
      </ul>
      <p className="mb-4 text-sm text-ink/80">
        Els testimonis d'àudio no guarden cap adreça de correu: no es poden vincular a una persona per l'adreça.
      </p>
      {search.contributions.length > 0 && (
        <AdminTable caption="Aportacions d'aquesta adreça" columns={["Tipus", "Data", "Text", "Estat"]}>
          {search.contributions.map((c) => (
            <tr key={c.id} className="border-b border-ink/5 align-top">
              <td data-label="Tipus" className="p-3">
                {contributionLabels[c.type]}
                {c.answerConsent && <span className="block text-sm">Vol rebre la resposta per correu</span>}
              </td>
              <td data-label="Data" className="p-3 whitespace-nowrap">
                <time dateTime={new Date(c.date).toISOString()}>{formatDateTime(c.date)}</time>
              </td>
              <td data-label="Text" className="p-3 break-words">
                {c.text}
              </td>
              <td data-label="Estat" className="p-3">
                {c.status}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <div className="mt-4 flex flex-col gap-4">
        <div>
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden="true" /> Exporta en ZIP (JSON, CSV i àudios)
            </a>
          </Button>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Què s'ha d'esborrar?</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="mode"
              value="fields"
              checked={mode === "fields"}
              onChange={() => setMode("fields")}
              className="size-5"
            />
            Només les dades personals (nom, adreça i consentiments); els textos es mantenen, anònims
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="radio" name="mode" value="whole" checked={mode === "whole"} onChange={() => setMode("whole")} className="size-5" />
            Les aportacions senceres, amb els seus fitxers (quan la persona ho demana)
          </label>
        </fieldset>
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline" className="border-red-700/40 text-red-800 hover:bg-red-50" disabled={fetcher.state !== "idle"}>
                <Trash2 aria-hidden="true" /> Esborra les dades
              </Button>
            }
            title="Esborrar les dades d'aquesta adreça"
            question={
              mode === "whole"
                ? `S'esborraran les aportacions senceres de ${search.email}, amb els seus fitxers, la subscripció i l'adreça de tot arreu. No es pot desfer.`
                : `S'esborraran el nom, l'adreça i els consentiments de ${search.email} de tot arreu; els textos es mantindran, anònims. No es pot desfer.`
            }
            verb="Esborra"
            onConfirm={() => void fetcher.submit({ intent: "erase", email: search.email, mode }, { method: "post" })}
          />
        </div>
      </div>
    </Panel>
  );
}

export default function AdminRights({ loaderData }: Route.ComponentProps) {
  const { queue, today, search } = loaderData;
  const pending = queue.filter((r) => r.status === "pending").length;
  return (
    <>
      <PageTitle title="Drets sobre les dades">
        <Badge variant="secondary">{pending} pendents</Badge>
      </PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-ink/80">
        Les sol·licituds d'accés i de supressió que les persones fan des de l'avís legal, un cop confirmades des del seu correu. Cal
        respondre cada persona per correu electrònic en el termini d'un mes des de la confirmació. Cerca una adreça per veure tot el que hi
        està vinculat, exportar-ho o esborrar-ho. El registre d'activitat en guarda un resum, mai l'adreça.
      </p>
      <div className="mb-6">
        <Panel title="Cerca per adreça">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <InputField
              label="Adreça de correu electrònic"
              type="email"
              name="correu"
              defaultValue={search?.email ?? ""}
              error={search?.error ?? null}
              className="min-w-72"
            />
            <Button type="submit">
              <Search aria-hidden="true" /> Cerca
            </Button>
          </Form>
        </Panel>
      </div>
      {search && !search.error && (
        <div className="mb-6">
          <Found key={search.email} search={search} />
        </div>
      )}
      <h2 className="mb-3 text-lg font-bold">Sol·licituds</h2>
      <Queue queue={queue} today={today} />
    </>
  );
}
