import { Link, redirect } from "react-router";
import type { Route } from "./+types/landing";
import { Agenda } from "~/components/agenda";
import { Hero, sceneUrl } from "~/components/site/hero-background";
import { CAMPAIGN } from "~/domain/campaign";
import { LANDING_LOAD_ERROR } from "~/components/error-content";
import { Markdown } from "~/lib/markdown";
import { HeroActions } from "~/components/site/hero-actions";
import { MapSection } from "~/components/site/map-embed";
import { getMapView } from "~/models/map.server";
import { ThemeTiles } from "~/components/site/theme-tiles";
import { Button } from "~/components/ui/button";
import { activeBackground, embeds, findLanding, listActivities } from "~/models/content.server";
import { errorFields, log } from "~/infra/log.server";
import { localePaths } from "~/lib/routes";
import { metaContext, useLocale, useT } from "~/i18n/react";
import { localeOf, localePrefix } from "~/i18n/locales";
import { pageTitle, seoFor } from "~/lib/seo";
import { markdownToText } from "~/lib/markdown-text";

/** The shape landingSchema (admin-schemas.ts) gives every slug; kept here so that this public
 * page does not load the admin schemas. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Not found: the not-found page in the address's language.
  const notFound = `${localePrefix(localeOf(new URL(request.url).pathname))}/404`;
  // Anything not shaped like a slug cannot be a landing, and is not sent to the database
  // (a NUL there is an error, which would answer 503 instead of "not found").
  if (!SLUG_PATTERN.test(params.slug)) throw redirect(notFound);
  const locale = localeOf(new URL(request.url).pathname);
  let landing: Awaited<ReturnType<typeof findLanding>>;
  try {
    landing = await findLanding(context.db, params.slug, locale);
  } catch (err) {
    log("error", "landing read failed", { slug: params.slug, ...errorFields(err) });
    throw new Response(LANDING_LOAD_ERROR, { status: 503 });
  }
  if (!landing) throw redirect(notFound);
  const [background, links, map] = await Promise.all([activeBackground(context.db), embeds(context.db), getMapView(context.db)]);
  return { landing, background, embeds: links, map, activities: listActivities(context.db, locale) };
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { publicUrl, t } = metaContext(matches);
  if (!loaderData) return seoFor(location.pathname, publicUrl, t);
  const description = markdownToText(loaderData.landing.description.text).replace(/\s+/g, " ").slice(0, 160);
  return seoFor(location.pathname, publicUrl, t, {
    title: pageTitle(loaderData.landing.title.text),
    description: description || undefined,
  });
};

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { landing, background, embeds, map, activities } = loaderData;
  const t = useT();
  const paths = localePaths(useLocale());
  return (
    <>
      {/* A landing's own look (issue 18): the night-blue tone and the network map, the plan's key
          figures, then the themes, the map, la Vivi and the agenda. */}
      <Hero
        media={background}
        scene="xarxa"
        tone="ink"
        height="tall"
        eyebrow={
          <p className="w-fit rounded-full bg-sun px-3 py-1 text-sm font-bold text-ink" lang="ca">
            {CAMPAIGN.name}
          </p>
        }
        title={landing.title.text}
        titleLang={landing.title.lang}
      >
        <div lang={landing.description.lang} className="max-w-2xl text-lead [&_a]:text-white">
          <Markdown>{landing.description.text}</Markdown>
        </div>
        <HeroActions />
      </Hero>
      <section aria-label={t("public.landing.figures")} className="bg-sun text-ink">
        <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
          {[
            [t("public.landing.km", { km: CAMPAIGN.routeKm }), t("public.landing.kmWhat")],
            [t("public.landing.funds", { millions: CAMPAIGN.euFundsMillions }), t("public.landing.fundsWhat")],
            [CAMPAIGN.planPeriod, t("public.landing.periodWhat")],
          ].map(([figure, what]) => (
            <div key={what} className="flex flex-col-reverse">
              <dt className="text-lg font-semibold">{what}</dt>
              <dd className="text-title font-extrabold">{figure}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ThemeTiles />
      <MapSection embedUrl={embeds.mapEmbedUrl} fullUrl={embeds.mapFullUrl} map={map} />
      <section aria-labelledby="vivi-title" className="bg-brand-soft">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-section md:grid-cols-2">
          <div className="flex flex-col items-start gap-4">
            <h2 id="vivi-title" className="text-title font-extrabold text-brand-dark">
              {t("public.landing.viviTitle")}
            </h2>
            <p className="max-w-2xl text-lead">{t("public.landing.viviText")}</p>
            <Button asChild size="lg">
              <Link to={paths.vivi}>{t("public.landing.viviAction")}</Link>
            </Button>
          </div>
          <img
            src={sceneUrl("turistic")}
            alt=""
            width={1600}
            height={900}
            loading="lazy"
            className="aspect-[16/9] w-full rounded-card object-cover shadow-lg"
          />
        </div>
      </section>
      <Agenda activities={activities} />
    </>
  );
}
