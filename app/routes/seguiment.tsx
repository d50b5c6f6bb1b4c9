import { Link } from "react-router";
import type { Route } from "./+types/seguiment";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { EmptyState } from "~/components/empty-state";
import { TrackerMap } from "~/components/map/tracker-map";
import { PageLinks } from "~/components/site/page-links";
import { categories, categoryKey, type Category } from "~/domain/themes";
import { formatNumber, localeOf, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { localePaths, TRACKER_MAP_DATA } from "~/lib/routes";
import { publicRead } from "~/models/content.server";
import { readMapBaseSettings } from "~/models/map.server";
import { tracker, trackerFiltersOf, type PublicResult, type Tracker, type TrackerFilters } from "~/models/results.server";
import { formatLongDate } from "~/lib/dates";
import { FollowForm } from "~/components/follow-form";
import { followFromForm } from "~/models/result-follows.server";

// "Seguiment del pla" (issue 35, decision 067): what the plan builds. The figures (km in each state,
// the share done) are tables; the results are a list of links that works without JavaScript; the
// filters are links (municipality, theme, state); the map, drawn in the browser from this page's
// own chunk, shows the same results' segments in their state's colour.

const EMPTY: Tracker = {
  results: [],
  figures: { byState: [], totalKm: 0, doneKm: 0, doneShare: 0 },
  states: [],
  municipalities: [],
  categories: [],
  map: { layers: [], colours: {} },
};

/** Results a page of the list shows. */
export const RESULTS_PER_PAGE = 24;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeOf(url.pathname);
  const filters = trackerFiltersOf(url);
  const [data, tiles] = await Promise.all([
    publicRead("plan tracker", () => tracker(context.db, locale, filters), EMPTY),
    publicRead("map base", () => readMapBaseSettings(context.db), { tileUrl: null, tileAttribution: null, mapKind: "native" as const }),
  ]);
  // The list in pages (the map and the figures cover every result that passes the filters): a
  // page number that is not one, or past the last, is the first page.
  const pages = Math.max(1, Math.ceil(data.results.length / RESULTS_PER_PAGE));
  const asked = Number(url.searchParams.get("pagina") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pages ? asked : 1;
  const { map, ...rest } = data;
  return {
    ...rest,
    // The map's segments are its own request (TRACKER_MAP_DATA), made when the map comes into view.
    mapData: map.layers.length > 0 ? filtered(TRACKER_MAP_DATA, filters) : null,
    total: data.results.length,
    page,
    pages,
    // What the list shows of each result: its description and its segments are the detail page's.
    results: data.results
      .slice((page - 1) * RESULTS_PER_PAGE, page * RESULTS_PER_PAGE)
      .map(({ description: _, segmentRefs: __, ...r }) => r),
    filters,
    tiles: { tileUrl: tiles.tileUrl, tileAttribution: tiles.tileAttribution },
  };
}

/** Following every result of one municipality by e-mail (decision 069): the form is shown while
 * the list is filtered by it. */
export async function action({ request, context }: Route.ActionArgs) {
  return followFromForm(request, context, (fields) => ({ municipality: (fields.municipality ?? "").slice(0, 100) }));
}

type Filters = TrackerFilters;

/** The tracker's address with these filters. */
function filtered(base: string, f: Filters, page = 1): string {
  const q = new URLSearchParams();
  if (f.municipality) q.set("municipi", f.municipality);
  if (f.category) q.set("ambit", f.category);
  if (f.state) q.set("estat", f.state);
  if (page > 1) q.set("pagina", String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

const km = (n: number, locale: Locale) =>
  formatNumber(n, locale, { maximumFractionDigits: 1, minimumFractionDigits: n > 0 && n < 10 ? 1 : 0 });

/** One filter as a list of links, the current one marked (aria-current) and not a link. */
function FilterLinks({
  id,
  title,
  options,
  current,
  to,
}: {
  id: string;
  title: string;
  options: { value: string | null; label: string }[];
  current: string | null;
  to: (value: string | null) => string;
}) {
  const t = useT();
  return (
    <div>
      <h3 id={id} className="text-sm font-bold">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => {
          const on = o.value === current;
          return (
            <li key={o.value ?? "all"}>
              <Link
                to={to(o.value)}
                aria-current={on ? "page" : undefined}
                preventScrollReset
                className={`inline-block rounded-full border px-3 py-1 text-sm ${
                  on ? "border-brand-dark bg-brand-dark text-white" : "border-ink/30 bg-white text-ink hover:border-brand-dark"
                }`}
              >
                {o.label}
                {on && <span className="sr-only"> {t("public.tracker.filter.current")}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ResultFacts({ result }: { result: Omit<PublicResult, "description" | "segmentRefs"> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink/80">
      <li>{t("public.tracker.progress", { n: result.progress })}</li>
      {result.km > 0 && <li>{t("public.tracker.km", { km: km(result.km, locale) })}</li>}
      {result.municipalities.length > 0 && <li lang="ca">{result.municipalities.join(", ")}</li>}
      {result.category && <li>{t("public.tracker.theme", { theme: t(categoryKey(result.category)) })}</li>}
      {result.plannedDate && <li>{t("public.tracker.planned", { date: formatLongDate(result.plannedDate, locale) })}</li>}
      {result.realDate && <li>{t("public.tracker.real", { date: formatLongDate(result.realDate, locale) })}</li>}
      {result.budget !== null && (
        <li>
          {t("public.tracker.budget", {
            amount: formatNumber(result.budget, locale, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
          })}
        </li>
      )}
    </ul>
  );
}

/** A result's progress bar: its share as a width, its number in words beside it (ResultFacts). */
export function ProgressBar({ value, colour }: { value: number; colour: string }) {
  return (
    <span aria-hidden="true" className="block h-2 w-full rounded-full bg-ink/10">
      <span className="block h-2 rounded-full" style={{ width: `${value}%`, backgroundColor: colour }} />
    </span>
  );
}

export default function PlanTracker({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const paths = localePaths(locale);
  const { results, total, page, pages, figures, states, municipalities, filters, mapData, tiles } = loaderData;
  const any = figures.byState.some((s) => s.results > 0);
  const to = (change: Partial<Filters>) => filtered(paths.tracker, { ...filters, ...change });
  const all = { value: null, label: t("public.tracker.filter.all") };
  return (
    <article className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.tracker.title")}</h1>
      <p className="mt-6 text-lg">{t("public.tracker.intro")}</p>
      {!any ? (
        <EmptyState className="mt-8" action={{ to: paths.participa, label: t("public.tracker.emptyAction") }}>
          {t("public.tracker.empty")}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="xifres" className="mt-10">
            <h2 id="xifres" className="text-2xl font-bold text-brand-dark">
              {t("public.tracker.figures")}
            </h2>
            <p className="mt-4 text-xl font-bold" data-testid="tracker-share">
              {figures.totalKm > 0
                ? t("public.tracker.share", {
                    share: formatNumber(figures.doneShare, locale, { style: "percent", maximumFractionDigits: 0 }),
                    done: km(figures.doneKm, locale),
                    total: km(figures.totalKm, locale),
                  })
                : t("public.tracker.shareNone")}
            </p>
            <table className="mt-4 w-full border-collapse text-left">
              <thead>
                <tr className="border-b border-ink/20">
                  <th scope="col" className="py-2 pr-4">
                    {t("public.tracker.col.state")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    {t("public.tracker.col.results")}
                  </th>
                  <th scope="col" className="py-2 text-right">
                    {t("public.tracker.col.km")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.byState.map((s) => (
                  <tr key={s.state.id} className="border-b border-ink/10">
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      <AnswerStateBadge label={s.state.label.text} lang={s.state.label.lang} colour={s.state.colour} className="text-sm" />
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(s.results, locale)}</td>
                    <td className="py-2 text-right font-bold tabular-nums">{km(s.km, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <section aria-labelledby="filtres" className="mt-10 flex flex-col gap-4">
            <h2 id="filtres" className="text-2xl font-bold text-brand-dark">
              {t("public.tracker.filters")}
            </h2>
            {municipalities.length > 0 && (
              <FilterLinks
                id="filtre-municipi"
                title={t("public.tracker.filter.municipality")}
                options={[all, ...municipalities.map((m) => ({ value: m, label: m }))]}
                current={filters.municipality}
                to={(v) => to({ municipality: v })}
              />
            )}
            {loaderData.categories.length > 0 && (
              <FilterLinks
                id="filtre-ambit"
                title={t("public.tracker.filter.theme")}
                options={[
                  all,
                  ...categories
                    .filter((c) => loaderData.categories.includes(c))
                    .map((c: Category) => ({ value: c, label: t(categoryKey(c)) })),
                ]}
                current={filters.category}
                to={(v) => to({ category: (v as Category | null) ?? null })}
              />
            )}
            <FilterLinks
              id="filtre-estat"
              title={t("public.tracker.filter.state")}
              options={[all, ...states.map((s) => ({ value: s.id, label: s.label.text }))]}
              current={filters.state}
              to={(v) => to({ state: v })}
            />
          </section>

          {mapData && (
            <section aria-labelledby="mapa" className="mt-10">
              <h2 id="mapa" className="text-2xl font-bold text-brand-dark">
                {t("public.tracker.map")}
              </h2>
              <p className="mt-2 text-sm">{t("public.tracker.mapNote")}</p>
              <div className="mt-4">
                <TrackerMap key={mapData} label={t("public.tracker.mapLabel")} tiles={tiles} source={mapData} />
              </div>
            </section>
          )}

          <section aria-labelledby="actuacions" className="mt-10">
            <h2 id="actuacions" className="text-2xl font-bold text-brand-dark">
              {t("public.tracker.list")}
            </h2>
            <p className="mt-2" aria-live="polite">
              {t("public.tracker.count", { n: total })}
            </p>
            {results.length === 0 ? (
              <p className="mt-4">
                {t("public.tracker.noMatch")}{" "}
                <Link to={paths.tracker} className="font-semibold text-brand-dark underline underline-offset-4">
                  {t("public.tracker.clear")}
                </Link>
              </p>
            ) : (
              <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="tracker-list">
                {results.map((r) => (
                  <li key={r.id} className="flex flex-col gap-2 rounded-lg border border-ink/10 bg-white p-4 shadow-sm">
                    <AnswerStateBadge label={r.state.label.text} lang={r.state.label.lang} colour={r.state.colour} className="w-fit" />
                    <h3 className="text-lg font-bold" lang={r.title.lang}>
                      <Link to={paths.trackerResult(r.id)} className="text-brand-dark underline underline-offset-4">
                        {r.title.text}
                      </Link>
                    </h3>
                    <ProgressBar value={r.progress} colour={r.state.colour} />
                    <ResultFacts result={r} />
                  </li>
                ))}
              </ul>
            )}
            <PageLinks label={t("public.tracker.pages")} page={page} pages={pages} href={(n) => filtered(paths.tracker, filters, n)} />
          </section>
          <p className="mt-6" data-testid="tracker-open-data">
            {t("public.tracker.openData")}{" "}
            <a href="/api/seguiment-del-pla.csv" className="font-semibold text-brand-dark underline underline-offset-4">
              {t("public.tracker.openDataCsv")}
            </a>
            {" · "}
            <a href="/api/seguiment-del-pla.geojson" className="font-semibold text-brand-dark underline underline-offset-4">
              {t("public.tracker.openDataGeoJson")}
            </a>
          </p>
          {filters.municipality && municipalities.includes(filters.municipality) && (
            <FollowForm municipality={filters.municipality} answer={actionData?.follow} />
          )}
        </>
      )}
    </article>
  );
}
