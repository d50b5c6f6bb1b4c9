import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { DEFAULT_MODERATION, TRANSCRIPT_TEXTS } from "~/lib/moderation";
import { LIMITS } from "~/lib/participation-texts";
import { contributionsPage, latestContributions, listApprovedTestimonials } from "~/models/content.server";
import { saveModerationSettings, untranscribedPublishedCount } from "~/models/moderation.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as dashboard from "./dashboard.server";
import * as moderation from "./moderation.server";
import * as testimonialsScreen from "./testimonials.server";

// Issue 33: testimonials' transcripts. Staff write them in the queue's row; the setting (on by
// default) holds back, on the server, the publication of a testimonial without one; the public
// reads, the queue and the dashboard carry them.

describe.each(testBackends())("testimonials' transcripts on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { ctx, post } = bed;

  const testimonial = async (title: string, values: Partial<typeof t.testimonials.$inferInsert> = {}) =>
    (
      await ctx.db
        .insert(t.testimonials)
        .values({ title, category: "laboral", audioKey: `audio/${crypto.randomUUID()}.weba`, ...values })
        .returning()
    )[0]!;
  const row = async (id: string) => (await ctx.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, id) }))!;
  const publicTitles = async () => [
    ...(await listApprovedTestimonials(ctx.db, null)).map((x) => x.title),
    ...(await contributionsPage(ctx.db, "testimonial", 1)).items.map((x) => x.text),
  ];
  const audits = (id: string, action: string) => ctx.db.$count(t.auditLog, and(eq(t.auditLog.entityId, id), eq(t.auditLog.action, action)));

  it("approving a testimonial without a transcript is refused on the server, with a Catalan message, and publishes nothing", async () => {
    const tm = await testimonial("Sense transcripció A");
    const other = await testimonial("Sense transcripció B");
    const done = await testimonial("Amb transcripció", { transcript: "El que diu l'àudio." });
    // One at a time, and a selection that mixes them: refused whole.
    expect(await post(moderation.action, { intent: "approve", items: `testimonial:${tm.id}` })).toMatchObject({
      ok: false,
      status: 409,
      error: TRANSCRIPT_TEXTS.required(1),
    });
    expect(
      await post(moderation.action, { intent: "approve", items: `testimonial:${tm.id},testimonial:${other.id},testimonial:${done.id}` }),
    ).toMatchObject({ ok: false, status: 409, error: TRANSCRIPT_TEXTS.required(2) });
    for (const id of [tm.id, other.id, done.id]) expect((await row(id)).status).toBe("pending");
    expect(await publicTitles()).not.toEqual(expect.arrayContaining(["Sense transcripció A"]));
    expect(await audits(tm.id, "approve")).toBe(0);
    // The testimonials screen's action is the queue's: refused there too.
    expect(await post(testimonialsScreen.action, { intent: "approve", items: `testimonial:${tm.id}` })).toMatchObject({
      ok: false,
      status: 409,
    });
    // With its transcript it goes.
    expect(await post(moderation.action, { intent: "approve", items: `testimonial:${done.id}` })).toMatchObject({
      ok: true,
      message: "Testimoni aprovat",
    });
    expect((await row(done.id)).status).toBe("published");

    // Restoring a hidden one publishes it too: the same rule.
    const hidden = await testimonial("Amagat sense transcripció", { status: "hidden", hiddenReason: "Prova" });
    expect(await post(moderation.action, { intent: "restore", items: `testimonial:${hidden.id}` })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await row(hidden.id)).status).toBe("hidden");

    // With the setting off, a testimonial may be published without one.
    await saveModerationSettings(ctx.db, { ...DEFAULT_MODERATION, requireTranscript: false });
    expect(await post(moderation.action, { intent: "approve", items: `testimonial:${other.id}` })).toMatchObject({ ok: true });
    expect((await row(other.id)).status).toBe("published");
    await saveModerationSettings(ctx.db, DEFAULT_MODERATION);
    expect(DEFAULT_MODERATION.requireTranscript).toBe(true);
  });

  it("staff write, correct and approve with the transcript from the row; bad text stores nothing; a published one keeps its transcript", async () => {
    const tm = await testimonial("Per transcriure", { transcript: "Esborrany del visitant" });
    const item = `testimonial:${tm.id}`;
    for (const [transcript, error] of [
      ["x".repeat(LIMITS.transcript + 1), TRANSCRIPT_TEXTS.tooLong],
      ["control\u0007", TRANSCRIPT_TEXTS.invalid],
      ["\u202Eal revés", TRANSCRIPT_TEXTS.invalid],
    ] as const) {
      expect(await post(moderation.action, { intent: "transcript", item, transcript, approve: "true" })).toMatchObject({
        ok: false,
        status: 400,
        error,
      });
    }
    expect(await post(moderation.action, { intent: "transcript", item: "testimonial:nope", transcript: "Hola" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await post(moderation.action, { intent: "transcript", item: `reflection:${tm.id}`, transcript: "Hola" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await row(tm.id)).toMatchObject({ transcript: "Esborrany del visitant", status: "pending" });
    expect(await audits(tm.id, "transcript")).toBe(0);

    // Corrected, then saved and approved in one go: two audit entries, the text on every public read.
    expect(await post(moderation.action, { intent: "transcript", item, transcript: " Primera versió \r\n corregida " })).toMatchObject({
      ok: true,
      message: "Transcripció desada",
    });
    expect((await row(tm.id)).transcript).toBe("Primera versió \n corregida");
    expect(
      await post(moderation.action, { intent: "transcript", item, transcript: "Vaig a la feina en bici.", approve: "true" }),
    ).toMatchObject({
      ok: true,
      message: "Transcripció desada i testimoni aprovat",
    });
    expect(await row(tm.id)).toMatchObject({ transcript: "Vaig a la feina en bici.", status: "published" });
    expect(await audits(tm.id, "transcript")).toBe(2);
    expect(await audits(tm.id, "approve")).toBe(1);
    const entries = await ctx.db.query.auditLog.findMany({
      where: and(eq(t.auditLog.entityId, tm.id), eq(t.auditLog.action, "transcript")),
    });
    expect(entries.map((e) => [e.entity, e.after])).toEqual(
      expect.arrayContaining([["testimonial", { transcript: "Vaig a la feina en bici." }]]),
    );
    expect((await listApprovedTestimonials(ctx.db, null)).find((x) => x.id === tm.id)?.transcript).toBe("Vaig a la feina en bici.");
    expect((await contributionsPage(ctx.db, "testimonial", 1)).items.find((x) => x.id === tm.id)?.transcript).toBe(
      "Vaig a la feina en bici.",
    );
    expect((await latestContributions(ctx.db)).find((x) => x.id === tm.id)?.transcript).toBe("Vaig a la feina en bici.");

    // A published testimonial cannot lose its transcript while the setting holds.
    expect(await post(moderation.action, { intent: "transcript", item, transcript: "  " })).toMatchObject({
      ok: false,
      status: 409,
      error: TRANSCRIPT_TEXTS.clearPublished,
    });
    expect((await row(tm.id)).transcript).toBe("Vaig a la feina en bici.");
    // A testimonial that no longer exists.
    expect(
      await post(moderation.action, { intent: "transcript", item: `testimonial:${crypto.randomUUID()}`, transcript: "Hola" }),
    ).toMatchObject({ ok: false, status: 409, error: TRANSCRIPT_TEXTS.gone });
  });

  it("the queue carries each testimonial's transcript and finds it by its words; the dashboard counts the published ones without", async () => {
    const load = (path: string) => moderation.loader(routeArgs(ctx, path, { headers: { Cookie: bed.cookie } }) as never);
    const tm = await testimonial("Cua amb transcripció", { transcript: "Parlo de les rotondes de Vilafranca." });
    const queue = await load("/admin/moderacio?q=rotondes");
    expect(queue.requireTranscript).toBe(true);
    expect(queue.items.map((i) => [i.id, i.transcript])).toEqual([[tm.id, "Parlo de les rotondes de Vilafranca."]]);

    const before = await untranscribedPublishedCount(ctx.db);
    await testimonial("Publicat abans del requisit", { status: "published" });
    await testimonial("Publicat amb", { status: "published", transcript: "Sí." });
    await testimonial("Pendent sense", {});
    expect(await untranscribedPublishedCount(ctx.db)).toBe(before + 1);
    const board = await dashboard.loader(routeArgs(ctx, "/admin/tauler", { headers: { Cookie: bed.cookie } }) as never);
    expect(board.todo.untranscribed).toBe(before + 1);
  });

  it("the database refuses an empty or overlong transcript", async () => {
    await expect(testimonial("Buida", { transcript: "" })).rejects.toThrow();
    await expect(testimonial("Llarga", { transcript: "x".repeat(LIMITS.transcript + 1) })).rejects.toThrow();
  });
});
