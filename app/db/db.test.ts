import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { setupTestContext } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import * as t from "./schema";

/** The PostgreSQL error code a query fails with ("accepted" when it does not fail). */
const refusal = (query: PromiseLike<unknown>) =>
  Promise.resolve(query).then(
    () => "accepted",
    (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
  );

describe.each(testBackends())("database on %s", (backend) => {
  const ctx = setupTestContext(backend);

  it("applies the migrations: every table of the spec exists and starts empty", async () => {
    const result = (await ctx.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const tables = result.rows.map((r) => r.table_name);
    expect(tables).toEqual([
      "accessibility_requests",
      "activities",
      "admin_invitations",
      "admin_recovery_codes",
      "admin_users",
      "answer_notifications",
      "answer_states",
      "answer_templates",
      "audit_log",
      "bici_fucsia_photos",
      "code_groups",
      "codes",
      "contribution_answers",
      "contribution_codes",
      "contribution_reports",
      "daily_visitors",
      "footer_config",
      "footer_logos",
      "home_background",
      "landings",
      "login_rate_limits",
      "map_comments",
      "map_layers",
      "newsletter_deliveries",
      "newsletter_issues",
      "newsletter_subscriptions",
      "page_views",
      "questionnaire_responses",
      "questionnaire_uploads",
      "rate_limits",
      "reflections",
      "rejected_code_suggestions",
      "resources",
      "result_entries",
      "result_follows",
      "result_notifications",
      "result_states",
      "results",
      "rights_requests",
      "sessions",
      "site_settings",
      "testimonials",
      "videos",
      "visitor_hashes",
      "visitor_salts",
    ]);
    expect(await ctx.db.$count(t.testimonials)).toBe(0);
    await ctx.database.ping();
  });

  it("gives UUID ids and timestamptz stamps", async () => {
    const [row] = await ctx.db.insert(t.mapComments).values({ comment: "Hola" }).returning();
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.email).toBeNull();
    await ctx.db.delete(t.mapComments).where(eq(t.mapComments.id, row!.id));
  });

  it("refuses a second newsletter subscription of the same e-mail in another case (23505)", async () => {
    await ctx.db.insert(t.newsletterSubscriptions).values({ email: "Anna@Example.cat", privacyAccepted: true });
    expect(await refusal(ctx.db.insert(t.newsletterSubscriptions).values({ email: "anna@example.CAT", privacyAccepted: true }))).toBe(
      "23505",
    );
    expect(await ctx.db.$count(t.newsletterSubscriptions, sql`lower(email) = 'anna@example.cat'`)).toBe(1);
  });

  it("allows at most one active home background", async () => {
    await ctx.db.insert(t.homeBackground).values({ mediaKey: "backgrounds/a.jpg", isActive: true });
    expect(await refusal(ctx.db.insert(t.homeBackground).values({ mediaKey: "backgrounds/b.jpg", isActive: true }))).toBe("23505");
    await ctx.db.insert(t.homeBackground).values({ mediaKey: "backgrounds/c.jpg" });
    expect(await ctx.db.$count(t.homeBackground, eq(t.homeBackground.isActive, true))).toBe(1);
    await ctx.db.delete(t.homeBackground);
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
    expect(await refusal(ctx.db.insert(table).values(values as never))).toBe("23514");
  });

  it("refuses a category or status outside the spec's lists", async () => {
    expect(
      await refusal(
        ctx.db.execute(
          sql`insert into testimonials (title, category, audio_key, status) values ('x', 'esports', 'audio/a.weba', 'approved')`,
        ),
      ),
    ).toBe("22P02");
  });

  it("holds one footer configuration row at most", async () => {
    await ctx.db.insert(t.footerConfig).values({ footerText: "A", collaboratorsText: "B" });
    expect(await refusal(ctx.db.insert(t.footerConfig).values({ footerText: "C", collaboratorsText: "D" }))).toBe("23505");
    await ctx.db.delete(t.footerConfig);
    await ctx.db.delete(t.newsletterSubscriptions);
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
    /** The backends listening on this database (their process ids). */
    const listening = async () =>
      (
        await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and query like 'listen %'", [name])
      ).rows.map((r) => r.pid);
    const listeners = async () => (await listening()).length;
    try {
      await expect.poll(listeners).toBe(1);
      await database.notify!("pb_test_channel", "abans");
      await expect.poll(() => received).toEqual(["abans"]);

      const [lost] = await listening();
      await admin.query("select pg_terminate_backend($1)", [lost]);
      // A new connection listens again, within about a second. (The terminated backend can still be
      // listed for a moment: counting listeners passed before the new one listened, and the notice
      // sent then was lost.)
      await expect.poll(async () => (await listening()).filter((pid) => pid !== lost).length, { timeout: 5000 }).toBe(1);
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
