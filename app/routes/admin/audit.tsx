import { adminPaths } from "~/lib/admin-paths";
import type { Route } from "./+types/audit";
import { EmptyState, PageTitle, TableHead } from "~/components/admin/admin-ui";
import { ListControls, Pager } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { listSearch } from "~/lib/admin-list";
import { AUDIT_SHAPE, auditActionLabel, auditEntityLabel } from "~/lib/audit-labels";
import { formatDateTime } from "~/lib/dates";

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
  const { query, facets, page, pages, total, rows } = loaderData;
  const exportSearch = listSearch(query, AUDIT_SHAPE, { page: false });
  const filtered = exportSearch.size > 0;
  return (
    <>
      <PageTitle title="Registre d'activitat">
        <div className="flex items-center gap-3">
          <Badge variant="soft">{total} entrades</Badge>
          <Button asChild variant="outline" size="sm">
            <a href={`${adminPaths.adminAuditCsv}${filtered ? `?${exportSearch}` : ""}`} download>
              Exporta CSV
            </a>
          </Button>
        </div>
      </PageTitle>
      <ListControls
        id="audit"
        query={query}
        filters={[
          { name: "compte", label: "Compte", kind: "text" },
          { name: "entitat", label: "Entitat", options: facets.entities.map((e) => [e, auditEntityLabel(e)] as const) },
          { name: "accio", label: "Acció", options: facets.actions.map((a) => [a, auditActionLabel(a)] as const) },
        ]}
      />
      {rows.length === 0 ? (
        <EmptyState>{total === 0 && !filtered ? "Encara no hi ha cap entrada." : "Cap entrada coincideix amb els filtres."}</EmptyState>
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
      <Pager list={{ page, pages }} label="Pàgines del registre" />
    </>
  );
}
