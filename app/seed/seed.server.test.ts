import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as t from "~/db/schema";
import { fixClock } from "~/test/clock";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { seed, seedId } from "./seed.server";
import { missingTranslations } from "~/routes/admin/translations.server";

const ASSETS = path.resolve("scripts/seed-assets");
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testBackends())("demo content on %s", (backend) => {
  const ctx = setupTestContext(backend);
  afterEach(() => {
    vi.useRealTimers();
  });

  it("seeds demo content for every entity, idempotently, with real files, dated from the day it runs", async () => {
    // A day far from when this was written: every date must follow the clock (decision 015).
    const today = fixClock("2031-03-10T10:00:00Z");
    const first = await seed(ctx.db, ctx.storage, ASSETS);
    expect(first.inserted).toBeGreaterThan(30);
    const tables = [
      t.activities,
      t.footerConfig,
      t.footerLogos,
      t.newsletterSubscriptions,
      t.mapComments,
      t.reflections,
      t.testimonials,
      t.homeBackground,
      t.videos,
      t.resources,
      t.biciFucsiaPhotos,
      t.landings,
    ];
    const counts = async () => Promise.all(tables.map((table) => ctx.db.$count(table)));
    const before = await counts();
    for (const n of before) expect(n).toBeGreaterThan(0);

    const second = await seed(ctx.db, ctx.storage, ASSETS);
    expect(second.inserted).toBe(0);
    expect(second.skipped).toBe(first.inserted);
    expect(await counts()).toEqual(before);

    // The demo content is in three languages (decision 062): only the draft landing lacks its translations.
    expect((await missingTranslations(ctx.db, null)).map((m) => m.name)).toEqual(["Camins escolars en bici"]);

    const testimonial = await ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, seedId("testimonial:0")) });
    expect(testimonial?.audioKey).toMatch(/^audio\/.+\.weba$/);
    expect(await ctx.storage.exists(testimonial!.audioKey)).toBe(true);
    const photo = await ctx.db.query.biciFucsiaPhotos.findFirst();
    expect(await ctx.storage.exists(photo!.imageKey)).toBe(true);
    expect(photo!.width).toBeGreaterThan(0);

    // The partners' logos are their marks, light PNGs as staff would upload them (issue 18).
    const logos = await ctx.db.query.footerLogos.findMany({ orderBy: t.footerLogos.position });
    expect(logos.map((l) => l.name)).toEqual([
      "Consell Comarcal del Penedès",
      "Finançat per la Unió Europea - NextGenerationEU",
      "Mou-te Mobilitat",
    ]);
    for (const l of logos) {
      const file = await ctx.storage.stat(l.imageKey);
      expect(file?.contentType).toBe("image/png");
      expect(file!.size).toBeLessThan(8 * 1024);
    }

    // The agenda lies ahead of that day, and what visitors sent lies in the weeks before it.
    const activities = await ctx.db.query.activities.findMany();
    for (const a of activities) expect(a.date > today.toISOString().slice(0, 10)).toBe(true);
    const comments = await ctx.db.query.mapComments.findMany();
    for (const c of comments) expect(Math.abs(c.createdAt.getTime() - today.getTime())).toBeLessThan(60 * DAY_MS);

    // No demo text shows twice (issue 27, item 14): each comment, reflection and testimonial its own.
    const texts = [
      ...comments.map((c) => c.comment),
      ...(await ctx.db.query.reflections.findMany()).map((r) => r.reflection),
      ...(await ctx.db.query.testimonials.findMany()).map((r) => r.title),
    ];
    expect(comments.length).toBeGreaterThanOrEqual(36);
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
  });
});
