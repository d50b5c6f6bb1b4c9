import { and, eq } from "drizzle-orm";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/landing";
import { Agenda } from "~/components/agenda";
import { Hero } from "~/components/site/hero-background";
import { Markdown } from "~/components/markdown";
import { HeroActions } from "~/components/site/hero-actions";
import { MapSection } from "~/components/site/map-embed";
import { ThemeTiles } from "~/components/site/theme-tiles";
import { Button } from "~/components/ui/button";
import { landings } from "~/db/schema";
import { activeBackground, embeds, listActivities } from "~/lib/content.server";
import { errorFields, log } from "~/lib/log.server";
import { paths } from "~/lib/routes";
import { SITE_NAME, seoFor } from "~/lib/seo";

/** The shape landingSchema (admin-schemas.ts) gives every slug; kept here so that this public
 * page does not load the admin schemas. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  // Anything not shaped like a slug cannot be a landing, and is not sent to the database
  // (a NUL there is an error, which would answer 503 instead of "not found").
  if (!SLUG_PATTERN.test(params.slug)) throw redirect("/404");
  let landing: { title: string; description: string } | undefined;
  try {
    landing = await context.db.query.landings.findFirst({
      where: and(eq(landings.slug, params.slug), eq(landings.isActive, true)),
      columns: { title: true, description: true },
    });
  } catch (err) {
    log("error", "landing read failed", { slug: params.slug, ...errorFields(err) });
    throw new Response("No s'ha pogut carregar la landing page", { status: 503 });
  }
  if (!landing) throw redirect("/404");
  const [background, links] = await Promise.all([activeBackground(context.db), embeds(context.db)]);
  return { landing, background, embeds: links, activities: listActivities(context.db) };
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const publicUrl = (matches[0]?.loaderData as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  if (!loaderData) return seoFor(location.pathname, publicUrl);
  const description = loaderData.landing.description
    .replace(/[#*_>[\]()`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
  return seoFor(location.pathname, publicUrl, {
    title: `${loaderData.landing.title} | ${SITE_NAME}`,
    description: description || undefined,
  });
};

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { landing, background, embeds, activities } = loaderData;
  return (
    <>
      <Hero media={background} height="tall" title={landing.title}>
        <div className="max-w-2xl text-lg md:text-xl [&_a]:text-white">
          <Markdown>{landing.description}</Markdown>
        </div>
        <HeroActions />
      </Hero>
      <ThemeTiles />
      <MapSection embedUrl={embeds.mapEmbedUrl} fullUrl={embeds.mapFullUrl} />
      <section aria-labelledby="vivi-title" className="bg-brand-soft">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12">
          <h2 id="vivi-title" className="text-2xl font-extrabold text-brand-dark md:text-3xl">
            La gira de la Vivi
          </h2>
          <p className="max-w-2xl text-lg">La bici fúcsia de la campanya recorre el Penedès. Descobreix on ha estat i on anirà.</p>
          <Button asChild>
            <Link to={paths.vivi}>Segueix la Vivi</Link>
          </Button>
        </div>
      </section>
      <Agenda activities={activities} />
    </>
  );
}
