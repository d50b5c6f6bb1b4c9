import { Link, redirect } from "react-router";
import type { Route } from "./+types/aportacions";
import { ContributionCard } from "~/components/site/contribution-dialog";
import { categories, categoryLabels } from "~/domain/themes";
import { contributionTypes, type ContributionType } from "~/domain/contributions";
import { CONTRIBUTIONS_PER_PAGE, contributionsPage, publicRead } from "~/models/content.server";
import { contributionLabels } from "~/lib/contributions";
import { paths } from "~/lib/routes";
import { publicFigures } from "~/models/statistics.server";
import { cn } from "~/lib/utils";
import { EmptyState } from "~/components/empty-state";

const FILTERS: { value: ContributionType | null; label: string }[] = [
  { value: null, label: "Totes" },
  { value: "reflection", label: "Reflexions" },
  { value: "map_comment", label: "Comentaris al mapa" },
  { value: "testimonial", label: "Testimonis d'àudio" },
];

function parseType(value: string | null): ContributionType | null {
  return (contributionTypes as readonly string[]).includes(value ?? "") ? (value as ContributionType) : null;
}

/** What an empty list asks the visitor to do: give the first contribution of its type. */
const EMPTY_ACTIONS: Record<ContributionType | "all", { to: string; label: string }> = {
  all: { to: paths.participa, label: "Digues la teva" },
  reflection: { to: paths.reflection, label: "Escriu una reflexió" },
  map_comment: { to: paths.map, label: "Comenta el mapa" },
  testimonial: { to: paths.testimonial, label: "Grava un testimoni" },
};

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
  const [{ items, total }, figures] = await Promise.all([
    page ? contributionsPage(context.db, type, page) : { items: [], total: 0 },
    publicRead("participation figures", () => publicFigures(context.db), null),
  ]);
  // A page number that is not one, or past the last page: the first page.
  if (page === 0 || (page > 1 && items.length === 0)) throw redirect(type ? `${paths.aportacions}?tipus=${type}` : paths.aportacions);
  return { type, items, total, page, pages: Math.max(1, Math.ceil(total / CONTRIBUTIONS_PER_PAGE)), figures };
}

export const countText = (n: number, type: ContributionType | null) => {
  const what = n === 1 ? "aportació" : "aportacions";
  const of = type ? ` (${contributionLabels[type]})` : "";
  return `${n} ${what}${of}`;
};

export default function Aportacions({ loaderData }: Route.ComponentProps) {
  const { type, items, total, page, pages, figures } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-title font-extrabold text-brand-dark">Totes les Aportacions</h1>
      {figures && <Figures figures={figures} />}
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
        <EmptyState className="mt-6" action={EMPTY_ACTIONS[type ?? "all"]}>
          Encara no hi ha aportacions d'aquest tipus.
        </EmptyState>
      ) : (
        // Each card as tall as its text: a short one leaves no empty box (issue 18).
        <ul className="mt-6 grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            // The address a new contribution's success panel links to (#aportacio-…), marked when reached.
            <li
              key={`${item.type}-${item.id}`}
              id={`aportacio-${item.id}`}
              className="scroll-mt-24 rounded-card target:ring-4 target:ring-brand/60"
            >
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

const FIGURE_LABELS: Record<ContributionType, [one: string, many: string]> = {
  reflection: ["reflexió", "reflexions"],
  map_comment: ["comentari al mapa", "comentaris al mapa"],
  testimonial: ["testimoni d'àudio", "testimonis d'àudio"],
};

/** 'La participació en xifres': the published contributions, by type and by theme (decision 037). */
function Figures({ figures }: { figures: NonNullable<Route.ComponentProps["loaderData"]["figures"]> }) {
  const n = (x: number) => x.toLocaleString("ca-ES");
  return (
    <section aria-labelledby="xifres" className="mt-8 rounded-2xl bg-brand-soft p-6">
      <h2 id="xifres" className="text-xl font-extrabold text-brand-dark">
        La participació en xifres
      </h2>
      <p className="mt-1">
        {n(figures.total)} {figures.total === 1 ? "aportació publicada" : "aportacions publicades"}
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {contributionTypes.map((t) => (
          <div key={t} className="rounded-lg bg-white p-4">
            <dt className="text-sm font-semibold">{FIGURE_LABELS[t][1][0]!.toUpperCase() + FIGURE_LABELS[t][1].slice(1)}</dt>
            <dd className="text-2xl font-extrabold">{n(figures.byType[t])}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-bold">Testimonis per àmbit</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {categories.map((c) => (
          <div key={c} className="rounded-lg bg-white p-3">
            <dt className="text-sm font-semibold">{categoryLabels[c]}</dt>
            <dd className="text-xl font-extrabold">{n(figures.byTheme[c])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
