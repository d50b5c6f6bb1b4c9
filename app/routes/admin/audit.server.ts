import type { Route } from "./+types/audit";
import { AUDIT_PAGE_SIZE, auditFacets, listAudit, type AuditFilter } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";
import { clampPage, type ListQuery } from "~/lib/admin-list";
import { AUDIT_SHAPE } from "~/lib/audit-labels";
import { readListQuery } from "~/models/admin-list.server";

// The audit log screen (decision 032): read only, filtered and paged on the server, in the one
// query dialect of every list (AUDIT_SHAPE, decision 056).

/** The log's filters, from its list query (AUDIT_SHAPE). */
export const auditFilterOf = ({ filters, from, to }: ListQuery): AuditFilter => ({
  actor: filters.compte,
  entity: filters.entitat,
  action: filters.accio,
  from: from ?? undefined,
  to: to ?? undefined,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), AUDIT_SHAPE);
  const filter = auditFilterOf(query);
  const [first, facets] = await Promise.all([listAudit(context.db, filter, query.page), auditFacets(context.db)]);
  // A page past the end shows the last one, as every list does.
  const { page, pages } = clampPage(query.page, first.total, AUDIT_PAGE_SIZE);
  const { rows, total } = page === query.page ? first : await listAudit(context.db, filter, page);
  return {
    query: { ...query, page },
    facets,
    page,
    pages,
    total,
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
