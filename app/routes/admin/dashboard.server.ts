import type { Route } from "./+types/dashboard";
import { consultationState } from "~/domain/consultation";
import { readConsultation, reportedPublishedCount, untranscribedPublishedCount, waitingCount } from "~/models/moderation.server";
import { newsletterHistory } from "~/models/newsletter-send.server";
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
  const [totals, overTime, hours, byStatus, newsletter, waiting, reported, consultation, issues, untranscribed] = await Promise.all([
    contributionTotals(context.db, { published: false }),
    contributionsOverTime(context.db, granularity),
    busiestHours(context.db),
    testimonialsByStatus(context.db),
    newsletterGrowth(context.db),
    waitingCount(context.db),
    reportedPublishedCount(context.db),
    readConsultation(context.db),
    newsletterHistory(context.db, 20),
    untranscribedPublishedCount(context.db),
  ]);
  // What needs doing (issue 27, item 13): the queue, the reports, the calendar, the newsletters
  // whose sending is not over (still going, or with deliveries that failed).
  const unsent = issues.filter((i) => i.left > 0 || i.failed > 0).length;
  const deadline = consultationState(consultation);
  return { granularity, totals, overTime, hours, byStatus, newsletter, waiting, todo: { reported, deadline, unsent, untranscribed } };
}
