import { redirect } from "react-router";
import type { Route } from "./+types/testimonis";
import { TestimonialsSection } from "~/components/participation/testimonials-section";
import { categories, type Category } from "~/domain/themes";
import { listApprovedTestimonials } from "~/models/content.server";
import { localePaths } from "~/lib/routes";
import { localeOf } from "~/i18n/locales";
import { useT } from "~/i18n/react";

/** The approved testimonials, of one theme with ?ambit=<theme>: rendered on the server, so the
 * grid shows at once, works without JavaScript and is found by search engines. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ambit = url.searchParams.get("ambit");
  if (ambit !== null && !(categories as readonly string[]).includes(ambit)) throw redirect(localePaths(localeOf(url.pathname)).testimonis);
  const filter = ambit as Category | null;
  return { filter, testimonials: await listApprovedTestimonials(context.db, filter) };
}

export default function Testimonis({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      {/* The same width as the grid below: the heading lines up with the cards (issue 18). */}
      <section className="mx-auto max-w-6xl px-4 pt-12">
        <h1 className="text-title font-extrabold text-brand-dark">{t("public.testimonis.title")}</h1>
        <p className="mt-4 max-w-3xl text-lead">{t("public.testimonis.intro")}</p>
      </section>
      <TestimonialsSection filter={loaderData.filter} testimonials={loaderData.testimonials} />
    </>
  );
}
