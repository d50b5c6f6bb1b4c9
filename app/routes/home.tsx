import type { Route } from "./+types/home";
import { CAMPAIGN } from "~/domain/campaign";
import { Agenda } from "~/components/agenda";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { ContributionsCarousel } from "~/components/site/contributions-carousel";
import { HeroBackground } from "~/components/site/hero-background";
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
      <section className="relative isolate text-white">
        <HeroBackground media={background} />
        <div className="mx-auto flex min-h-[70dvh] max-w-6xl flex-col justify-start gap-6 px-4 pt-[14dvh] pb-16">
          <h1 className="max-w-3xl text-4xl font-extrabold drop-shadow md:text-6xl">Al Penedès, la bici ens mou!</h1>
          <p className="max-w-2xl text-lg md:text-xl">
            Construïm junts el pla director de la bicicleta del Penedès {CAMPAIGN.planPeriod}. Digues la teva fins al{" "}
            {CAMPAIGN.consultationUntil}.
          </p>
          <HeroActions />
        </div>
      </section>

      <ContributionsCarousel items={contributions} />
      <ThemeTiles />

      <MapSection embedUrl={embeds.mapEmbedUrl} fullUrl={embeds.mapFullUrl} />

      <SocialSection />
      <Agenda activities={activities} />
      <NewsletterForm />
    </>
  );
}
