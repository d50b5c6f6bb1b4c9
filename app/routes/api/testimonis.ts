import type { Route } from "./+types/testimonis";
import { categories, type Category } from "~/db/schema";
import { listApprovedTestimonials } from "~/lib/participation.server";

/** Approved testimonials as JSON, for the testimonials grid (?ambit=<category>). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ambit = new URL(request.url).searchParams.get("ambit");
  const category = (categories as readonly string[]).includes(ambit ?? "") ? (ambit as Category) : null;
  const rows = await listApprovedTestimonials(context.db, category);
  return Response.json({ testimonials: rows }, { headers: { "Cache-Control": "no-store" } });
}
