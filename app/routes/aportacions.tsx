import { Link, redirect } from "react-router";
import type { Route } from "./+types/aportacions";
import { ContributionCard } from "~/components/site/contribution-dialog";
import { categories, categoryLabels } from "~/domain/themes";
import { contributionTypes, type ContributionType } from "~/domain/contributions";
import { CONTRIBUTIONS_PER_PAGE, contributionsPage, publicRead } from "~/models/content.server";
import { datedIn } from "~/lib/contributions";
import { localePaths } from "~/lib/routes";
import { useLocale, useT } from "~/i18n/react";
import { formatNumber, localeOf } from "~/i18n/locales";
import { publicFigures } from "~/models/statistics.server";
import { publicAnswerStates } from "~/models/answers.server";
import { cn } from "~/lib/utils";
import { EmptyState } from "~/components/empty-state";
import { PageLinks } from "~/components/site/page-links";

/** The list's filters: every kind, or one. */
const FILTERS = [null, ...contributionTypes] as const;

function parseType(value: string | null): ContributionType | null {
  return (contributionTypes as readonly string[]).includes(value ?? "") ? (value as ContributionType) : null;
}

/** What an empty list asks the visitor to do: give the first contribution of its type. */
const EMPTY_ACTIONS = { all: "participa", reflection: "reflection", map_comment: "map", testimonial: "testimonial" } as const;

/** The address of a page of the list: the type filter, the answer filter (a state's word) and the
 * page number, when not the first. */
export function listUrl(type: ContributionType | null, page = 1, answer: string | null = null) {
  const query = new URLSearchParams();
  if (type) query.set("tipus", type);
  if (answer) query.set("resposta", answer);
  if (page > 1) query.set("pagina", String(page));
  return query.size ? `?${query}` : ".";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const locale = localeOf(url.pathname);
  const paths = localePaths(locale);
  const type = parseType(params.get("tipus"));
  const pageParam = params.get("pagina");
  const page = pageParam === null ? 1 : /^[1-9]\d{0,4}$/.test(pageParam) ? Number(pageParam) : 0;
  // The answer filter (issue 31): a state of the published answers, by its word; a word no state
  // has shows every contribution, as an unknown type does.
  const answerStates = await publicRead("answer states", () => publicAnswerStates(context.db, locale), []);
  const answer = answerStates.find((s) => s.slug === params.get("resposta")) ?? null;
  const [{ items, total }, figures] = await Promise.all([
    page ? contributionsPage(context.db, type, page, locale, answer?.id ?? null) : { items: [], total: 0 },
    publicRead("participation figures", () => publicFigures(context.db), null),
  ]);
  // A page number that is not one, or past the last page: the first page.
  if (page === 0 || (page > 1 && items.length === 0))
    throw redirect(`${paths.aportacions}${listUrl(type, 1, answer?.slug).replace(/^\.$/, "")}`);
  return {
    type,
    answer: answer?.slug ?? null,
    answerStates: answerStates.map(({ slug, label }) => ({ slug, label })),
    items: datedIn(locale, items),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / CONTRIBUTIONS_PER_PAGE)),
    figures,
  };
}

export default function Aportacions({ loaderData }: Route.ComponentProps) {
  const { type, answer, answerStates, items, total, page, pages, figures } = loaderData;
  const answerLabel = answerStates.find((s) => s.slug === answer)?.label.text;
  const t = useT();
  const paths = localePaths(useLocale());
  const emptyAction = EMPTY_ACTIONS[type ?? "all"];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-title font-extrabold text-brand-dark">{t("public.aportacions.title")}</h1>
      {figures && <Figures figures={figures} />}
      <nav aria-label={t("public.aportacions.filter")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((value) => {
            const active = value === type;
            return (
              <li key={value ?? "all"}>
                <Link
                  to={listUrl(value, 1, answer)}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={filterLink(active)}
                >
                  {value ? t(`public.contributions.kinds.${value}`) : t("public.aportacions.all")}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* The answer filter (issue 31): one link per state of the published answers, beside the type's. */}
      {answerStates.length > 0 && (
        <nav aria-label={t("public.aportacions.answerFilter")} className="mt-3 flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-sm font-semibold text-ink/80">
            {t("public.aportacions.answerLabel")}
          </span>
          <ul className="flex flex-wrap gap-2">
            {[null, ...answerStates].map((state) => {
              const value = state?.slug ?? null;
              const active = value === answer;
              return (
                <li key={value ?? "any"}>
                  <Link
                    to={listUrl(type, 1, value)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    lang={state?.label.lang}
                    className={filterLink(active)}
                  >
                    {state ? state.label.text : t("public.aportacions.anyAnswer")}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <p className="mt-4 font-semibold" role="status">
        {answerLabel
          ? t("public.aportacions.countAnswer", { n: total, state: answerLabel })
          : type
            ? t("public.aportacions.countOf", { n: total, kind: t(`public.contributions.kind.${type}`) })
            : t("public.aportacions.count", { n: total })}
      </p>
      {items.length === 0 ? (
        <EmptyState
          className="mt-6"
          action={{
            to: paths[emptyAction],
            label: t(type ? `public.aportacions.emptyAction.${type}` : "public.contributions.participate"),
          }}
        >
          {t("public.aportacions.empty")}
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
      <PageLinks label={t("public.aportacions.pages")} page={page} pages={pages} href={(p) => listUrl(type, p, answer)} />
    </div>
  );
}

/** A filter's link: a pill, filled when it is the list's filter. */
const filterLink = (active: boolean) =>
  cn(
    "inline-flex rounded-full border px-4 py-2 text-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-brand/50 focus-visible:outline-none",
    active ? "border-brand bg-brand text-white" : "border-ink/20 hover:bg-brand-soft",
  );

/** 'La participació en xifres': the published contributions, by type and by theme (decision 037). */
function Figures({ figures }: { figures: NonNullable<Route.ComponentProps["loaderData"]["figures"]> }) {
  const t = useT();
  const locale = useLocale();
  const n = (x: number) => formatNumber(x, locale);
  return (
    <section aria-labelledby="xifres" className="mt-8 rounded-2xl bg-brand-soft p-6">
      <h2 id="xifres" className="text-xl font-extrabold text-brand-dark">
        {t("public.aportacions.figures.title")}
      </h2>
      <p className="mt-1">{t("public.aportacions.figures.total", { n: figures.total })}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {contributionTypes.map((kind) => (
          <div key={kind} className="rounded-lg bg-white p-4">
            <dt className="text-sm font-semibold">{t(`public.contributions.kinds.${kind}`)}</dt>
            <dd className="text-2xl font-extrabold">{n(figures.byType[kind])}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-bold">{t("public.aportacions.figures.byTheme")}</h3>
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
