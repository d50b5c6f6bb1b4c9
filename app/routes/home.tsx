import type { Route } from "./+types/home";
import { CAMPAIGN } from "~/domain/campaign";
import { Agenda } from "~/components/agenda";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { ContributionsCarousel } from "~/components/site/contributions-carousel";
import { Hero } from "~/components/site/hero-background";
import { HeroActions } from "~/components/site/hero-actions";
import { MapSection } from "~/components/site/map-embed";
import { getMapView } from "~/models/map.server";
import { SocialSection } from "~/components/site/social-section";
import { ThemeTiles } from "~/components/site/theme-tiles";
import { useParticipation } from "~/lib/participation-state";
import { useT } from "~/i18n/react";
import { activeBackground, embeds, latestContributions, listActivities } from "~/models/content.server";
import { localeOf } from "~/i18n/locales";
import { ReportPointer, useReportLinks } from "~/components/report-pointer";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const [background, contributions, links, map] = await Promise.all([
    activeBackground(context.db),
    latestContributions(context.db, locale),
    embeds(context.db),
    getMapView(context.db),
  ]);
  // The agenda streams in after the first paint of the page.
  return { background, contributions, embeds: links, map, activities: listActivities(context.db, locale) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { background, contributions, embeds, map, activities } = loaderData;
  // The report has something to show (the page points to it in phases 2 and 3), and the tracker too:
  // the public layout's, as the header's links (decision 079).
  const report = useReportLinks();
  const participation = useParticipation();
  const t = useT();
  return (
    <>
      <Hero media={background} scene="vinyes" height="tall" title={CAMPAIGN.name} titleLang="ca">
        <p className="max-w-2xl text-lead">
          {t("public.home.lead", { period: CAMPAIGN.planPeriod })}{" "}
          {!participation.open
            ? t("public.home.closed")
            : participation.deadlineLabel
              ? t("public.home.until", { date: participation.deadlineLabel })
              : t("public.home.open")}
        </p>
        <HeroActions />
      </Hero>

      {/* Phases 2 and 3 (decision 075): the answers are out. */}
      {report.heard && participation.phase > 1 && <ReportPointer tracker={report.tracker} band />}
      <ContributionsCarousel items={contributions} />
      <ThemeTiles />

      <MapSection embedUrl={embeds.mapEmbedUrl} fullUrl={embeds.mapFullUrl} map={map} />

      <SocialSection />
      <Agenda activities={activities} />
      <NewsletterForm />
    </>
  );
}
