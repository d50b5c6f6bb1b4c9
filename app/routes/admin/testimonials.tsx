import { desc } from "drizzle-orm";
import type { Route } from "./+types/testimonials";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { testimonials, type Testimonial } from "~/db/schema";
import { formatShortDate } from "~/lib/dates";
import { categoryLabels } from "~/lib/routes";
import { requireAdmin } from "~/lib/session.server";
import { mediaUrl } from "~/lib/storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(testimonials).orderBy(desc(testimonials.submittedAt));
  return { testimonials: rows.map((t) => ({ ...t, audioUrl: mediaUrl(t.audioKey) })) };
}

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
        <thead>
          <tr className="border-b border-ink/10">
            <th scope="col" className="p-3">
              Missatge
            </th>
            <th scope="col" className="p-3">
              Àmbit
            </th>
            <th scope="col" className="p-3">
              Data
            </th>
            <th scope="col" className="p-3">
              Àudio
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} className="border-b border-ink/5">
              <td className="p-3">{t.title}</td>
              <td className="p-3">{categoryLabels[t.category]}</td>
              <td className="p-3">{formatShortDate(t.submittedAt)}</td>
              <td className="p-3">
                <audio controls preload="none" src={t.audioUrl} aria-label={`Àudio: ${t.title}`} className="h-10">
                  El teu navegador no suporta la reproducció d'àudio.
                </audio>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
