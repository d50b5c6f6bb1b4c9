import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { EmptyState, PageTitle, TableHead } from "~/components/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { auditActionLabel, auditEntityLabel } from "~/lib/audit-labels";
import { formatDateTime } from "~/lib/dates";
import { paths } from "~/lib/routes";

export { loader } from "./audit.server";

/** The changed fields of an entry, one "field: before → after" line each. */
function changes(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === undefined ? "—" : v === null ? "(buit)" : String(v).slice(0, 120));
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((k) =>
    k in b && k in a ? `${k}: ${show(b[k])} → ${show(a[k])}` : k in a ? `${k}: ${show(a[k])}` : `${k}: ${show(b[k])} (abans)`,
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter, facets, page, pages, total, rows } = loaderData;
  const query = new URLSearchParams(
    Object.entries({
      compte: filter.actor,
      entitat: filter.entity,
      accio: filter.action,
      "des-de": filter.from,
      "fins-a": filter.to,
    }).filter((e): e is [string, string] => Boolean(e[1])),
  );
  const pageLink = (n: number) => `?${new URLSearchParams([...query, ["pagina", String(n)]])}`;
  return (
    <>
      <PageTitle title="Registre d'activitat">
        <div className="flex items-center gap-3">
          <Badge variant="soft">{total} entrades</Badge>
          <Button asChild variant="outline" size="sm">
            <a href={`${paths.adminAuditCsv}${query.size ? `?${query}` : ""}`} download>
              Exporta CSV
            </a>
          </Button>
        </div>
      </PageTitle>
      <Form
        method="get"
        role="search"
        aria-label="Filtra el registre"
        className="mb-4 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="flex flex-col gap-2 lg:col-span-2">
          <Label htmlFor="audit-actor">Compte</Label>
          <Input id="audit-actor" name="compte" type="search" defaultValue={filter.actor ?? ""} autoComplete="off" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-entity">Entitat</Label>
          <Select
            id="audit-entity"
            name="entitat"
            defaultValue={filter.entity ?? ""}
            none="Totes"
            options={facets.entities.map((e) => [e, auditEntityLabel(e)] as const)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-action">Acció</Label>
          <Select
            id="audit-action"
            name="accio"
            defaultValue={filter.action ?? ""}
            none="Totes"
            options={facets.actions.map((a) => [a, auditActionLabel(a)] as const)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-from">Des de</Label>
          <Input id="audit-from" name="des-de" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-to">Fins a</Label>
          <Input id="audit-to" name="fins-a" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="flex gap-2 lg:col-span-6">
          <Button type="submit">Filtra</Button>
          {query.size > 0 && (
            <Button asChild variant="outline">
              <Link to={paths.adminAudit}>Treu els filtres</Link>
            </Button>
          )}
        </div>
      </Form>
      {rows.length === 0 ? (
        <EmptyState>
          {total === 0 && query.size === 0 ? "Encara no hi ha cap entrada." : "Cap entrada coincideix amb els filtres."}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Registre d'activitat del backoffice</caption>
            <TableHead columns={["Data", "Compte", "Entitat", "Acció", "Canvis", "Client"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-ink/5 align-top">
                  <td className="p-3 whitespace-nowrap">{formatDateTime(r.at)}</td>
                  <td className="p-3 break-all">{r.actorEmail ?? "—"}</td>
                  <td className="p-3">
                    {auditEntityLabel(r.entity)}
                    {r.entityId && <span className="block font-mono text-xs text-ink/70">{r.entityId.slice(0, 8)}</span>}
                  </td>
                  <td className="p-3">{auditActionLabel(r.action)}</td>
                  <td className="p-3">
                    <ul className="max-w-md break-words">
                      {changes(r.before, r.after).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="p-3 text-xs">
                    {r.ip ?? "—"}
                    {r.userAgent && <span className="block max-w-48 truncate text-ink/70">{r.userAgent}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pàgines del registre" className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 && (
            <Button asChild variant="outline" size="sm">
              <Link to={pageLink(page - 1)}>Anterior</Link>
            </Button>
          )}
          <span>
            Pàgina {page} de {pages}
          </span>
          {page < pages && (
            <Button asChild variant="outline" size="sm">
              <Link to={pageLink(page + 1)}>Següent</Link>
            </Button>
          )}
        </nav>
      )}
    </>
  );
}
