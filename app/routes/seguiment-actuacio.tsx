import { Link, redirect } from "react-router";
import type { Route } from "./+types/seguiment-actuacio";
import { AnswerStateBadge } from "~/components/answer-state-badge";
import { TrackerMap } from "~/components/map/tracker-map";
import { localeOf, localePrefix } from "~/i18n/locales";
import { metaContext, useLocale, useT } from "~/i18n/react";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { Markdown } from "~/lib/markdown";
import { markdownToText } from "~/lib/markdown-text";
import { localePaths } from "~/lib/routes";
import { pageTitle, seoFor } from "~/lib/seo";
import { publicRead } from "~/models/content.server";
import { readMapBaseSettings } from "~/models/map.server";
import { publicResult } from "~/models/results.server";
import { errorFields, log } from "~/infra/log.server";
import { ProgressBar, ResultFacts } from "./seguiment";
import { FollowForm } from "~/components/follow-form";
import { followFromForm } from "~/models/result-follows.server";

// One result of the plan (issue 35): its facts, its description, its map, its dated timeline and the
// public contributions that led to it. A result that is not public is "not found", as one that
// never was: nothing tells them apart.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const notFound = `${localePrefix(locale)}/404`;
  let found: Awaited<ReturnType<typeof publicResult>>;
  try {
    found = await publicResult(context.db, params.id, locale);
  } catch (err) {
    log("error", "result read failed", { id: params.id.slice(0, 40), ...errorFields(err) });
    throw new Response("", { status: 503 });
  }
  if (!found) throw redirect(notFound);
  const tiles = await publicRead("map base", () => readMapBaseSettings(context.db), {
    tileUrl: null,
    tileAttribution: null,
    mapKind: "native" as const,
  });
  return { ...found, tiles: { tileUrl: tiles.tileUrl, tileAttribution: tiles.tileAttribution } };
}

/** Following the result by e-mail (decision 069). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return followFromForm(request, context, { resultId: params.id });
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { publicUrl, t } = metaContext(matches);
  if (!loaderData) return seoFor(location.pathname, publicUrl, t);
  const { result } = loaderData;
  const description = result.description ? markdownToText(result.description.text).replace(/\s+/g, " ").slice(0, 160) : undefined;
  return seoFor(location.pathname, publicUrl, t, { title: pageTitle(result.title.text), description: description || undefined });
};

export default function PlanResult({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const paths = localePaths(locale);
  const { result, entries, contributions, segments, map, tiles } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <p>
        <Link to={paths.tracker} className="font-semibold text-brand-dark underline underline-offset-4">
          {t("public.tracker.back")}
        </Link>
      </p>
      <AnswerStateBadge
        label={result.state.label.text}
        lang={result.state.label.lang}
        colour={result.state.colour}
        className="mt-6 text-sm"
      />
      <h1 className="mt-3 text-3xl font-extrabold text-brand-dark md:text-4xl" lang={result.title.lang}>
        {result.title.text}
      </h1>
      <div className="mt-4 flex flex-col gap-2">
        <ProgressBar value={result.progress} colour={result.state.colour} />
        <ResultFacts result={result} />
      </div>
      {result.description && (
        <div className="prose mt-6 max-w-none" lang={result.description.lang}>
          <Markdown>{result.description.text}</Markdown>
        </div>
      )}

      {segments.length > 0 && (
        <section aria-labelledby="trams" className="mt-10">
          <h2 id="trams" className="text-2xl font-bold text-brand-dark">
            {t("public.tracker.segments")}
          </h2>
          <ul className="mt-3 list-disc pl-6">
            {segments.map((s) => (
              <li key={s.ref} lang="ca">
                {s.name} ({s.municipality}
                {s.lengthKm !== null && `, ${t("public.tracker.km", { km: s.lengthKm })}`})
              </li>
            ))}
          </ul>
          {map.layers.length > 0 && (
            <div className="mt-4">
              <TrackerMap label={t("public.tracker.mapLabel")} tiles={tiles} source={map} className="h-80" />
            </div>
          )}
        </section>
      )}

      <section aria-labelledby="historia" className="mt-10">
        <h2 id="historia" className="text-2xl font-bold text-brand-dark">
          {t("public.tracker.timeline")}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-3">{t("public.tracker.noEntries")}</p>
        ) : (
          <ol className="mt-4 flex flex-col gap-6 border-l-2 border-brand/40 pl-6" data-testid="result-timeline">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-col gap-2">
                <p className="font-bold">
                  <time dateTime={e.date}>{formatLongDate(e.date, locale)}</time>
                </p>
                <p className="whitespace-pre-line" lang={e.text.lang}>
                  {e.text.text}
                </p>
                {e.image && (
                  <img
                    src={e.image.src}
                    srcSet={e.image.srcSet}
                    sizes="(min-width: 768px) 40rem, 100vw"
                    width={e.image.width ?? 800}
                    height={e.image.height ?? 600}
                    alt=""
                    loading="lazy"
                    className="h-auto max-w-full rounded-lg md:max-w-xl"
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      {contributions.length > 0 && (
        <section aria-labelledby="aportacions" className="mt-10">
          <h2 id="aportacions" className="text-2xl font-bold text-brand-dark">
            {t("public.tracker.contributions")}
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {contributions.map((c) => (
              <li key={`${c.type}:${c.id}`} className="rounded-lg border border-ink/10 bg-white p-4">
                <p className="text-sm text-ink/80">
                  {t(`public.tracker.type.${c.type}`)} · {formatShortDate(c.createdAt, locale)}
                </p>
                <blockquote className="mt-1 whitespace-pre-line">{c.text}</blockquote>
              </li>
            ))}
          </ul>
        </section>
      )}

      <FollowForm answer={actionData?.follow} />
    </article>
  );
}
