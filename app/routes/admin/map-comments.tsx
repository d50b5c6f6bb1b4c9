import { Link } from "react-router";
import type { Route } from "./+types/map-comments";
import { EmptyState, PageTitle } from "~/components/admin/admin-ui";
import { ModerationBadge } from "~/components/admin/moderation-badge";
import { ExportLinks, ListControls, ListStatus, Pager, type ListFilter } from "~/components/admin/list-controls";
import { AdminCommentsMap, moderationHref } from "~/components/map/admin-comments-map";
import { Badge } from "~/components/ui/badge";
import { moderationStatuses } from "~/domain/contributions";
import { MAP_CATEGORIES, MUNICIPALITY_NAMES } from "~/domain/map";
import { MAP_CATEGORY_LABELS, PIN_STATUS_LABELS } from "~/domain/map-labels";
import { formatShortDate } from "~/lib/dates";
import { formatNumber } from "~/i18n/locales";

export { loader } from "./map-comments.server";

/** The list's own filters (mapCommentList.filters on the server): they filter the map too. */
const FILTERS: ListFilter[] = [
  { name: "estat", label: "Estat", options: moderationStatuses.map((s) => [s, PIN_STATUS_LABELS[s]] as const) },
  { name: "categoria", label: "Categoria", options: MAP_CATEGORIES.map((c) => [c, MAP_CATEGORY_LABELS[c]] as const) },
  { name: "municipi", label: "Municipi", options: MUNICIPALITY_NAMES.map((m) => [m, m] as const) },
];

export default function AdminMapComments({ loaderData }: Route.ComponentProps) {
  const { list, map } = loaderData;
  return (
    <>
      <PageTitle title="Comentaris del Mapa">
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant="soft">{formatNumber(list.total)} comentaris</Badge>
          <ExportLinks name="map-comments" what="els comentaris del mapa" />
        </div>
      </PageTitle>
      <ListControls
        id="map-comments"
        query={list.query}
        searchLabel="Cerca (comentari o correu)"
        sorts={[["data", "Data"]]}
        filters={FILTERS}
      />
      {list.total > 0 && <AdminCommentsMap view={map} pins={map.pins} more={map.more} matching={list.matching} />}
      <ListStatus list={list} noun="comentaris" />
      {list.total === 0 ? (
        <EmptyState>No hi ha comentaris del mapa encara.</EmptyState>
      ) : list.rows.length === 0 ? (
        <EmptyState>Cap comentari coincideix amb la cerca.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.rows.map((c) => (
            <li key={c.id} className="rounded-lg bg-white p-5 shadow-sm">
              <div className="flex flex-wrap gap-x-4 text-sm text-ink/80">
                <span>{formatShortDate(c.createdAt)}</span>
                {c.category && <span>{MAP_CATEGORY_LABELS[c.category]}</span>}
                {c.municipality && <span>{c.municipality}</span>}
                {!c.located && <span>Sense lloc al mapa</span>}
                {c.email && <span>{c.email}</span>}
                <ModerationBadge status={c.status} />
              </div>
              <p className="mt-2 whitespace-pre-line">{c.comment}</p>
              <Link to={moderationHref(c)} className="mt-2 inline-block text-sm font-semibold underline underline-offset-2">
                Modera aquest comentari
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} label="Pàgines de comentaris" />
    </>
  );
}
