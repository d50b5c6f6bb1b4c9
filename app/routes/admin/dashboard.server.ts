import type { Route } from "./+types/dashboard";
import { consultationState, dayInCatalonia } from "~/domain/consultation";
import { audience } from "~/models/page-views.server";
import { readConsultation, reportedPublishedCount, untranscribedPublishedCount, waitingCount } from "~/models/moderation.server";
import { newsletterHistory } from "~/models/newsletter-send.server";
import { accessibilityRequestTodo } from "~/models/accessibility-requests.server";
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
  const [
    totals,
    overTime,
    daily,
    visits,
    hours,
    byStatus,
    newsletter,
    waiting,
    reported,
    consultation,
    issues,
    accessibility,
    untranscribed,
  ] = await Promise.all([
    contributionTotals(context.db, { published: false }),
    contributionsOverTime(context.db, granularity),
    // The visits beside each day's contributions (issue 34): the last 30 days, whatever the chart shows.
    granularity === "day" ? null : contributionsOverTime(context.db, "day"),
    audience(context.db, dayInCatalonia()),
    busiestHours(context.db),
    testimonialsByStatus(context.db),
    newsletterGrowth(context.db),
    waitingCount(context.db),
    reportedPublishedCount(context.db),
    readConsultation(context.db),
    newsletterHistory(context.db, 20),
    accessibilityRequestTodo(context.db),
    untranscribedPublishedCount(context.db),
  ]);
  // What needs doing (issue 27, item 13): the queue, the reports, the calendar, the newsletters
  // whose sending is not over (still going, or with deliveries that failed).
  const unsent = issues.filter((i) => i.left > 0 || i.failed > 0).length;
  const deadline = consultationState(consultation);
  const contributionsByDay = new Map((daily ?? overTime).map((b) => [b.from, Object.values(b.counts).reduce((a, c) => a + c, 0)]));
  const audienceDays = visits.days.map((d) => ({ ...d, contributions: contributionsByDay.get(d.day) ?? 0 }));
  return {
    granularity,
    totals,
    overTime,
    audience: { ...visits, days: audienceDays },
    hours,
    byStatus,
    newsletter,
    waiting,
    todo: { reported, deadline, unsent, accessibility, untranscribed },
  };
}
