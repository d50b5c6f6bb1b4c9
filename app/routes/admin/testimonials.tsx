import { Check, X } from "lucide-react";
import type { Route } from "./+types/testimonials";
import { TableHead, useRowAction } from "~/components/admin/admin-ui";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { Testimonial } from "~/db/schema";
import { categoryLabels } from "~/domain/themes";
import { formatShortDate } from "~/lib/dates";
import { toast } from "~/lib/toast";

export { loader, action } from "./testimonials.server";

const TABS = [
  ["pending", "Pendents"],
  ["approved", "Aprovats"],
  ["rejected", "Rebutjats"],
] as const;

export default function AdminTestimonials({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-extrabold">Testimonis</h1>
      <Tabs defaultValue="pending" className="mt-6">
        <TabsList>
          {TABS.map(([status, label]) => (
            <TabsTrigger key={status} value={status}>
              {label} ({loaderData.testimonials.filter((t) => t.status === status).length})
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(([status, label]) => (
          <TabsContent key={status} value={status}>
            <TestimonialTable label={label} rows={loaderData.testimonials.filter((t) => t.status === status)} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

function TestimonialTable({
  label,
  rows,
}: {
  label: string;
  rows: (Omit<Testimonial, "submittedAt" | "reviewedAt" | "createdAt"> & { submittedAt: Date | string; audioUrl: string })[];
}) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-center">No hi ha testimonis en aquesta llista.</p>;
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Testimonis: {label}</caption>
        <TableHead columns={["Missatge", "Àmbit", "Data", "Àudio", "Accions"]} />
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} className="border-b border-ink/5">
              <td className="p-3">{t.title}</td>
              <td className="p-3">{categoryLabels[t.category]}</td>
              <td className="p-3">{formatShortDate(t.submittedAt)}</td>
              <td className="p-3">
                <audio
                  controls
                  preload="none"
                  src={t.audioUrl}
                  aria-label={`Àudio: ${t.title}`}
                  className="h-10"
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
        </tbody>
      </table>
    </div>
  );
}

function Moderate({ id, status, title }: { id: string; status: Testimonial["status"]; title: string }) {
  const fetcher = useRowAction();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex gap-2">
      <input type="hidden" name="id" value={id} />
      {status !== "approved" && (
        <Button type="submit" name="status" value="approved" size="sm" disabled={busy} aria-label={`Aprova: ${title}`}>
          <Check aria-hidden="true" /> Aprova
        </Button>
      )}
      {status !== "rejected" && (
        <Button
          type="submit"
          name="status"
          value="rejected"
          size="sm"
          variant="destructive"
          disabled={busy}
          aria-label={`Rebutja: ${title}`}
        >
          <X aria-hidden="true" /> Rebutja
        </Button>
      )}
    </fetcher.Form>
  );
}
