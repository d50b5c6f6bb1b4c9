import { INTL_LOCALE } from "~/i18n/locales";
import type { Route } from "./+types/analysis";
import { ANALYSIS_SHAPE, type Dimension, type Period } from "~/lib/analysis";
import { readListQuery } from "~/models/admin-list.server";
import { countsOverTime, crossTab } from "~/models/analysis.server";
import { requireAdmin } from "~/infra/session.server";

// The analysis screen (issue 32, decision 077): the codes crossed with the theme, the municipality
// or the kind (?per=tema|municipi|tipus), each cell a link to the coding list it counts, and each
// code counted per week or month (?periode=setmana|mes). Read uncached: the figures move with
// every code put on or taken off.

const monthLabel = new Intl.DateTimeFormat(INTL_LOCALE.ca, { month: "short", year: "numeric", timeZone: "UTC" });
const weekLabel = new Intl.DateTimeFormat(INTL_LOCALE.ca, { day: "numeric", month: "short", year: "2-digit", timeZone: "UTC" });

/** A period's name: "nov. 2026", or the week's Monday "23 de nov. 26". */
export const periodLabel = (day: string, period: Period) =>
  (period === "mes" ? monthLabel : weekLabel).format(new Date(`${day}T00:00:00Z`));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), ANALYSIS_SHAPE);
  const dimension = query.filters.per as Dimension;
  const period = query.filters.periode as Period;
  const [table, time] = await Promise.all([crossTab(context.db, dimension), countsOverTime(context.db, period)]);
  return { query, table, time: { ...time, labels: time.periods.map((p) => periodLabel(p, period)) } };
}
