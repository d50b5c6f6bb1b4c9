import { redirect } from "react-router";
import type { Route } from "./+types/testimonis";
import { TestimonialsSection } from "~/components/participation/testimonials-section";
import { categories, type Category } from "~/domain/themes";
import { listApprovedTestimonials } from "~/models/content.server";
import { paths } from "~/lib/routes";

/** The approved testimonials, of one theme with ?ambit=<theme>: rendered on the server, so the
 * grid shows at once, works without JavaScript and is found by search engines. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ambit = new URL(request.url).searchParams.get("ambit");
  if (ambit !== null && !(categories as readonly string[]).includes(ambit)) throw redirect(paths.testimonis);
  const filter = ambit as Category | null;
  return { filter, testimonials: await listApprovedTestimonials(context.db, filter) };
}

export default function Testimonis({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* The same width as the grid below: the heading lines up with the cards (issue 18). */}
      <section className="mx-auto max-w-6xl px-4 pt-12">
        <h1 className="text-title font-extrabold text-brand-dark">Les veus del territori</h1>
        <p className="mt-4 max-w-3xl text-lead">Escolta què en pensa la gent del Penedès i envia el teu testimoni.</p>
      </section>
      <TestimonialsSection filter={loaderData.filter} testimonials={loaderData.testimonials} />
    </>
  );
}
