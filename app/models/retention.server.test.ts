import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import * as t from "~/db/schema";
import { addMonths, retentionState } from "~/domain/retention";
import { createTestDatabase, testBackends } from "~/test/db";
import { saveConsultation } from "./moderation.server";
import { CONFIRMATION_MS } from "./newsletter.server";
import { runRetention } from "./retention.server";
import { readRetentionSettings, saveRetentionSettings } from "./settings.server";

// Issue 34 (decision 071): once the consultation's last day is the retention period behind, the
// job erases contributors' names and e-mails that no consent still needs, keeps the texts, records
// counts in the audit log; a second run changes nothing; a run stopped halfway is finished by the
// next; two instances at once erase each row once. The clock is moved by passing `now`.

describe("the retention rule", () => {
  it("adds calendar months, the 31st becoming a shorter month's last day", () => {
    expect(addMonths("2026-01-31", 6)).toBe("2026-07-31");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-12-15", 1)).toBe("2028-01-15");
  });
  it("is due from the day after the last day plus the months, in Catalonia; never without a date", () => {
    const c = { closesOn: "2026-01-31", extendedTo: "2026-02-15" };
    expect(retentionState(c, { months: 6 }, Date.parse("2026-08-15T21:59:00Z"))).toEqual({
      lastDay: "2026-02-15",
      erasesOn: "2026-08-16",
      due: false,
    });
    // 23:30 UTC on the 15th is already the 16th in Madrid (summer time).
    expect(retentionState(c, { months: 6 }, Date.parse("2026-08-15T23:30:00Z")).due).toBe(true);
    expect(retentionState({ closesOn: null, extendedTo: null }, { months: 6 }, Date.parse("2030-01-01T12:00:00Z"))).toEqual({
      lastDay: null,
      erasesOn: null,
      due: false,
    });
  });
});

const ANSWERED_BY = "gestor@penedes.cat";

