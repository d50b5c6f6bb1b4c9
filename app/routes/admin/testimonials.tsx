import { Check, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/testimonials";
import { AdminTable, PageTitle, useRowAction } from "~/components/admin/admin-ui";
import { ConfirmRowAction } from "~/components/admin/confirm-delete";
import { ExportLinks, ListControls, ListStatus, Pager } from "~/components/admin/list-controls";
import { Button } from "~/components/ui/button";
import type { Testimonial } from "~/db/schema";
import { categoryLabels } from "~/domain/themes";
import { withParams } from "~/lib/admin-list";
import { formatShortDate } from "~/lib/dates";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

export { loader, action } from "./testimonials.server";

const STATUSES = [
  ["pending", "Pendents"],
  ["approved", "Aprovats"],
  ["rejected", "Rebutjats"],
] as const;

export default function AdminTestimonials({ loaderData }: Route.ComponentProps) {
  const { list, counts } = loaderData;
  const { search } = useLocation();
  const status = list.query.filters.status ?? null;
  const all = counts.pending + counts.approved + counts.rejected;
  const tabs = [[null, "Tots", all] as const, ...STATUSES.map(([value, label]) => [value, label, counts[value]] as const)];
  return (
    <>
      <PageTitle title="Testimonis">
        <ExportLinks name="testimonials" what="els testimonis" formats={["csv", "xlsx", "zip"]} />
      </PageTitle>
      <nav aria-label="Estat dels testimonis" className="mb-4">
        <ul className="inline-flex flex-wrap gap-1 rounded-lg bg-ink/5 p-1">
          {tabs.map(([value, label, n]) => (
            <li key={label}>
              <Link
                to={withParams(search, { status: value })}
                aria-current={value === status ? "page" : undefined}
                className={cn(
                  "inline-flex rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
                  value === status ? "bg-white shadow-sm" : "text-ink/80 hover:bg-white/60",
                )}
              >
                {label} ({n})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListControls
        id="testimonials"
        query={list.query}
        searchLabel="Cerca pel missatge"
        sorts={[
          ["date", "Data"],
          ["title", "Missatge"],
        ]}
        themes
        filters={[{ name: "status", label: "Estat", options: STATUSES, hidden: true }]}
      />
      <ListStatus list={list} noun="testimonis" />
      <TestimonialTable label={tabs.find(([value]) => value === status)![1]} rows={list.rows} />
      <Pager list={list} label="Pàgines de testimonis" />
    </>
  );
}

function TestimonialTable({
  label,
  rows,
}: {
  label: string;
  rows: (Pick<Testimonial, "id" | "title" | "category" | "status"> & { submittedAt: Date | string; audioUrl: string })[];
}) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-center">No hi ha testimonis en aquesta llista.</p>;
  return (
    <AdminTable caption={`Testimonis: ${label}`} columns={["Missatge", "Àmbit", "Data", "Àudio", "Accions"]}>
      {rows.map((t) => (
        <tr key={t.id} className="border-b border-ink/5">
          <td data-label="Missatge" className="p-3 font-semibold md:font-normal">
            {t.title}
          </td>
          <td data-label="Àmbit" className="p-3">
            {categoryLabels[t.category]}
          </td>
          <td data-label="Data" className="p-3">
            {formatShortDate(t.submittedAt)}
          </td>
          <td data-label="Àudio" className="p-3">
            <audio
              controls
              preload="none"
              src={t.audioUrl}
              aria-label={`Àudio: ${t.title}`}
              className="h-10 w-full max-w-xs"
              onError={() => toast.error("No s'ha pogut reproduir l'àudio.")}
            >
              El teu navegador no suporta la reproducció d'àudio.
            </audio>
          </td>
          <td className="p-3">
            <Moderate id={t.id} status={t.status} title={t.title} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

function Moderate({ id, status, title }: { id: string; status: Testimonial["status"]; title: string }) {
  const fetcher = useRowAction();
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap gap-2">
      {status !== "approved" && (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={id} />
          <Button
            type="submit"
            name="status"
            value="approved"
            size="sm"

            disabled={busy}
            aria-label={`Aprova: ${title}`}
          >
            <Check aria-hidden="true" /> Aprova
          </Button>
        </fetcher.Form>
      )}
      {/* Rejecting hides a voice from the public page: confirmed first, like a delete. */}
      {status !== "rejected" && (
        <ConfirmRowAction
          fields={{ id, status: "rejected" }}
          verb="Rebutja"
          label={`Rebutja: ${title}`}
          title="Rebutjar testimoni"
          question={`El testimoni «${title}» deixarà de ser públic. El podràs tornar a aprovar des de la pestanya Rebutjats.`}
          icon={X}
        />
      )}
    </div>
  );
}
