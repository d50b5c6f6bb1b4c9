import { Link } from "react-router";
import type { Route } from "./+types/aportacions";
import { ContributionCard } from "~/components/site/contribution-dialog";
import { allContributions, contributionTypes, type ContributionType } from "~/lib/content.server";
import { contributionLabels } from "~/lib/contributions";
import { cn } from "~/lib/utils";

const FILTERS: { value: ContributionType | null; label: string }[] = [
  { value: null, label: "Totes" },
  { value: "reflection", label: "Reflexions" },
  { value: "map_comment", label: "Comentaris al mapa" },
  { value: "testimonial", label: "Testimonis d'àudio" },
];

function parseType(value: string | null): ContributionType | null {
  return (contributionTypes as readonly string[]).includes(value ?? "") ? (value as ContributionType) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const type = parseType(new URL(request.url).searchParams.get("tipus"));
  return { type, items: await allContributions(context.db, type) };
}

export const countText = (n: number, type: ContributionType | null) => {
  const what = n === 1 ? "aportació" : "aportacions";
  const of = type ? ` (${contributionLabels[type]})` : "";
  return `${n} ${what}${of}`;
};

export default function Aportacions({ loaderData }: Route.ComponentProps) {
  const { type, items } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Totes les Aportacions</h1>
      <nav aria-label="Filtra per tipus" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => {
            const active = f.value === type;
            return (
              <li key={f.label}>
                <Link
                  to={f.value ? `?tipus=${f.value}` : "."}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-flex rounded-full border px-4 py-2 text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
                    active ? "border-brand bg-brand text-white" : "border-ink/20 hover:bg-brand-soft",
                  )}
                >
                  {f.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mt-4 font-semibold" role="status">
        {countText(items.length, type)}
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-lg bg-brand-soft p-6 text-center">Encara no hi ha aportacions d'aquest tipus.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={`${item.type}-${item.id}`}>
              <ContributionCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
