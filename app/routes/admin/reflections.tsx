import type { Route } from "./+types/reflections";
import { EmptyState, PageTitle } from "~/components/admin/admin-ui";
import { ModerationBadge } from "~/components/admin/moderation-badge";
import { ExportLinks, ListControls, ListStatus, Pager } from "~/components/admin/list-controls";
import { Badge } from "~/components/ui/badge";
import { formatNumber } from "~/i18n/locales";
import { formatDateTime } from "~/lib/dates";
import { MUNICIPALITY_NAMES } from "~/domain/map";

export { loader } from "./reflections.server";

export default function AdminReflections({ loaderData }: Route.ComponentProps) {
  const { list, withName, withEmail } = loaderData;
  const counters = [
    ["Total", list.total],
    ["Amb nom", withName],
    ["Amb correu", withEmail],
  ] as const;
  return (
    <>
      <PageTitle title="Reflexions">
        <ExportLinks name="reflections" what="les reflexions" />
      </PageTitle>
      <dl className="mb-4 grid grid-cols-3 gap-2 sm:mb-6 sm:gap-4">
        {counters.map(([label, n]) => (
          <div key={label} className="rounded-lg bg-white p-3 shadow-sm sm:p-4">
            <dt className="text-sm font-semibold text-ink/80">{label}</dt>
            <dd className="text-2xl font-extrabold">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      <ListControls
        id="reflections"
        query={list.query}
        searchLabel="Cerca (text, nom o correu)"
        filters={[{ name: "municipi", label: "Municipi", options: MUNICIPALITY_NAMES.map((m) => [m, m] as const) }]}
        sorts={[
          ["data", "Data"],
          ["nom", "Nom"],
        ]}
      />
      <ListStatus list={list} noun="reflexions" />
      {list.total === 0 ? (
        <EmptyState>Encara no hi ha reflexions.</EmptyState>
      ) : list.rows.length === 0 ? (
        <EmptyState>Cap reflexió coincideix amb la cerca.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.rows.map((r) => (
            <li key={r.id} className="rounded-lg bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink/80">
                <time dateTime={new Date(r.createdAt).toISOString()}>{formatDateTime(new Date(r.createdAt))}</time>
                {r.name && <span className="font-semibold text-ink">{r.name}</span>}
                {r.email && <span>{r.email}</span>}
                {r.municipality && <Badge variant="outline">{r.municipality}</Badge>}
                {r.privacyAccepted && <Badge variant="success">Accepta newsletter</Badge>}
                <ModerationBadge status={r.status} />
              </div>
              <p className="mt-2 whitespace-pre-line">{r.reflection}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} label="Pàgines de reflexions" />
    </>
  );
}
