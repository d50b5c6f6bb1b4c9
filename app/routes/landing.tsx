import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Route } from "./+types/landing";
import { PageIntro } from "~/components/page-intro";
import { landings } from "~/db/schema";

export async function loader({ params, context }: Route.LoaderArgs) {
  const landing = await context.db.query.landings.findFirst({
    where: and(eq(landings.slug, params.slug), eq(landings.isActive, true)),
    columns: { title: true, description: true },
  });
  if (!landing) throw redirect("/404");
  return { landing };
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <PageIntro title={loaderData.landing.title}>
      <p className="whitespace-pre-line">{loaderData.landing.description}</p>
    </PageIntro>
  );
}