describe.each(testBackends())("the retention job on %s", (backend) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = database.db;
  });
  afterAll(() => database.close());

  const before = new Date("2026-07-31T10:00:00Z");
  const after = new Date("2026-08-01T10:00:00Z");

  const reflection = async (values: Partial<typeof t.reflections.$inferInsert>) =>
    (
      await db
        .insert(t.reflections)
        .values({ reflection: `Carril bici ${values.name ?? values.email ?? "anònim"}`, status: "published", ...values })
        .returning()
    )[0]!;
  const mapComment = async (values: Partial<typeof t.mapComments.$inferInsert>) =>
    (
      await db
        .insert(t.mapComments)
        .values({ comment: "Cruïlla perillosa", status: "published", ...values })
        .returning()
    )[0]!;
  const answer = async (type: "reflection" | "map_comment", id: string, mail?: "queued" | "sent" | "failed") => {
    const [state] = await db.select().from(t.answerStates).limit(1);
    const [a] = await db
      .insert(t.contributionAnswers)
      .values({
        contributionType: type,
        contributionId: id,
        stateId: state!.id,
        text: "Ho estudiarem",
        answeredByEmail: ANSWERED_BY,
        publishedStateId: state!.id,
        publishedText: "Ho estudiarem",
        publishedAt: new Date("2026-03-01T10:00:00Z"),
      })
      .returning();
    if (mail) await db.insert(t.answerNotifications).values({ answerId: a!.id, status: mail });
  };
  const audit = () =>
    db.select().from(t.auditLog).where(eq(t.auditLog.action, "retention")).orderBy(asc(t.auditLog.at), asc(t.auditLog.id));
  const counted = async () =>
    (await audit()).reduce(
      (sum, e) => {
        const a = e.after as { reflections: number; mapComments: number; unconfirmedSignUps: number };
        return {
          reflections: sum.reflections + a.reflections,
          mapComments: sum.mapComments + a.mapComments,
          signUps: sum.signUps + a.unconfirmedSignUps,
        };
      },
      { reflections: 0, mapComments: 0, signUps: 0 },
    );

  let ids: Record<string, string>;
  beforeEach(async () => {
    for (const table of [t.auditLog, t.contributionAnswers, t.reflections, t.mapComments, t.newsletterSubscriptions])
      await db.delete(table);
    await saveConsultation(db, { closesOn: "2026-01-31", extendedTo: null, phase: 2, open: true });
    await saveRetentionSettings(db, { months: 6 });
    ids = {
      plain: (await reflection({ name: "Anna", email: "anna@example.cat" })).id,
      nameOnly: (await reflection({ name: "Pere" })).id,
      subscriber: (await reflection({ name: "Joan", email: "Joan@Example.cat", privacyAccepted: true })).id,
      unsubscribed: (await reflection({ name: "Marta", email: "marta@example.cat", privacyAccepted: true })).id,
      waitsAnswer: (await reflection({ name: "Laia", email: "laia@example.cat", answerConsent: true })).id,
      answerQueued: (await reflection({ name: "Pau", email: "pau@example.cat", answerConsent: true })).id,
      answerSent: (await reflection({ name: "Núria", email: "nuria@example.cat", answerConsent: true })).id,
      comment: (await mapComment({ email: "jordi@example.cat" })).id,
      commentWaits: (await mapComment({ email: "rosa@example.cat", answerConsent: true })).id,
      commentSent: (await mapComment({ email: "xavi@example.cat", answerConsent: true })).id,
      anonymous: (await mapComment({})).id,
    };
    await answer("reflection", ids.answerQueued!, "queued");
    await answer("reflection", ids.answerSent!, "sent");
    await answer("map_comment", ids.commentSent!, "sent");
    await answer("reflection", ids.plain!);
    await db.insert(t.newsletterSubscriptions).values([
      { email: "joan@example.cat", privacyAccepted: true, status: "confirmed", source: "reflection" },
      // Asked for long ago and never confirmed: expired. Asked for just now: kept.
      {
        email: "vell@example.cat",
        privacyAccepted: true,
        status: "pending",
        createdAt: new Date(before.getTime() - CONFIRMATION_MS - 60_000),
      },
      { email: "nou@example.cat", privacyAccepted: true, status: "pending", createdAt: new Date(before.getTime() - 60_000) },
      { email: "antic@example.cat", privacyAccepted: true, status: "confirmed", createdAt: new Date("2020-01-01T00:00:00Z") },
    ]);
  });

  const people = async () => {
    const rs = await db.select().from(t.reflections);
    const ms = await db.select().from(t.mapComments);
    const byId = new Map<string, { name?: string | null; email: string | null; consent: boolean; text: string }>([
      ...rs.map((r) => [r.id, { name: r.name, email: r.email, consent: r.answerConsent, text: r.reflection }] as const),
      ...ms.map((m) => [m.id, { email: m.email, consent: m.answerConsent, text: m.comment }] as const),
    ]);
    return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, byId.get(id)!]));
  };
  const subscribers = async () => (await db.select().from(t.newsletterSubscriptions)).map((s) => s.email).sort();

  it("erases exactly the names and e-mails no consent needs, once the period is over; keeps texts and consented data", async () => {
    const texts = Object.fromEntries(Object.entries(await people()).map(([k, p]) => [k, p.text]));
    // The day before: only the expired sign-up goes (it does not wait for the calendar).
    const early = await runRetention(db, { now: before });
    expect(early).toMatchObject({ reflections: 0, mapComments: 0, signUps: 1, state: { due: false, erasesOn: "2026-08-01" } });
    expect(await subscribers()).toEqual(["antic@example.cat", "joan@example.cat", "nou@example.cat"]);
    expect((await people()).plain).toMatchObject({ name: "Anna", email: "anna@example.cat" });

    const done = await runRetention(db, { now: after });
    expect(done).toMatchObject({ reflections: 4, mapComments: 2, signUps: 0, batches: 1 });
    const p = await people();
    expect(p).toEqual({
      plain: { name: null, email: null, consent: false, text: texts.plain },
      nameOnly: { name: null, email: null, consent: false, text: texts.nameOnly },
      subscriber: { name: "Joan", email: "Joan@Example.cat", consent: false, text: texts.subscriber },
      unsubscribed: { name: null, email: null, consent: false, text: texts.unsubscribed },
      waitsAnswer: { name: "Laia", email: "laia@example.cat", consent: true, text: texts.waitsAnswer },
      answerQueued: { name: "Pau", email: "pau@example.cat", consent: true, text: texts.answerQueued },
      answerSent: { name: null, email: null, consent: false, text: texts.answerSent },
      comment: { email: null, consent: false, text: texts.comment },
      commentWaits: { email: "rosa@example.cat", consent: true, text: texts.commentWaits },
      commentSent: { email: null, consent: false, text: texts.commentSent },
      anonymous: { email: null, consent: false, text: texts.anonymous },
    });
    // The fresh sign-up is still within its link's life; confirmed subscribers stay, however old.
    expect(await subscribers()).toEqual(["antic@example.cat", "joan@example.cat", "nou@example.cat"]);
    // Answers stay.
    expect(await db.$count(t.contributionAnswers)).toBe(4);
    // The audit log has the counts, and no address or name.
    const entries = await audit();
    expect(entries).toHaveLength(2);
    // The contributions' batch (the other is the sign-ups'): found by what it holds, since two
    // entries written in the same instant have no order of their own (with the clock held still).
    const batch = entries.find((e) => (e.after as { reflections?: number }).reflections === 4);
    expect(batch).toMatchObject({
      entity: "personal_data",
      actorId: null,
      after: { reflections: 4, mapComments: 2, unconfirmedSignUps: 0, retentionMonths: 6, consultationLastDay: "2026-01-31" },
    });
    expect(JSON.stringify(entries)).not.toMatch(/@|Anna|Pere|Marta/);

    // Run twice: nothing more changes, nothing more is recorded.
    const again = await runRetention(db, { now: after });
    expect(again).toMatchObject({ reflections: 0, mapComments: 0, signUps: 0, batches: 0 });
    expect(await people()).toEqual(p);
    expect(await audit()).toHaveLength(2);
    // A month later, only the sign-up whose link has since expired goes.
    expect(await runRetention(db, { now: new Date("2026-09-01T10:00:00Z") })).toMatchObject({ reflections: 0, mapComments: 0, signUps: 1 });
    expect(await people()).toEqual(p);
  });

  it("follows the setting: a longer period erases nothing yet", async () => {
    await saveRetentionSettings(db, { months: 12 });
    expect(await readRetentionSettings(db)).toEqual({ months: 12 });
    expect(await runRetention(db, { now: after })).toMatchObject({ reflections: 0, mapComments: 0, state: { erasesOn: "2027-02-01" } });
    expect((await people()).plain!.email).toBe("anna@example.cat");
    expect(await runRetention(db, { now: new Date("2027-02-01T10:00:00Z") })).toMatchObject({ reflections: 4, mapComments: 2 });
  });

  it("stopped halfway (a crash after a batch), the next run finishes; the audit counts add up", async () => {
    for (let i = 0; i < 5; i++) await reflection({ name: `Persona ${i}`, email: `persona${i}@example.cat` });
    let batches = 0;
    const crash = runRetention(db, {
      now: after,
      batchSize: 2,
      afterBatch: () => {
        if (++batches === 2) throw new Error("crash");
      },
    });
    await expect(crash).rejects.toThrow("crash");
    const left = (await db.select().from(t.reflections)).filter((r) => r.email?.startsWith("persona") || r.name === "Anna").length;
    expect(left).toBeGreaterThan(0);
    const rest = await runRetention(db, { now: after, batchSize: 2 });
    expect(rest.batches).toBeGreaterThan(0);
    const p = await people();
    expect(p.plain).toMatchObject({ name: null, email: null });
    expect(p.subscriber!.email).toBe("Joan@Example.cat");
    expect((await db.select().from(t.reflections)).filter((r) => r.email?.startsWith("persona"))).toEqual([]);
    expect(await counted()).toEqual({ reflections: 9, mapComments: 2, signUps: 1 });
  });

  it("two instances at once erase each row once", async () => {
    for (let i = 0; i < 20; i++) await reflection({ name: `Persona ${i}`, email: `persona${i}@example.cat` });
    const [a, b] = await Promise.all([runRetention(db, { now: after, batchSize: 3 }), runRetention(db, { now: after, batchSize: 3 })]);
    expect(a.reflections + b.reflections).toBe(24);
    expect(a.mapComments + b.mapComments).toBe(2);
    expect(await counted()).toEqual({ reflections: 24, mapComments: 2, signUps: 1 });
    expect((await db.select().from(t.reflections)).filter((r) => r.email?.startsWith("persona"))).toEqual([]);
  });
});
