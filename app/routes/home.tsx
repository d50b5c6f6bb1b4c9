import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Agenda } from "~/components/agenda";
import { MapDialog } from "~/components/participation/map-dialog";
import { NewsletterForm } from "~/components/participation/newsletter-form";
import { ContributionsCarousel } from "~/components/site/contributions-carousel";
import { HeroBackground } from "~/components/site/hero-background";
import { MapEmbed } from "~/components/site/map-embed";
import { SocialSection } from "~/components/site/social-section";
import { ThemeTiles } from "~/components/site/theme-tiles";
import { Button, buttonVariants } from "~/components/ui/button";
import { activeBackground, embeds, latestContributions, listActivities } from "~/lib/content.server";
import { paths } from "~/lib/routes";

export async function loader({ context }: Route.LoaderArgs) {
  const [background, contributions, links] = await Promise.all([
    activeBackground(context.db),
    latestContributions(context.db),
    embeds(context.db),
  ]);
  // The agenda streams in after the first paint of the page.
  return { background, contributions, embeds: links, activities: listActivities(context.db) };
}

// The map dialog's trigger, styled as the hero's main button.
const HERO_PRIMARY = buttonVariants({
  size: "lg",
  className: "border-transparent bg-brand text-white hover:bg-brand-dark hover:text-white",
});

export default function Home({ loaderData }: Route.ComponentProps) {
  const { background, contributions, embeds, activities } = loaderData;
  return (
    <>
      <section className="relative isolate text-white">
        <HeroBackground media={background} />
        <div className="mx-auto flex min-h-[70dvh] max-w-6xl flex-col justify-start gap-6 px-4 pt-[14dvh] pb-16">
          <h1 className="max-w-3xl text-4xl font-extrabold drop-shadow md:text-6xl">Al Penedès, la bici ens mou!</h1>
          <p className="max-w-2xl text-lg md:text-xl">
            Construïm junts el pla director de la bicicleta del Penedès 2025-2035. Digues la teva fins al desembre de 2025.
          </p>
          <div className="flex flex-wrap gap-3">
            <MapDialog label="Descobreix la xarxa" className={HERO_PRIMARY} />
            <Button asChild size="lg" variant="outline">
              <Link to={paths.participa}>Digues la teva</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.testimonis}>Envia'ns un àudio</Link>
            </Button>
          </div>
        </div>
      </section>

      <ContributionsCarousel items={contributions} />
      <ThemeTiles />

      {embeds.mapEmbedUrl && (
        <section id="mapa" aria-labelledby="mapa-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
          <h2 id="mapa-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
            El mapa de la xarxa
          </h2>
          <p className="mt-2 text-lg">Explora les propostes de carrils bici i digues-hi la teva.</p>
          <div className="mt-6">
            <MapEmbed src={embeds.mapEmbedUrl} />
          </div>
          {embeds.mapFullUrl && (
            <a
              href={embeds.mapFullUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block font-semibold text-brand-dark underline"
            >
              Obre el mapa complet<span className="sr-only"> (s'obre en una pestanya nova)</span>
            </a>
          )}
        </section>
      )}

      <SocialSection />
      <Agenda activities={activities} />
      <NewsletterForm />
    </>
  );
}
