import type { Route } from "./+types/home";
import { CAMPAIGN } from "~/domain/campaign";
import { Agenda } from "~/components/agenda";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { ContributionsCarousel } from "~/components/site/contributions-carousel";
import { Hero } from "~/components/site/hero-background";
import { HeroActions } from "~/components/site/hero-actions";
import { MapSection } from "~/components/site/map-embed";
import { SocialSection } from "~/components/site/social-section";
import { ThemeTiles } from "~/components/site/theme-tiles";
import { activeBackground, embeds, latestContributions, listActivities } from "~/lib/content.server";

export async function loader({ context }: Route.LoaderArgs) {
  const [background, contributions, links] = await Promise.all([
    activeBackground(context.db),
    latestContributions(context.db),
    embeds(context.db),
  ]);
  // The agenda streams in after the first paint of the page.
  return { background, contributions, embeds: links, activities: listActivities(context.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { background, contributions, embeds, activities } = loaderData;
  return (
    <>
      <Hero media={background} height="tall" title="Al Penedès, la bici ens mou!">
        <p className="max-w-2xl text-lg md:text-xl">
          Construïm junts el pla director de la bicicleta del Penedès {CAMPAIGN.planPeriod}. Digues la teva fins al{" "}
          {CAMPAIGN.consultationUntil}.
        </p>
        <HeroActions />
      </Hero>

      <ContributionsCarousel items={contributions} />
      <ThemeTiles />

      <MapSection embedUrl={embeds.mapEmbedUrl} fullUrl={embeds.mapFullUrl} />

      <SocialSection />
      <Agenda activities={activities} />
      <NewsletterForm />
    </>
  );
}
