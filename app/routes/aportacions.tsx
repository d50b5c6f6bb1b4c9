import { Link, redirect } from "react-router";
import type { Route } from "./+types/aportacions";
import { ContributionCard } from "~/components/site/contribution-dialog";
import { CONTRIBUTIONS_PER_PAGE, contributionsPage, contributionTypes, type ContributionType } from "~/lib/content.server";
import { contributionLabels } from "~/lib/contributions";
import { paths } from "~/lib/routes";
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

/** The address of a page of the list: the type filter and the page number, when not the first. */
export function listUrl(type: ContributionType | null, page = 1) {
  const query = new URLSearchParams();
  if (type) query.set("tipus", type);
  if (page > 1) query.set("pagina", String(page));
  return query.size ? `?${query}` : ".";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const type = parseType(params.get("tipus"));
  const pageParam = params.get("pagina");
  const page = pageParam === null ? 1 : /^[1-9]\d{0,4}$/.test(pageParam) ? Number(pageParam) : 0;
  const { items, total } = page ? await contributionsPage(context.db, type, page) : { items: [], total: 0 };
  // A page number that is not one, or past the last page: the first page.
  if (page === 0 || (page > 1 && items.length === 0)) throw redirect(type ? `${paths.aportacions}?tipus=${type}` : paths.aportacions);
  return { type, items, total, page, pages: Math.max(1, Math.ceil(total / CONTRIBUTIONS_PER_PAGE)) };
}

export const countText = (n: number, type: ContributionType | null) => {
  const what = n === 1 ? "aportació" : "aportacions";
  const of = type ? ` (${contributionLabels[type]})` : "";
  return `${n} ${what}${of}`;
};

export default function Aportacions({ loaderData }: Route.ComponentProps) {
  const { type, items, total, page, pages } = loaderData;
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
                  to={listUrl(f.value)}
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
        {countText(total, type)}
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
      {pages > 1 && (
        <nav aria-label="Pàgines d'aportacions" className="mt-8 flex flex-wrap items-center justify-center gap-4">
          {page > 1 && (
            <Link to={listUrl(type, page - 1)} className={pageLink}>
              Pàgina anterior
            </Link>
          )}
          <span aria-current="page" className="font-semibold">
            Pàgina {page} de {pages}
          </span>
          {page < pages && (
            <Link to={listUrl(type, page + 1)} className={pageLink}>
              Pàgina següent
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

const pageLink =
  "inline-flex min-h-11 items-center rounded-full border border-ink/20 px-4 py-2 text-sm font-semibold hover:bg-brand-soft focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none";
