import { useState } from "react";
import type { Route } from "./+types/reflections";
import { EmptyState, PageTitle } from "~/components/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export { loader } from "./reflections.server";

type Row = Route.ComponentProps["loaderData"]["reflections"][number];

/** The spec's search: case-insensitive over the text, the name and the e-mail. */
export function filterReflections<T extends Pick<Row, "reflection" | "name" | "email">>(rows: T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase("ca");
  if (!q) return rows;
  return rows.filter((r) => [r.reflection, r.name, r.email].some((v) => v?.toLocaleLowerCase("ca").includes(q)));
}

const dateTime = new Intl.DateTimeFormat("ca-ES", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Madrid" });

export default function AdminReflections({ loaderData }: Route.ComponentProps) {
  const [query, setQuery] = useState("");
  const all = loaderData.reflections;
  const shown = filterReflections(all, query);
  const counters = [
    ["Total", all.length],
    ["Amb nom", all.filter((r) => r.name).length],
    ["Amb correu", all.filter((r) => r.email).length],
  ] as const;
  return (
    <>
      <PageTitle title="Reflexions" />
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        {counters.map(([label, n]) => (
          <div key={label} className="rounded-lg bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-ink/80">{label}</dt>
            <dd className="text-2xl font-extrabold">{n}</dd>
          </div>
        ))}
      </dl>
      <div className="mb-4 flex flex-col gap-2">
        <Label htmlFor="reflection-search">Cerca</Label>
        <Input
          id="reflection-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Text, nom o correu"
        />
      </div>
      <p className="mb-4 text-sm" role="status">
        Mostrant {shown.length} de {all.length} reflexions
      </p>
      {all.length === 0 ? (
        <EmptyState>Encara no hi ha reflexions.</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>Cap reflexió coincideix amb la cerca.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {shown.map((r) => (
            <li key={r.id} className="rounded-lg bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink/80">
                <time dateTime={new Date(r.createdAt).toISOString()}>{dateTime.format(new Date(r.createdAt))}</time>
                {r.name && <span className="font-semibold text-ink">{r.name}</span>}
                {r.email && <span>{r.email}</span>}
                {r.privacyAccepted && <Badge variant="success">Accepta newsletter</Badge>}
              </div>
              <p className="mt-2 whitespace-pre-line">{r.reflection}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
