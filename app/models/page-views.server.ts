import { createHash, randomBytes } from "node:crypto";
import { and, desc, gte, lt, sql, sum } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { dailyVisitors, pageViews, visitorHashes, visitorSalts } from "~/db/schema";
import { nextDay } from "~/domain/consultation";

// Audience measurement without cookies (issue 34, decision 066): what the server's counter
// (server/measure.ts) adds to the database, and what the dashboard reads of it. Every write adds
// to what is there (an upsert that adds, a hash inserted once), so that two instances, or a batch
// sent twice after a failure, never lose a count; a batch lost with a crashed process is at most
// one flush interval of views.

export type Device = "mobile" | "tablet" | "desktop";
export const DEVICES: readonly Device[] = ["mobile", "tablet", "desktop"];

/** One row of a batch: so many views of a page on a day, from a referring host, on a device. */
export interface ViewCount {
  day: string;
  page: string;
  referrer: string;
  device: Device;
  views: number;
}

/** Adds a batch of view counts (one statement; rows of the same key add up). */
export async function addPageViews(db: Db, rows: readonly ViewCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(pageViews)
    .values([...rows])
    .onConflictDoUpdate({
      target: [pageViews.day, pageViews.page, pageViews.referrer, pageViews.device],
      set: { views: sql`${pageViews.views} + excluded.views` },
    });
}

/** The salt of a day, the same for every instance: the first to ask makes it. */
export async function saltOf(db: Db, day: string): Promise<string> {
  await db
    .insert(visitorSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: visitorSalts.salt })
    .from(visitorSalts)
    .where(sql`${visitorSalts.day} = ${day}`);
  return row!.salt;
}

/** What stands for one visitor during one day: neither the address nor the browser's name can be
 * read back from it, and once the day's salt is deleted nobody can recompute it. */
export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash("sha256").update(`${salt}\u0000${address}\u0000${userAgent}`).digest("base64url").slice(0, 22);

/** Records the day's visitors (hashes already seen are ignored). */
export async function addVisitors(db: Db, day: string, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insert(visitorHashes)
    .values(hashes.map((hash) => ({ day, hash })))
    .onConflictDoNothing();
}

/** Closes the days before `today`: counts their visitors into daily_visitors and deletes their
 * hashes and salts. One statement deletes and counts the same rows, so two instances doing it at
 * once count each hash once (the second's DELETE finds the rows gone), and a crash leaves either
 * everything or nothing done. */
export async function closePastDays(db: Db, today: string): Promise<void> {
  await db.execute(sql`
    with gone as (delete from ${visitorHashes} where ${visitorHashes.day} < ${today} returning ${visitorHashes.day} as day)
    insert into ${dailyVisitors} (day, visitors)
    select day, count(*)::int from gone group by day
    on conflict (day) do update set visitors = ${dailyVisitors.visitors} + excluded.visitors`);
  await db.delete(visitorSalts).where(lt(visitorSalts.day, today));
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface AudienceDay {
  day: string;
  views: number;
  visitors: number;
}

export interface Audience {
  days: AudienceDay[];
  pages: { page: string; views: number }[];
  referrers: { referrer: string; views: number }[];
  devices: Record<Device, number>;
  total: number;
}

/** The last `n` days up to `today` (a day with no views is there with zeros), the most viewed
 * pages and referring sites of those days, and the views by device. */
export async function audience(db: Db, today: string, n = 30, top = 10): Promise<Audience> {
  const first = addDays(today, -(n - 1));
  const since = and(gte(pageViews.day, first), lt(pageViews.day, nextDay(today)));
  const views = sql<number>`coalesce(${sum(pageViews.views)}, 0)::int`;
  const [byDay, past, todays, pages, referrers, devices] = await Promise.all([
    db.select({ day: pageViews.day, views }).from(pageViews).where(since).groupBy(pageViews.day),
    db.select().from(dailyVisitors).where(gte(dailyVisitors.day, first)),
    db
      .select({ day: visitorHashes.day, n: sql<number>`count(*)::int` })
      .from(visitorHashes)
      .where(gte(visitorHashes.day, first))
      .groupBy(visitorHashes.day),
    db
      .select({ page: pageViews.page, views })
      .from(pageViews)
      .where(since)
      .groupBy(pageViews.page)
      .orderBy(desc(views), pageViews.page)
      .limit(top),
    db
      .select({ referrer: pageViews.referrer, views })
      .from(pageViews)
      .where(and(since, sql`${pageViews.referrer} <> ''`))
      .groupBy(pageViews.referrer)
      .orderBy(desc(views), pageViews.referrer)
      .limit(top),
    db.select({ device: pageViews.device, views }).from(pageViews).where(since).groupBy(pageViews.device),
  ]);
  const viewsOf = new Map(byDay.map((r) => [r.day, r.views]));
  const visitorsOf = new Map<string, number>();
  for (const r of past) visitorsOf.set(r.day, r.visitors);
  // A day not yet closed: its hashes (a day closed by one instance while another still adds).
  for (const r of todays) visitorsOf.set(r.day, (visitorsOf.get(r.day) ?? 0) + r.n);
  const days = Array.from({ length: n }, (_, i) => {
    const day = addDays(first, i);
    return { day, views: viewsOf.get(day) ?? 0, visitors: visitorsOf.get(day) ?? 0 };
  });
  const byDevice = Object.fromEntries(DEVICES.map((d) => [d, 0])) as Record<Device, number>;
  for (const r of devices) byDevice[r.device] = r.views;
  return { days, pages, referrers, devices: byDevice, total: days.reduce((a, d) => a + d.views, 0) };
}
