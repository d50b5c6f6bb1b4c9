import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends } from "~/test/db";
import { createTestContext } from "~/test/context";
import type { Database } from "./client.server";
import * as t from "./schema";
import { seed, seedId } from "./seed.server";

const ASSETS = path.resolve("scripts/seed-assets");

/** The Postgres error code behind a Drizzle query error. */
const pgCode = (err: unknown) => (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;

describe.each(testBackends())("database on %s", (backend) => {
  let database: Database;
  let ctx: ReturnType<typeof createTestContext>;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ctx = createTestContext(database);
  });
  afterAll(async () => {
    await database.close();
    ctx.cleanup();
  });

  it("applies the migrations: every table of the spec exists and starts empty", async () => {
    const result = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const tables = result.rows.map((r) => r.table_name);
    expect(tables).toEqual([
      "activities",
      "admin_users",
      "bici_fucsia_photos",
      "footer_config",
      "footer_logos",
      "home_background",
      "landings",
      "map_comments",
      "newsletter_subscriptions",
      "reflections",
      "resources",
      "sessions",
      "site_settings",
      "testimonials",
      "videos",
    ]);
    expect(await database.db.$count(t.testimonials)).toBe(0);
    await database.ping();
  });

  it("gives UUID ids and timestamptz stamps", async () => {
    const [row] = await database.db.insert(t.mapComments).values({ comment: "Hola" }).returning();
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.email).toBeNull();
    await database.db.delete(t.mapComments).where(eq(t.mapComments.id, row!.id));
  });

  it("refuses a second newsletter subscription of the same e-mail in another case (23505)", async () => {
    await database.db.insert(t.newsletterSubscriptions).values({ email: "Anna@Example.cat", privacyAccepted: true });
    const err = await database.db
      .insert(t.newsletterSubscriptions)
      .values({ email: "anna@example.CAT", privacyAccepted: true })
      .catch((e: unknown) => e);
    expect(pgCode(err)).toBe("23505");
    expect(await database.db.$count(t.newsletterSubscriptions, sql`lower(email) = 'anna@example.cat'`)).toBe(1);
  });

  it("allows at most one active home background", async () => {
    await database.db.insert(t.homeBackground).values({ mediaKey: "backgrounds/a.jpg", isActive: true });
    const err = await database.db
      .insert(t.homeBackground)
      .values({ mediaKey: "backgrounds/b.jpg", isActive: true })
      .catch((e: unknown) => e);
    expect(pgCode(err)).toBe("23505");
    await database.db.insert(t.homeBackground).values({ mediaKey: "backgrounds/c.jpg" });
    expect(await database.db.$count(t.homeBackground, eq(t.homeBackground.isActive, true))).toBe(1);
    await database.db.delete(t.homeBackground);
  });

  it.each([
    [
      "a testimonial title over 100 characters",
      () => ({ table: t.testimonials, values: { title: "x".repeat(101), category: "infants", audioKey: "audio/a.weba" } }),
    ],
    [
      "a testimonial longer than 60 s",
      () => ({ table: t.testimonials, values: { title: "Hola", category: "infants", audioKey: "audio/a.weba", duration: 61 } }),
    ],
    ["a blank map comment", () => ({ table: t.mapComments, values: { comment: "   " } })],
    ["a blank reflection", () => ({ table: t.reflections, values: { reflection: "" } })],
    ["a landing slug with capitals or spaces", () => ({ table: t.landings, values: { title: "X", slug: "Hola Món" } })],
    ["a negative logo position", () => ({ table: t.footerLogos, values: { name: "X", imageKey: "logos/a.png", position: -1 } })],
    ["a resource with no media at all", () => ({ table: t.resources, values: { title: "X" } })],
  ] as const)("refuses %s (check constraint)", async (_what, make) => {
    const { table, values } = make();
    const err = await database.db
      .insert(table)
      .values(values as never)
      .catch((e: unknown) => e);
    expect(pgCode(err)).toBe("23514");
  });

  it("refuses a category or status outside the spec's lists", async () => {
    const err = await database.db
      .execute(sql`insert into testimonials (title, category, audio_key, status) values ('x', 'esports', 'audio/a.weba', 'approved')`)
      .catch((e: unknown) => e);
    expect(pgCode(err)).toBe("22P02");
  });

  it("holds one footer configuration row at most", async () => {
    await database.db.insert(t.footerConfig).values({ footerText: "A", collaboratorsText: "B" });
    const err = await database.db
      .insert(t.footerConfig)
      .values({ footerText: "C", collaboratorsText: "D" })
      .catch((e: unknown) => e);
    expect(pgCode(err)).toBe("23505");
    await database.db.delete(t.footerConfig);
    await database.db.delete(t.newsletterSubscriptions);
  });

  it("seeds demo content for every entity, idempotently, with real files", async () => {
    const first = await seed(database.db, ctx.storage, ASSETS);
    expect(first.inserted).toBeGreaterThan(30);
    const counts = async () => ({
      activities: await database.db.$count(t.activities),
      footerConfig: await database.db.$count(t.footerConfig),
      footerLogos: await database.db.$count(t.footerLogos),
      newsletter: await database.db.$count(t.newsletterSubscriptions),
      mapComments: await database.db.$count(t.mapComments),
      reflections: await database.db.$count(t.reflections),
      testimonials: await database.db.$count(t.testimonials),
      homeBackground: await database.db.$count(t.homeBackground),
      videos: await database.db.$count(t.videos),
      resources: await database.db.$count(t.resources),
      photos: await database.db.$count(t.biciFucsiaPhotos),
      landings: await database.db.$count(t.landings),
    });
    const before = await counts();
    for (const n of Object.values(before)) expect(n).toBeGreaterThan(0);

    const second = await seed(database.db, ctx.storage, ASSETS);
    expect(second.inserted).toBe(0);
    expect(second.skipped).toBe(first.inserted);
    expect(await counts()).toEqual(before);

    const testimonial = await database.db.query.testimonials.findFirst({ where: eq(t.testimonials.id, seedId("testimonial:0")) });
    expect(testimonial?.audioKey).toMatch(/^audio\/.+\.weba$/);
    expect(await ctx.storage.exists(testimonial!.audioKey)).toBe(true);
    const photo = await database.db.query.biciFucsiaPhotos.findFirst();
    expect(await ctx.storage.exists(photo!.imageKey)).toBe(true);
    expect(photo!.width).toBeGreaterThan(0);
  });
});

