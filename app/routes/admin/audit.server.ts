import { redirect } from "react-router";
import type { Route } from "./+types/audit";
import { AUDIT_PAGE_SIZE, auditFacets, listAudit, type AuditFilter } from "~/models/audit.server";
import { requireAdmin } from "~/infra/session.server";
import { parseDay } from "~/lib/admin-list";

// The audit log screen (decision 032): read only, filtered and paged on the server.

/** The filters of a query string; anything malformed is left out. */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const text = (name: string, max = 100) => {
    const v = params.get(name)?.trim();
    return v && v.length <= max ? v : undefined;
  };
  // The lists' own reading of a day: one that exists, in a sensible range (issue 29).
  const day = (name: string) => parseDay(params.get(name)) ?? undefined;
  return { actor: text("compte", 254), entity: text("entitat"), action: text("accio"), from: day("des-de"), to: day("fins-a") };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const filter = auditFilterOf(url.searchParams);
  const rawPage = url.searchParams.get("pagina");
  const page = rawPage && /^[1-9]\d{0,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const [{ rows, total }, facets] = await Promise.all([listAudit(context.db, filter, page), auditFacets(context.db)]);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  if (page > pages) {
    url.searchParams.delete("pagina");
    throw redirect(url.pathname + url.search);
  }
  return {
    filter,
    facets,
    page,
    pages,
    total,
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
