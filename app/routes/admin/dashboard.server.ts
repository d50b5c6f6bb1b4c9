import type { Route } from "./+types/dashboard";
import { waitingCount } from "~/models/moderation.server";
import { requireAdmin } from "~/infra/session.server";
import {
  busiestHours,
  contributionsOverTime,
  contributionTotals,
  newsletterGrowth,
  testimonialsByStatus,
  type Granularity,
} from "~/models/statistics.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const granularity: Granularity = new URL(request.url).searchParams.get("per") === "day" ? "day" : "week";
  const [totals, overTime, hours, byStatus, newsletter, waiting] = await Promise.all([
    contributionTotals(context.db, { published: false }),
    contributionsOverTime(context.db, granularity),
    busiestHours(context.db),
    testimonialsByStatus(context.db),
    newsletterGrowth(context.db),
    waitingCount(context.db),
  ]);
  return { granularity, totals, overTime, hours, byStatus, newsletter, waiting };
}