// LISTEN/NOTIFY exists on PostgreSQL only: declared only where a PostgreSQL server is given (CI
// sets TEST_DATABASE_URL), so that a run without one reports no skipped test.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : () => {};

onPostgres("notices between instances on postgres", () => {
  it("keeps listening after its connection is lost (PostgreSQL restarted, say), and stops when told", async () => {
    const database = await createTestDatabase("postgres");
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const name = rows[0]!.name;
    const received: string[] = [];
    const stop = database.listen!("pb_test_channel", (payload) => received.push(payload));
    const listeners = async () =>
      Number(
        (await admin.query("select count(*) as n from pg_stat_activity where datname = $1 and query like 'listen %'", [name])).rows[0].n,
      );
    try {
      await expect.poll(listeners).toBe(1);
      await database.notify!("pb_test_channel", "abans");
      await expect.poll(() => received).toEqual(["abans"]);

      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'listen %'", [name]);
      // A new connection listens again, within about a second.
      await expect.poll(listeners, { timeout: 5000 }).toBe(1);
      await database.notify!("pb_test_channel", "després");
      await expect.poll(() => received).toEqual(["abans", "després"]);

      stop();
      await expect.poll(listeners).toBe(0);
      await database.notify!("pb_test_channel", "tancat");
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toEqual(["abans", "després"]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
