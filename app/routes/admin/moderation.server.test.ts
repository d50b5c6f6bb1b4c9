import fs from "node:fs";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as t from "~/db/schema";
import { CLOSED_MESSAGE, DEFAULT_CONSULTATION } from "~/domain/campaign";
import { dayInCatalonia } from "~/domain/consultation";
import { formatLongDate } from "~/lib/dates";
import { fixClock, movedClock } from "~/test/clock";
import { contributionsPage, latestContributions } from "~/models/content.server";
import { reportedPublishedCount, reportHolds, saveConsultation, saveModerationSettings } from "~/models/moderation.server";
import {
  DEFAULT_MODERATION,
  DELETE_TEXTS,
  DISMISSED_REPORTS_MAX,
  QUEUE_PAGE_SIZE,
  REPORT_HOLDS_PER_HOUR,
  REPORTS_WEIGHED_PER_HOUR,
} from "~/lib/moderation";
import { createMapComment, createReflection, createReport, createTestimonial, subscribeNewsletter } from "~/models/participation.server";
import { MESSAGES, REPORT_TEXTS } from "~/lib/participation-texts";
import { clientKeyFor, RATE_LIMIT } from "~/infra/rate-limit.server";
import { adminTestBed } from "~/test/admin";
import { signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { everyPublicLoader } from "~/test/public";
import { testBackends } from "~/test/db";
import * as publicLayout from "~/routes/public-layout";
import * as moderation from "./moderation.server";
import * as settings from "./settings.server";

// Decision 028 and 029: every moderation transition and what each public read shows after it;
// reports; the modes; the calendar; the word filter; the queue's paging and filters.

const form = (url: string, fields: Record<string, string>) =>
  new Request(`http://127.0.0.1:3000${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

type Ctx = ReturnType<typeof adminTestBed>["ctx"];

/** What the public reads show: the carousel, the contributions page (all and by type) and its count. */
async function publicTexts(ctx: Ctx) {
  const latest = await latestContributions(ctx.db);
  const all = await contributionsPage(ctx.db, null, 1);
  const byType = await Promise.all((["reflection", "map_comment", "testimonial"] as const).map((ty) => contributionsPage(ctx.db, ty, 1)));
  return {
    latest: latest.map((c) => c.text),
    all: all.items.map((c) => c.text),
    total: all.total,
    byTypeTotal: byType.reduce((n, p) => n + p.total, 0),
    byType: byType.flatMap((p) => p.items.map((c) => c.text)),
  };
}

describe.each(testBackends())("moderation on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { ctx, post } = bed;
  /** The same context as another visitor (another address, so another key). */
  const visitor = (n: number) => ({ ...ctx, clientKey: `visitor-${n}-${Math.random()}` });

  async function seedThree(tag: string) {
    const [r] = await ctx.db
      .insert(t.reflections)
      .values({ reflection: `Reflexió ${tag}` })
      .returning();
    const [m] = await ctx.db
      .insert(t.mapComments)
      .values({ comment: `Comentari ${tag}` })
      .returning();
    const [tm] = await ctx.db
      .insert(t.testimonials)
      .values({ title: `Testimoni ${tag}`, category: "laboral", audioKey: `audio/${crypto.randomUUID()}.weba`, status: "published" })
      .returning();
    return { r: r!, m: m!, tm: tm!, keys: `reflection:${r!.id},map_comment:${m!.id},testimonial:${tm!.id}` };
  }

  it("the queue filters by municipality (issue 32) and shows each item's", async () => {
    const { r, m, tm } = await seedThree(`municipi ${crypto.randomUUID()}`);
    await ctx.db.update(t.reflections).set({ municipality: "Gelida" }).where(eq(t.reflections.id, r.id));
    await ctx.db.update(t.mapComments).set({ municipality: "Gelida" }).where(eq(t.mapComments.id, m.id));
    await ctx.db.update(t.testimonials).set({ municipality: "Olèrdola" }).where(eq(t.testimonials.id, tm.id));
    const queue = (query: string) =>
      moderation.loader(routeArgs(ctx, `/admin/moderacio${query}`, { headers: { Cookie: bed.cookie } }) as never);
    const gelida = await queue("?estat=published&municipi=Gelida");
    expect(gelida.items.map((i) => [i.key, i.municipality]).sort()).toEqual(
      [
        [`reflection:${r.id}`, "Gelida"],
        [`map_comment:${m.id}`, "Gelida"],
      ].sort(),
    );
    const olerdola = await queue("?estat=published&municipi=Ol%C3%A8rdola");
    expect(olerdola.items.map((i) => i.key)).toEqual([`testimonial:${tm.id}`]);
    await ctx.db.delete(t.reflections).where(eq(t.reflections.id, r.id));
    await ctx.db.delete(t.mapComments).where(eq(t.mapComments.id, m.id));
    await ctx.db.delete(t.testimonials).where(eq(t.testimonials.id, tm.id));
  });

  it("hide, restore, approve and delete: each public read follows at once, one at a time and in bulk", async () => {
    const { r, m, tm, keys } = await seedThree("T1");
    const texts = ["Reflexió T1", "Comentari T1", "Testimoni T1"];
    let seen = await publicTexts(ctx);
    for (const text of texts) for (const list of [seen.latest, seen.all, seen.byType]) expect(list).toContain(text);
    const before = seen.total;
    // The walk sees what is public (so its "not there" below means something).
    const walk = await everyPublicLoader(ctx);
    for (const text of texts) expect(walk).toContain(text);

    // Hiding needs a reason; without one nothing changes.
    expect(await post(moderation.action, { intent: "hide", items: `reflection:${r.id}` })).toMatchObject({ ok: false, status: 400 });
    expect(await post(moderation.action, { intent: "hide", items: keys, reason: "Insults" })).toMatchObject({
      ok: true,
      message: "3 aportacions amagades",
    });
    const hidden = await ctx.db.query.reflections.findFirst({ where: eq(t.reflections.id, r.id) });
    expect(hidden).toMatchObject({ status: "hidden", hiddenReason: "Insults" });
    expect((await ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, tm.id) }))!.status).toBe("hidden");
    seen = await publicTexts(ctx);
    for (const text of texts) for (const list of [seen.latest, seen.all, seen.byType]) expect(list).not.toContain(text);
    expect(seen.total).toBe(before - 3);
    expect(seen.byTypeTotal).toBe(before - 3);
    // The texts themselves: the open-data catalogue carries dates ("2026-11-26T15:…") that hold "T1".
    expect(await everyPublicLoader(ctx)).not.toMatch(/(Reflexió|Comentari|Testimoni) T1/);

    // Hiding again does not fit: 409, and the reason stays.
    expect(await post(moderation.action, { intent: "hide", items: keys, reason: "Una altra" })).toMatchObject({ ok: false, status: 409 });
    // Restored: back everywhere, the reason cleared.
    expect(await post(moderation.action, { intent: "restore", items: `map_comment:${m.id}` })).toMatchObject({
      ok: true,
      message: "Aportació restaurada i publicada",
    });
    expect(await ctx.db.query.mapComments.findFirst({ where: eq(t.mapComments.id, m.id) })).toMatchObject({
      status: "published",
      hiddenReason: null,
    });
    seen = await publicTexts(ctx);
    expect(seen.all).toContain("Comentari T1");
    expect(seen.latest).toContain("Comentari T1");
    expect(seen.all).not.toContain("Reflexió T1");

    // Delete: only hidden ones, all or nothing. The restored comment is public again, so the
    // selection is refused whole, with a Catalan answer, and nothing goes.
    await ctx.db
      .insert(t.contributionReports)
      .values({ contributionType: "reflection", contributionId: r.id, reason: "spam", reporterKey: "k" });
    expect(await post(moderation.action, { intent: "delete", items: keys })).toMatchObject({
      ok: false,
      status: 409,
      error: DELETE_TEXTS.notHidden,
    });
    expect(await ctx.db.$count(t.reflections, eq(t.reflections.id, r.id))).toBe(1);
    expect(await ctx.db.$count(t.contributionReports, eq(t.contributionReports.contributionId, r.id))).toBe(1);
    // Hidden again, the three go: the rows, their reports and the testimonial's file.
    await post(moderation.action, { intent: "hide", items: `map_comment:${m.id}`, reason: "Insults" });
    expect(await post(moderation.action, { intent: "delete", items: keys })).toMatchObject({
      ok: true,
      message: "3 aportacions eliminades",
    });
    expect(await ctx.db.$count(t.reflections, eq(t.reflections.id, r.id))).toBe(0);
    expect(await ctx.db.$count(t.testimonials, eq(t.testimonials.id, tm.id))).toBe(0);
    expect(await ctx.db.$count(t.contributionReports, eq(t.contributionReports.contributionId, r.id))).toBe(0);
    expect((await publicTexts(ctx)).all).not.toContain("Comentari T1");
  });

  it("delete: an administrator's, of a hidden contribution only; a moderator is refused on the server", async () => {
    const { r, m, tm } = await seedThree("D1");
    const { key } = await ctx.storage.put(Readable.from([fs.readFileSync("tests/fixtures/veu.mp3")]), {
      maxBytes: 5e6,
      prefix: "audio",
      accept: (type) => type,
    });
    await ctx.db.update(t.testimonials).set({ audioKey: key }).where(eq(t.testimonials.id, tm.id));
    const as = async (role: "administrator" | "moderator", fields: Record<string, string>) => {
      const { cookie } = await signedInAs(ctx, role);
      const out = (await moderation.action(
        routeArgs(ctx, "/admin/moderacio", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }) as never,
      )) as { data: { ok: boolean; error?: string; message?: string }; init: ResponseInit | null };
      return { ...out.data, status: out.init?.status ?? 200 };
    };
    const exists = async () =>
      Promise.all([
        ctx.db.$count(t.reflections, eq(t.reflections.id, r.id)),
        ctx.db.$count(t.mapComments, eq(t.mapComments.id, m.id)),
        ctx.db.$count(t.testimonials, eq(t.testimonials.id, tm.id)),
      ]);
    const audit = () => ctx.db.$count(t.auditLog, eq(t.auditLog.action, "delete"));
    const audited = await audit();

    // Published (public) and pending: refused to an administrator too, with a Catalan answer.
    await ctx.db.update(t.mapComments).set({ status: "pending" }).where(eq(t.mapComments.id, m.id));
    for (const items of [`reflection:${r.id}`, `testimonial:${tm.id}`, `map_comment:${m.id}`])
      expect(await as("administrator", { intent: "delete", items })).toMatchObject({
        ok: false,
        status: 409,
        error: DELETE_TEXTS.notHidden,
      });
    expect(await exists()).toEqual([1, 1, 1]);

    // A moderator may hide them, but never delete, hidden or not.
    const all = `reflection:${r.id},map_comment:${m.id},testimonial:${tm.id}`;
    expect(await as("moderator", { intent: "hide", items: all, reason: "Correu brossa" })).toMatchObject({ ok: true });
    expect(await as("moderator", { intent: "delete", items: all })).toMatchObject({
      ok: false,
      status: 403,
      error: DELETE_TEXTS.adminsOnly,
    });
    expect(await as("moderator", { intent: "delete", items: `testimonial:${tm.id}` })).toMatchObject({ ok: false, status: 403 });
    expect(await exists()).toEqual([1, 1, 1]);
    expect(await audit()).toBe(audited);

    // An administrator deletes the hidden testimonial: the row and its audio file go, one audit entry.
    expect(await ctx.storage.exists(key)).toBe(true);
    expect(await as("administrator", { intent: "delete", items: `testimonial:${tm.id}` })).toMatchObject({
      ok: true,
      message: "Testimoni eliminat",
    });
    expect(await exists()).toEqual([1, 1, 0]);
    expect(await ctx.storage.exists(key)).toBe(false);
    expect(await audit()).toBe(audited + 1);
    expect(await as("administrator", { intent: "delete", items: `reflection:${r.id},map_comment:${m.id}` })).toMatchObject({
      ok: true,
      message: "2 aportacions eliminades",
    });
    expect(await exists()).toEqual([0, 0, 0]);
  });

  it("review-first mode: new reflections and map comments wait, say so, and show once approved", async () => {
    await saveModerationSettings(ctx.db, { ...DEFAULT_MODERATION, mode: "review_first" });
    try {
      const refl = await createReflection(form("/participa/reflexio", { reflection: "Pendent R2" }), visitor(1));
      expect(refl.result).toEqual({ ok: true, message: { title: MESSAGES.reflectionSuccess, description: MESSAGES.reflectionPending } });
      // A minute apart, so that "newest first" does not rest on two rows written in the same tick
      // (the moved-clock run's fake Date moves in 20 ms steps).
      await ctx.db
        .update(t.reflections)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(t.reflections.reflection, "Pendent R2"));
      const comment = await createMapComment(form("/participa/mapa", { comment: "Pendent M2", privacy: "on" }), visitor(1));
      expect(comment.result).toEqual({ ok: true, message: MESSAGES.commentSuccess });
      const [r] = await ctx.db.select().from(t.reflections).where(eq(t.reflections.reflection, "Pendent R2"));
      expect(r!.status).toBe("pending");
      expect(await everyPublicLoader(ctx)).not.toMatch(/Pendent [RM]2/);
      expect((await publicTexts(ctx)).all).not.toContain("Pendent R2");

      // Staff see it in the queue, newest first, and approve it.
      const queue = await moderation.loader(routeArgs(ctx, "/admin/moderacio", { headers: { Cookie: bed.cookie } }) as never);
      expect(queue.items.map((i) => i.text).slice(0, 2)).toEqual(["Pendent M2", "Pendent R2"]);
      expect(await post(moderation.action, { intent: "approve", items: `reflection:${r!.id}` })).toMatchObject({
        ok: true,
        message: "Aportació aprovada i publicada",
      });
      const seen = await publicTexts(ctx);
      expect(seen.all).toContain("Pendent R2");
      expect(seen.latest).toContain("Pendent R2");
      expect(seen.all).not.toContain("Pendent M2");
    } finally {
      await saveModerationSettings(ctx.db, DEFAULT_MODERATION);
    }
  });

  it("publish-then-review mode says the contribution is public; the word and link filter holds matches in either mode", async () => {
    const ok = await createMapComment(form("/participa/mapa", { comment: "Publicat M3", privacy: "on" }), visitor(2));
    expect(ok.result).toMatchObject({ ok: true, message: MESSAGES.commentPublished });
    expect((await publicTexts(ctx)).all).toContain("Publicat M3");

    // Saved through the settings screen, as staff do.
    expect(
      await post(settings.action, {
        intent: "moderation",
        mode: "publish_then_review",
        reportThreshold: "3",
        blockedTerms: "Paraulota\nbit.ly\n  ",
      }),
    ).toMatchObject({ ok: true, message: "Moderació desada correctament" });
    const held = await createMapComment(form("/participa/mapa", { comment: "Quina PARAULOTA M3b", privacy: "on" }), visitor(2));
    expect(held.result).toEqual({ ok: true, message: MESSAGES.commentSuccess });
    await createReflection(form("/participa/reflexio", { reflection: "Mireu https://bit.ly/x R3" }), visitor(2));
    await createReflection(form("/participa/reflexio", { reflection: "Sense res R3c", name: "Paraulota" }), visitor(2));
    // A word inside another word is not the word.
    await createReflection(form("/participa/reflexio", { reflection: "Paraulotada R3d" }), visitor(2));
    const statuses = Object.fromEntries((await ctx.db.select().from(t.reflections)).map((r) => [r.reflection, r.status]));
    expect(statuses["Mireu https://bit.ly/x R3"]).toBe("pending");
    expect(statuses["Sense res R3c"]).toBe("pending");
    expect(statuses["Paraulotada R3d"]).toBe("published");
    // Links held as such.
    await post(settings.action, { intent: "moderation", mode: "publish_then_review", reportThreshold: "3", holdLinks: "on" });
    await createReflection(form("/participa/reflexio", { reflection: "Vegeu www.exemple.cat R3e" }), visitor(2));
    expect((await ctx.db.query.reflections.findFirst({ where: eq(t.reflections.reflection, "Vegeu www.exemple.cat R3e") }))!.status).toBe(
      "pending",
    );
    expect(await everyPublicLoader(ctx)).not.toMatch(/M3b|bit\.ly|R3c|R3e/);
    // Bad settings are refused, field by field, and change nothing.
    const bad = await post(settings.action, { intent: "moderation", mode: "cap", reportThreshold: "0" });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect(Object.keys(bad.fieldErrors ?? {})).toEqual(expect.arrayContaining(["mode", "reportThreshold"]));
    await saveModerationSettings(ctx.db, DEFAULT_MODERATION);
  });

  it("reports: once per visitor, rate-limited, the threshold sends it to pending, staff see the reasons", async () => {
    const { r, tm } = await seedThree("T4");
    const report = (n: number | Ctx, fields: Record<string, string>) =>
      createReport(form("/denuncia", fields), typeof n === "number" ? visitor(n) : n);

    expect((await report(1, { type: "reflection", id: r.id })).result).toMatchObject({
      ok: false,
      errors: { reason: REPORT_TEXTS.reasonRequired },
    });
    expect((await report(1, { type: "reflection", id: r.id, reason: "other" })).result).toMatchObject({
      ok: false,
      errors: { detail: REPORT_TEXTS.detailRequired },
    });
    const first = visitor(100);
    const reportedBefore = await reportedPublishedCount(ctx.db);
    expect(await report(first, { type: "reflection", id: r.id, reason: "spam" })).toEqual({
      status: 200,
      result: { ok: true, message: REPORT_TEXTS.success },
    });
    expect(await report(first, { type: "reflection", id: r.id, reason: "offensive" })).toEqual({
      status: 409,
      result: { ok: false, errors: {}, message: REPORT_TEXTS.duplicate },
    });
    expect((await publicTexts(ctx)).all).toContain("Reflexió T4");
    // The dashboard counts it among the published ones with reports (issue 27, item 13).
    expect(await reportedPublishedCount(ctx.db)).toBe(reportedBefore + 1);
    await report(2, { type: "reflection", id: r.id, reason: "other", detail: "Hi ha un telèfon" });
    await report(3, { type: "reflection", id: r.id, reason: "personal_data" });
    // The third report (the default threshold): pending, gone from every public read.
    expect((await ctx.db.query.reflections.findFirst({ where: eq(t.reflections.id, r.id) }))!.status).toBe("pending");
    expect(await reportedPublishedCount(ctx.db)).toBe(reportedBefore);
    expect(await everyPublicLoader(ctx)).not.toMatch(/Reflexió T4/);
    // A contribution no longer public cannot be reported.
    expect(await report(4, { type: "reflection", id: r.id, reason: "spam" })).toMatchObject({ status: 404 });

    // Staff see it with its reports and reasons (only reported ones with the filter).
    const queue = await moderation.loader(
      routeArgs(ctx, "/admin/moderacio?denunciades=1&q=T4", { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]!.reports.map((p) => [p.reason, p.detail])).toEqual([
      ["spam", null],
      ["other", "Hi ha un telèfon"],
      ["personal_data", null],
    ]);
    // Approved after review: the old reports no longer count towards the threshold.
    await post(moderation.action, { intent: "approve", items: `reflection:${r.id}` });
    await report(5, { type: "reflection", id: r.id, reason: "spam" });
    expect((await ctx.db.query.reflections.findFirst({ where: eq(t.reflections.id, r.id) }))!.status).toBe("published");

    // Testimonials too (published goes back to pending), with a threshold set to 1.
    await saveModerationSettings(ctx.db, { ...DEFAULT_MODERATION, reportThreshold: 1 });
    await report(6, { type: "testimonial", id: tm.id, reason: "offensive" });
    expect((await ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, tm.id) }))!.status).toBe("pending");
    await saveModerationSettings(ctx.db, DEFAULT_MODERATION);

    // The rate limit: one visitor, many contributions, then 429.
    const busy = visitor(7);
    const ids = await ctx.db
      .insert(t.mapComments)
      .values(Array.from({ length: RATE_LIMIT.points + 1 }, (_, i) => ({ comment: `Limit ${i}` })))
      .returning({ id: t.mapComments.id });
    const answers = [];
    for (const { id } of ids) answers.push((await report(busy, { type: "map_comment", id, reason: "spam" })).status);
    expect(answers.slice(0, RATE_LIMIT.points).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(await ctx.db.$count(t.contributionReports, eq(t.contributionReports.reporterKey, busy.clientKey))).toBe(RATE_LIMIT.points);
  });

  it("reports are no censorship tool: one /64 is one reporter, a busy or overruled reporter does not weigh, an hourly cap, one-click restore", async () => {
    const report = (c: Ctx, type: string, id: string) => createReport(form("/denuncia", { type, id, reason: "spam" }), c);
    const status = async (id: string) => (await ctx.db.query.mapComments.findFirst({ where: eq(t.mapComments.id, id) }))!.status;
    const comments = async (tag: string, n: number) =>
      ctx.db
        .insert(t.mapComments)
        .values(Array.from({ length: n }, (_, i) => ({ comment: `${tag} ${i}` })))
        .returning({ id: t.mapComments.id });

    // Three addresses of one IPv6 /64 are one reporter: the second and third are duplicates.
    const [target] = await comments("Censura", 1);
    const net = (a: string) => ({ ...ctx, clientKey: clientKeyFor(a, "secret") });
    expect((await report(net("2001:db8:1:2::1"), "map_comment", target!.id)).status).toBe(200);
    expect((await report(net("2001:db8:1:2:ffff::7"), "map_comment", target!.id)).status).toBe(409);
    expect((await report(net("2001:0db8:0001:0002:abcd:0:0:9"), "map_comment", target!.id)).status).toBe(409);
    expect(await status(target!.id)).toBe("published");
    // Another /64 is another reporter.
    expect((await report(net("2001:db8:1:3::1"), "map_comment", target!.id)).status).toBe(200);

    // A visitor who reports many contributions in a short time no longer weighs: stored, not counted.
    const busy = visitor(200);
    for (const { id } of await comments("Ràfega", REPORTS_WEIGHED_PER_HOUR)) await report(busy, "map_comment", id);
    const [victim] = await comments("Víctima", 1);
    await report(busy, "map_comment", victim!.id);
    await report(visitor(201), "map_comment", victim!.id);
    await report(visitor(202), "map_comment", victim!.id);
    expect(await status(victim!.id)).toBe("published");
    const stored = await ctx.db.query.contributionReports.findMany({ where: eq(t.contributionReports.contributionId, victim!.id) });
    expect(stored.map((r) => r.counted).sort()).toEqual([false, true, true]);
    await report(visitor(203), "map_comment", victim!.id);
    expect(await status(victim!.id)).toBe("pending");
    await post(moderation.action, { intent: "approve", items: `map_comment:${victim!.id}` });

    // A visitor whose reports staff overruled (kept published after review) no longer weighs.
    const overruled = visitor(210);
    const [a, b] = await comments("Revisat", DISMISSED_REPORTS_MAX);
    for (const c of [a!, b!]) {
      await report(overruled, "map_comment", c.id);
      await ctx.db
        .update(t.mapComments)
        .set({ reviewedAt: new Date(Date.now() + 1000) })
        .where(eq(t.mapComments.id, c.id));
    }
    const [next] = await comments("Següent", 1);
    await saveModerationSettings(ctx.db, { ...DEFAULT_MODERATION, reportThreshold: 1 });
    await report(overruled, "map_comment", next!.id);
    expect(await status(next!.id)).toBe("published");

    // The hourly cap: with a threshold of 1, reports hide at most REPORT_HOLDS_PER_HOUR an hour.
    const room = REPORT_HOLDS_PER_HOUR - (await reportHolds(ctx.db)).lastHour;
    const flood = await comments("Inundació", room + 3);
    for (const [i, { id }] of flood.entries()) await report(visitor(300 + i), "map_comment", id);
    const after = await Promise.all(flood.map(({ id }) => status(id)));
    expect(after.filter((s) => s === "pending")).toHaveLength(room);
    expect(after.slice(room)).toEqual(["published", "published", "published"]);
    await saveModerationSettings(ctx.db, DEFAULT_MODERATION);

    // Staff see what reports hid (a filter and a count) and publish it all again in one action.
    const load = (query: string) =>
      moderation.loader(routeArgs(ctx, `/admin/moderacio${query}`, { headers: { Cookie: bed.cookie } }) as never);
    const held = await load("?retingudes=1");
    expect(held.holds).toMatchObject({ lastHour: REPORT_HOLDS_PER_HOUR, cap: REPORT_HOLDS_PER_HOUR });
    expect(held.items.map((i) => i.text)).toEqual(expect.arrayContaining(flood.slice(0, room).map((_, i) => `Inundació ${i}`)));
    expect(held.items.every((i) => i.heldByReportsAt !== null && i.status === "pending")).toBe(true);
    const waiting = held.holds.now;
    expect(await post(moderation.action, { intent: "release_held" })).toMatchObject({
      ok: true,
      message: `${waiting} aportacions retingudes per denúncies publicades de nou`,
    });
    expect(await Promise.all(flood.map(({ id }) => status(id)))).toEqual(flood.map(() => "published"));
    expect((await load("?retingudes=1")).items).toHaveLength(0);
    expect(await ctx.db.$count(t.auditLog, eq(t.auditLog.action, "release_held"))).toBe(waiting);
    expect(await post(moderation.action, { intent: "release_held" })).toMatchObject({ ok: false, status: 409 });
    // The cap counts only what staff have not looked at: reports can hold again.
    const [later] = await comments("Després", 1);
    await saveModerationSettings(ctx.db, { ...DEFAULT_MODERATION, reportThreshold: 1 });
    await report(visitor(400), "map_comment", later!.id);
    expect(await status(later!.id)).toBe("pending");
    await saveModerationSettings(ctx.db, DEFAULT_MODERATION);
  });

  it("the calendar: closed participation refuses every participation write on the server, the newsletter still works; reopening works", async () => {
    expect(await post(settings.action, { intent: "calendar", closesOn: "2031-02-30", phase: "2" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await post(settings.action, { intent: "calendar", closesOn: "2031-03-15", phase: "2" })).toMatchObject({
      ok: true,
      message: "Calendari de la consulta desat correctament",
    });
    const layout = await publicLayout.loader(routeArgs(ctx, "/") as never);
    expect(layout.participation).toMatchObject({ open: false, deadline: null, deadlineLabel: null, closedOnLabel: null, phase: 2 });

    const closed = { status: 403, result: { ok: false, errors: {}, message: CLOSED_MESSAGE } };
    const before = await Promise.all([ctx.db.$count(t.reflections), ctx.db.$count(t.mapComments), ctx.db.$count(t.testimonials)]);
    expect(await createReflection(form("/participa/reflexio", { reflection: "Tancat" }), visitor(8))).toEqual(closed);
    expect(await createMapComment(form("/participa/mapa", { comment: "Tancat", privacy: "on" }), visitor(8))).toEqual(closed);
    const audio = new FormData();
    audio.set("title", "Tancat");
    audio.set("category", "laboral");
    audio.set("terms", "on");
    audio.set("audio", new File([new Uint8Array(100)], "a.webm", { type: "audio/webm" }));
    expect(
      await createTestimonial(new Request("http://127.0.0.1:3000/testimonis/enviar", { method: "POST", body: audio }), visitor(8)),
    ).toEqual(closed);
    expect(await Promise.all([ctx.db.$count(t.reflections), ctx.db.$count(t.mapComments), ctx.db.$count(t.testimonials)])).toEqual(before);
    const news = await subscribeNewsletter(form("/newsletter", { email: `tancat${Date.now()}@exemple.cat`, privacy: "on" }), visitor(8));
    expect(news.status).toBe(200);

    // Reopened.
    await post(settings.action, { intent: "calendar", closesOn: "2031-03-15", phase: "1", open: "on" });
    expect((await createReflection(form("/participa/reflexio", { reflection: "Obert de nou" }), visitor(8))).status).toBe(200);
    await saveConsultation(ctx.db, DEFAULT_CONSULTATION);
  });

  it("the calendar's dates (decision 050): the last day passed closes every participation write by itself, a pròrroga reopens it", async () => {
    const now = fixClock(movedClock() ?? new Date());
    try {
      const today = dayInCatalonia(now);
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const inAWeek = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      const closed = { status: 403, result: { ok: false, errors: {}, message: CLOSED_MESSAGE } };

      // Open, and the last day was yesterday: closed, and no page names that day as a deadline.
      await post(settings.action, { intent: "calendar", closesOn: yesterday, phase: "1", open: "on" });
      const passed = (await publicLayout.loader(routeArgs(ctx, "/") as never)).participation;
      expect(passed).toMatchObject({ open: false, deadline: null, deadlineLabel: null, closedOnLabel: formatLongDate(yesterday) });
      expect(await createReflection(form("/participa/reflexio", { reflection: "Tard" }), visitor(9))).toEqual(closed);

      // A pròrroga of a week: open again until then, and that is the deadline the pages name.
      await post(settings.action, { intent: "calendar", closesOn: yesterday, extendedTo: inAWeek, phase: "1", open: "on" });
      const extended = (await publicLayout.loader(routeArgs(ctx, "/") as never)).participation;
      expect(extended).toMatchObject({ open: true, deadline: inAWeek, deadlineLabel: formatLongDate(inAWeek) });
      expect((await createReflection(form("/participa/reflexio", { reflection: "Amb pròrroga" }), visitor(9))).status).toBe(200);

      // Today is the last day: still open until midnight.
      await post(settings.action, { intent: "calendar", closesOn: today, phase: "1", open: "on" });
      expect((await publicLayout.loader(routeArgs(ctx, "/") as never)).participation).toMatchObject({ open: true, deadline: today });
    } finally {
      vi.useRealTimers();
      await saveConsultation(ctx.db, DEFAULT_CONSULTATION);
    }
  });

  it("the queue: tabs by status with counts, filters by type and theme, search, pages of the newest first", async () => {
    const base = Date.now() - 60_000;
    await ctx.db.insert(t.reflections).values(
      Array.from({ length: QUEUE_PAGE_SIZE + 5 }, (_, i) => ({
        reflection: `Cua ${String(i).padStart(2, "0")}`,
        status: "pending" as const,
        createdAt: new Date(base + i * 100),
      })),
    );
    await ctx.db.insert(t.testimonials).values([
      { title: "Cua infants", category: "infants", audioKey: `audio/${crypto.randomUUID()}.weba`, createdAt: new Date(base) },
      { title: "Cua laboral", category: "laboral", audioKey: `audio/${crypto.randomUUID()}.weba`, createdAt: new Date(base) },
    ]);
    const load = (query: string) =>
      moderation.loader(routeArgs(ctx, `/admin/moderacio${query}`, { headers: { Cookie: bed.cookie } }) as never);

    const first = await load("?q=cua&tipus=reflection");
    expect(first.total).toBe(QUEUE_PAGE_SIZE + 5);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(QUEUE_PAGE_SIZE);
    expect(first.items[0]!.text).toBe(`Cua ${QUEUE_PAGE_SIZE + 4}`);
    const second = await load("?q=cua&tipus=reflection&pagina=2");
    expect(second.items.map((i) => i.text)).toEqual(["Cua 04", "Cua 03", "Cua 02", "Cua 01", "Cua 00"]);
    const theme = await load("?q=cua&ambit=infants");
    expect(theme.items.map((i) => i.text)).toEqual(["Cua infants"]);
    expect((await load("?q=CUA%20LAB")).items.map((i) => i.text)).toEqual(["Cua laboral"]);
    // A search's wildcard characters are taken literally.
    expect((await load("?q=%25")).items).toHaveLength(0);
    // Bulk approval of a page, then the published tab holds them.
    const keys = first.items.map((i) => i.key).join(",");
    expect(await post(moderation.action, { intent: "approve", items: keys })).toMatchObject({
      ok: true,
      message: `${QUEUE_PAGE_SIZE} aportacions aprovades i publicades`,
    });
    const published = await load("?estat=published&q=cua");
    expect(published.counts).toMatchObject({ published: QUEUE_PAGE_SIZE, pending: 7 });
    // Unknown filters fall back to the defaults.
    expect((await load("?estat=xyz&tipus=res&pagina=-3")).filters).toMatchObject({ status: "pending", type: null, page: 1 });
    // The one list dialect (decision 056): a page past the end is the last one, days filter, the
    // old spelling redirects permanently.
    expect(await load("?estat=published&q=cua&pagina=9")).toMatchObject({ filters: { page: 1 }, query: { page: 1 } });
    const madrid = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(new Date(base));
    expect((await load(`?estat=published&q=cua&des-de=${madrid}&fins-a=${madrid}`)).total).toBe(QUEUE_PAGE_SIZE);
    expect((await load("?estat=published&q=cua&fins-a=2001-01-01")).total).toBe(0);
    const moved = (await load("?page=2&status=published").catch((e: unknown) => e)) as Response;
    expect([moved.status, moved.headers.get("Location")]).toEqual([301, "/admin/moderacio?pagina=2&estat=published"]);
    // A malformed selection is refused, and nothing changes.
    expect(await post(moderation.action, { intent: "approve", items: "reflection:nope" })).toMatchObject({ ok: false, status: 400 });
    expect(await post(moderation.action, { intent: "publish", items: keys })).toMatchObject({ ok: false, status: 400 });
  });

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(moderation.action);
  });
});
