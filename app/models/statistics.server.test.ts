import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { categories } from "~/domain/themes";
import * as dashboard from "~/routes/admin/dashboard.server";
import { signedInAdmin } from "~/test/admin";
import { fixClock } from "~/test/clock";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import * as aportacions from "~/routes/aportacions";
import {
  busiestHours,
  contributionsOverTime,
  contributionTotals,
  dayOf,
  newsletterGrowth,
  testimonialsByStatus,
} from "~/models/statistics.server";

// Every figure is counted again here, in JavaScript, from all the rows, and compared.

const hourOf = (d: Date) =>
  Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", hourCycle: "h23" }).format(d));

describe.each(testBackends())("statistics on %s", (backend) => {
  const ctx = setupTestContext(backend);

  it("totals, per day and week, per hour, per status and the newsletter's growth equal counts made apart", async () => {
    const now = new Date(Date.now());
    fixClock(now);
    // A pseudo-random spread over the last 120 days, at every hour.
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const at = () => new Date(now.getTime() - rand(120 * 24 * 60) * 60_000);
    const key = "audio/00000000-0000-4000-8000-000000000000.mp3";
    await ctx.db.insert(t.reflections).values(Array.from({ length: 150 }, (_, i) => ({ reflection: `r${i}`, createdAt: at() })));
    await ctx.db.insert(t.mapComments).values(Array.from({ length: 90 }, (_, i) => ({ comment: `c${i}`, createdAt: at() })));
    await ctx.db.insert(t.testimonials).values(
      Array.from({ length: 60 }, (_, i) => ({
        title: `t${i}`,
        category: categories[rand(4)]!,
        status: (["pending", "published", "hidden"] as const)[rand(3)]!,
        audioKey: key,
        submittedAt: at(),
      })),
    );
    await ctx.db.insert(t.newsletterSubscriptions).values(
      Array.from({ length: 40 }, (_, i) => ({
        email: `s${i}@exemple.cat`,
        privacyAccepted: true,
        status: rand(2) ? ("confirmed" as const) : ("pending" as const),
        createdAt: at(),
      })),
    );
    const [refl, comments, testis, subs] = await Promise.all([
      ctx.db.select().from(t.reflections),
      ctx.db.select().from(t.mapComments),
      ctx.db.select().from(t.testimonials),
      ctx.db.select().from(t.newsletterSubscriptions),
    ]);
    const dated = [
      ...refl.map((r) => ({ type: "reflection" as const, at: r.createdAt })),
      ...comments.map((r) => ({ type: "map_comment" as const, at: r.createdAt })),
      ...testis.map((r) => ({ type: "testimonial" as const, at: r.submittedAt })),
    ];

    const published = testis.filter((x) => x.status === "published");
    const theme = (rows: typeof testis) => Object.fromEntries(categories.map((c) => [c, rows.filter((x) => x.category === c).length]));
    expect(await contributionTotals(ctx.db, { published: false })).toEqual({
      byType: { reflection: 150, map_comment: 90, testimonial: 60 },
      byTheme: theme(testis),
      total: 300,
    });
    expect(await contributionTotals(ctx.db, { published: true })).toEqual({
      byType: { reflection: 150, map_comment: 90, testimonial: published.length },
      byTheme: theme(published),
      total: 240 + published.length,
    });

    for (const granularity of ["day", "week"] as const) {
      const buckets = await contributionsOverTime(ctx.db, granularity, now);
      expect(buckets).toHaveLength(granularity === "day" ? 30 : 12);
      expect(buckets.at(-1)!.from <= dayOf(now) && dayOf(now) <= buckets.at(-1)!.to).toBe(true);
      for (const b of buckets) {
        for (const type of ["reflection", "map_comment", "testimonial"] as const) {
          const expected = dated.filter((d) => d.type === type && dayOf(d.at) >= b.from && dayOf(d.at) <= b.to).length;
          expect(b.counts[type], `${granularity} ${b.from} ${type}`).toBe(expected);
        }
      }
    }

    const hours = Array.from({ length: 24 }, (_, h) => dated.filter((d) => hourOf(d.at) === h).length);
    expect(await busiestHours(ctx.db)).toEqual(hours);
    expect(await testimonialsByStatus(ctx.db)).toEqual({
      pending: testis.filter((x) => x.status === "pending").length,
      published: published.length,
      hidden: testis.filter((x) => x.status === "hidden").length,
    });

    const growth = await newsletterGrowth(ctx.db, now);
    expect(growth.confirmed + growth.pending).toBe(40);
    expect(growth.confirmed).toBe(subs.filter((s) => s.status === "confirmed").length);
    for (const w of growth.series) {
      expect(w.added).toBe(subs.filter((s) => dayOf(s.createdAt) >= w.from && dayOf(s.createdAt) <= w.to).length);
      expect(w.total).toBe(subs.filter((s) => dayOf(s.createdAt) <= w.to).length);
    }

    // The dashboard shows these figures; the public block only the published ones.
    const cookie = await signedInAdmin(ctx);
    const board = await dashboard.loader(routeArgs(ctx, "/admin/dashboard?per=day", { headers: { Cookie: cookie } }) as never);
    expect(board.granularity).toBe("day");
    expect(board.totals.byType.testimonial).toBe(60);
    const page = await aportacions.loader(routeArgs(ctx, "/aportacions") as never);
    expect(page.figures).toEqual({
      byType: { reflection: 150, map_comment: 90, testimonial: published.length },
      byTheme: theme(published),
      total: 240 + published.length,
    });
  });
});
