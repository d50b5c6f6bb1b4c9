import { count, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscriptions, testimonials } from "~/db/schema";
import { contributionTypes, moderationStatuses, type ContributionType, type ModerationStatus } from "~/domain/contributions";
import { categories, type Category } from "~/domain/themes";
import { TIME_ZONE } from "~/models/admin-list.server";
import { contributionKinds, isPublic } from "~/models/contributions.server";

// The participation in figures (decision 037): the admin dashboard's statistics and the public
// block on /aportacions. Everything is counted by the database (GROUP BY), never by loading rows.

/** The contributions, one source a kind (contributions.server.ts), with what the public sees of
 * each (decision 028): the public figures count only that, the dashboard counts everything. */
const SOURCES = contributionKinds.map((k) => ({
  type: k.type,
  table: k.table,
  date: k.columns.date,
  published: isPublic(k),
  theme: k.columns.theme,
}));

const zeroTypes = () => Object.fromEntries(contributionTypes.map((t) => [t, 0])) as Record<ContributionType, number>;
const zeroThemes = () => Object.fromEntries(categories.map((c) => [c, 0])) as Record<Category, number>;

/** Totals by type and by theme; `published` counts only what the public pages show. */
export async function contributionTotals(db: Db, { published }: { published: boolean }) {
  const byType = zeroTypes();
  const byTheme = zeroThemes();
  await Promise.all(
    SOURCES.map(async (s) => {
      const where = published ? s.published : undefined;
      if (s.theme) {
        const rows = await db.select({ theme: s.theme, n: count() }).from(s.table).where(where).groupBy(s.theme);
        for (const r of rows) {
          byTheme[r.theme as Category] += r.n;
          byType[s.type] += r.n;
        }
      } else {
        const [row] = await db.select({ n: count() }).from(s.table).where(where);
        byType[s.type] = row?.n ?? 0;
      }
    }),
  );
  return { byType, byTheme, total: Object.values(byType).reduce((a, b) => a + b, 0) };
}

export type Granularity = "day" | "week";

/** A calendar day (yyyy-mm-dd) in the campaign's time zone. */
export const dayOf = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: TIME_ZONE }).format(d);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The Monday of a day's week (weeks start on Monday in Catalonia, as in PostgreSQL's date_trunc). */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

export interface Bucket {
  /** The first day of the bucket, and its last. */
  from: string;
  to: string;
  counts: Record<ContributionType, number>;
}

/** Contributions per day (the last 30 days) or per week (the last 12), by type, up to `now`. */
export async function contributionsOverTime(db: Db, granularity: Granularity, now = new Date()): Promise<Bucket[]> {
  const today = dayOf(now);
  const last = granularity === "day" ? today : mondayOf(today);
  const size = granularity === "day" ? 1 : 7;
  const n = granularity === "day" ? 30 : 12;
  const first = addDays(last, -(n - 1) * size);
  const buckets: Bucket[] = Array.from({ length: n }, (_, i) => {
    const from = addDays(first, i * size);
    return { from, to: addDays(from, size - 1), counts: zeroTypes() };
  });
  const index = new Map(buckets.map((b, i) => [b.from, i]));
  await Promise.all(
    SOURCES.map(async (s) => {
      const bucket = sql<string>`date_trunc(${granularity}, ${s.date} at time zone ${TIME_ZONE})::date::text`;
      const rows = await db
        .select({ bucket, n: count() })
        .from(s.table)
        .where(sql`${s.date} >= (${first}::date::timestamp at time zone ${TIME_ZONE})`)
        .groupBy(sql`1`);
      for (const r of rows) {
        const i = index.get(r.bucket);
        if (i !== undefined) buckets[i]!.counts[s.type] += r.n;
      }
    }),
  );
  return buckets;
}

/** Contributions by hour of the day (0-23, campaign time), every type together. */
export async function busiestHours(db: Db): Promise<number[]> {
  const hours = Array.from({ length: 24 }, () => 0);
  await Promise.all(
    SOURCES.map(async (s) => {
      const hour = sql<number>`extract(hour from ${s.date} at time zone ${TIME_ZONE})::int`;
      for (const r of await db
        .select({ hour, n: count() })
        .from(s.table)
        .groupBy(sql`1`))
        hours[r.hour]! += r.n;
    }),
  );
  return hours;
}

export async function testimonialsByStatus(db: Db): Promise<Record<ModerationStatus, number>> {
  const out = Object.fromEntries(moderationStatuses.map((s) => [s, 0])) as Record<ModerationStatus, number>;
  for (const r of await db.select({ status: testimonials.status, n: count() }).from(testimonials).groupBy(testimonials.status))
    out[r.status] = r.n;
  return out;
}

/** New subscribers per week (the last 12) and the running total at the end of each week, with the
 * totals by status now. */
export async function newsletterGrowth(db: Db, now = new Date()) {
  const weeks = 12;
  const last = mondayOf(dayOf(now));
  const first = addDays(last, -(weeks - 1) * 7);
  const start = sql`(${first}::date::timestamp at time zone ${TIME_ZONE})`;
  const week = sql<string>`date_trunc('week', ${newsletterSubscriptions.createdAt} at time zone ${TIME_ZONE})::date::text`;
  const [rows, [before], byStatus] = await Promise.all([
    db
      .select({ week, n: count() })
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.createdAt} >= ${start}`)
      .groupBy(sql`1`),
    db
      .select({ n: count() })
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.createdAt} < ${start}`),
    db.select({ status: newsletterSubscriptions.status, n: count() }).from(newsletterSubscriptions).groupBy(newsletterSubscriptions.status),
  ]);
  const added = new Map(rows.map((r) => [r.week, r.n]));
  let running = before?.n ?? 0;
  const series = Array.from({ length: weeks }, (_, i) => {
    const from = addDays(first, i * 7);
    const n = added.get(from) ?? 0;
    running += n;
    return { from, to: addDays(from, 6), added: n, total: running };
  });
  const status = Object.fromEntries(byStatus.map((r) => [r.status, r.n])) as Partial<Record<string, number>>;
  return { series, confirmed: status.confirmed ?? 0, pending: status.pending ?? 0 };
}

/** The public block's figures (the page cache keeps them with the page). */
export const publicFigures = (db: Db) => contributionTotals(db, { published: true });
