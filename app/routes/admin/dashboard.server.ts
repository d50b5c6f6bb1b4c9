import { count, sql } from "drizzle-orm";
import type { Route } from "./+types/dashboard";
import { testimonials } from "~/db/schema";
import { requireAdmin } from "~/lib/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select({ status: testimonials.status, n: count() }).from(testimonials).groupBy(testimonials.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<string, number>>;
  const [total] = await context.db.select({ n: sql<number>`count(*)::int` }).from(testimonials);
  return { total: total?.n ?? 0, approved: by.approved ?? 0, pending: by.pending ?? 0, rejected: by.rejected ?? 0 };
}
