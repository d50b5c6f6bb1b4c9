import { Link } from "react-router";
import type { Route } from "./+types/que-hem-escoltat";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { EmptyState } from "~/components/empty-state";
import { ContributionCard } from "~/components/site/contribution-dialog";
import { useLocale, useT } from "~/i18n/react";
import { datedIn } from "~/lib/contributions";
import { Markdown } from "~/lib/markdown";
import { localePaths } from "~/lib/routes";
import { answersReport } from "~/models/answers.server";
import { featuredContributions, publicRead } from "~/models/content.server";
import { publicHeardIntro } from "~/models/settings.server";
import { formatNumber, localeOf } from "~/i18n/locales";

// "Què hem escoltat i què en farem" (issue 31): the council's published answers in figures, by
// state, type, theme and municipality. Each figure is a table (the accessible form, read aloud as
// it is) whose bars are drawn in its cells; it prints as it is shown. Staff write its introduction
// (Markdown, sanitised) and choose the contributions it features (decision 075).

const EMPTY = { contributions: 0, answered: 0, byState: [], byType: [], byTheme: [], byMunicipality: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const [report, intro, featured] = await Promise.all([
    publicRead("answers report", () => answersReport(context.db, locale), EMPTY),
    publicRead("report introduction", () => publicHeardIntro(context.db, locale), null),
    publicRead("featured contributions", () => featuredContributions(context.db, locale), []),
  ]);
  return { report, intro, featured: datedIn(locale, featured) };
}

type Report = Route.ComponentProps["loaderData"]["report"];

/** A table of figures with a bar in each row, the bar's length its share of the largest. */
function FigureTable({
  id,
  title,
  head,
  rows,
}: {
  id: string;
  title: string;
  head: [string, string];
  rows: { key: string; label: React.ReactNode; n: number; colour?: string }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.n));
  const locale = useLocale();
  return (
    <section aria-labelledby={id} className="mt-10 break-inside-avoid">
      <h2 id={id} className="text-2xl font-bold text-brand-dark">
        {title}
      </h2>
      <table className="mt-4 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-ink/20">
            <th scope="col" className="py-2 pr-4">
              {head[0]}
            </th>
            <th scope="col" className="w-1/2 py-2 text-right md:w-2/3">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-ink/10">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {r.label}
              </th>
              <td className="py-2">
                <div className="flex items-center justify-end gap-3">
                  <span aria-hidden="true" className="h-3 flex-1 rounded-full bg-ink/5 print:border print:border-ink/30">
                    <span
                      className="block h-3 rounded-full print:[print-color-adjust:exact]"
                      style={{ width: `${(r.n / max) * 100}%`, backgroundColor: r.colour ?? "var(--color-brand)" }}
                    />
                  </span>
                  <span className="w-16 text-right font-bold tabular-nums">{formatNumber(r.n, locale)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function WhatWeHeard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const paths = localePaths(useLocale());
  const report: Report = loaderData.report;
  const { intro, featured } = loaderData;
  return (
    <article data-print-report className="mx-auto max-w-4xl px-4 py-12 print:py-0">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{t("public.heard.title")}</h1>
      {intro && (
        <div className="mt-6 text-lg" lang={intro.lang} data-testid="heard-intro">
          <Markdown>{intro.text}</Markdown>
        </div>
      )}
      <p className="mt-6 text-lg">{t("public.heard.intro")}</p>
      {report.answered === 0 ? (
        <EmptyState className="mt-8" action={{ to: paths.aportacions, label: t("public.heard.readAll") }}>
          {t("public.heard.empty")}
        </EmptyState>
      ) : (
        <>
          <p className="mt-6 text-xl font-bold">{t("public.heard.summary", { answered: report.answered, total: report.contributions })}</p>
          {featured.length > 0 && (
            <section aria-labelledby="destacades" className="mt-10">
              <h2 id="destacades" className="text-2xl font-bold text-brand-dark">
                {t("public.heard.featured")}
              </h2>
              <p className="mt-2">{t("public.heard.featuredIntro")}</p>
              <ul className="mt-4 grid gap-4 md:grid-cols-2">
                {featured.map((item) => (
                  <li key={`${item.type}:${item.id}`}>
                    <ContributionCard item={item} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <FigureTable
            id="per-estat"
            title={t("public.heard.byState")}
            head={[t("public.heard.col.state"), t("public.heard.col.answers")]}
            rows={report.byState.map((s) => ({
              key: s.label.text,
              label: <AnswerStateBadge label={s.label.text} lang={s.label.lang} colour={s.colour} className="text-sm" />,
              n: s.n,
              colour: s.colour,
            }))}
          />
          <FigureTable
            id="per-tipus"
            title={t("public.heard.byType")}
            head={[t("public.heard.col.type"), t("public.heard.col.answered")]}
            rows={report.byType.map((r) => ({ key: r.type, label: t(`public.heard.type.${r.type}`), n: r.answered }))}
          />
          {report.byTheme.length > 0 && (
            <FigureTable
              id="per-ambit"
              title={t("public.heard.byTheme")}
              head={[t("public.heard.col.theme"), t("public.heard.col.answers")]}
              rows={report.byTheme.map((r) => ({
                key: r.theme,
                label: t(`public.seo.${r.theme as "ciutadania"}.title`),
                n: r.n,
              }))}
            />
          )}
          {report.byMunicipality.length > 0 && (
            <FigureTable
              id="per-municipi"
              title={t("public.heard.byMunicipality")}
              head={[t("public.heard.col.municipality"), t("public.heard.col.answers")]}
              rows={report.byMunicipality.map((r) => ({ key: r.municipality, label: r.municipality, n: r.n }))}
            />
          )}
          <p className="mt-10 print:hidden">
            <Link to={paths.aportacions} className="font-semibold text-brand-dark underline underline-offset-4">
              {t("public.heard.readAll")}
            </Link>
          </p>
        </>
      )}
    </article>
  );
}
