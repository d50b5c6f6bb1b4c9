import { eq, ilike } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { queueNewsletter } from "~/models/newsletter-send.server";
import * as newsletter from "./newsletter.server";

describe.each(testBackends())("newsletter on %s", (backend) => {
  const bed = adminTestBed(backend);
  const { post } = bed;
  const loadAll = async (query = "") =>
    (await (newsletter.loader as (a: unknown) => Promise<unknown>)(
      routeArgs(bed.ctx, `/admin/subscriptors${query}`, { headers: { Cookie: bed.cookie } }),
    )) as Awaited<ReturnType<typeof newsletter.loader>>;
  const load = async (query = "") => (await loadAll(query)).list;

  it("counts every subscriber, searches the e-mail case-insensitively (% and _ literal) and pages by 50", async () => {
    const base = Date.parse("2026-10-01T10:00:00Z");
    await bed.ctx.db.insert(t.newsletterSubscriptions).values([
      ...Array.from({ length: 118 }, (_, i) => ({
        email: `persona${String(i).padStart(3, "0")}@exemple.cat`,
        privacyAccepted: true,
        createdAt: new Date(base + i * 60_000),
      })),
      { email: "Anna.Puig@Penedes.cat", privacyAccepted: true, createdAt: new Date(base - 60_000) },
      { email: "cent_per_cent%@exemple.cat", privacyAccepted: true, createdAt: new Date(base - 120_000) },
    ]);
    const first = await load();
    expect(first).toMatchObject({ total: 120, matching: 120, page: 1, pages: 3, pageSize: 50, query: { q: "" } });
    expect(first.rows).toHaveLength(50);
    // Newest first.
    expect(first.rows[0]!.email).toBe("persona117@exemple.cat");
    const last = await load("?pagina=3");
    expect(last.rows.map((r) => r.email).slice(-2)).toEqual(["Anna.Puig@Penedes.cat", "cent_per_cent%@exemple.cat"]);
    expect(last.rows).toHaveLength(20);
    // A page past the end, or no number, shows the nearest real page.
    expect((await load("?pagina=99")).page).toBe(3);
    expect((await load("?pagina=x")).page).toBe(1);
    expect((await load("?pagina=-4")).page).toBe(1);

    expect(await load("?q=anna.puig%40PENEDES")).toMatchObject({ matching: 1, total: 120, pages: 1 });
    expect((await load("?q=%25")).rows.map((r) => r.email)).toEqual(["cent_per_cent%@exemple.cat"]);
    expect((await load("?q=_")).rows.map((r) => r.email)).toEqual(["cent_per_cent%@exemple.cat"]);
    expect(await load("?q=ningu")).toMatchObject({ matching: 0, rows: [], page: 1, pages: 1 });
    expect((await load("?q=persona1&pagina=2")).rows.map((r) => r.email)).toHaveLength(18);
  });

  it("counts by status and shows each consent: its source, its date, and when it was confirmed", async () => {
    const consent = new Date("2026-10-02T08:00:00Z");
    const confirmedAt = new Date("2026-10-02T09:30:00Z");
    const later = new Date("2026-10-03T08:00:00Z");
    await bed.ctx.db.insert(t.newsletterSubscriptions).values([
      { email: "pendent@reflexio.cat", privacyAccepted: true, status: "pending", source: "reflection", createdAt: later },
      {
        email: "confirmat@reflexio.cat",
        privacyAccepted: true,
        status: "confirmed",
        source: "reflection",
        createdAt: consent,
        confirmedAt,
      },
    ]);
    const { list: all, counts } = await loadAll("?q=reflexio.cat");
    // The 120 rows of the test above are from before double opt-in: 'confirmed' by default.
    expect(counts).toEqual({ confirmed: 121, pending: 1 });
    expect(all).toMatchObject({ total: 122, matching: 2 });
    expect(all.rows).toEqual([
      {
        id: expect.any(String),
        email: "pendent@reflexio.cat",
        status: "pending",
        source: "reflection",
        createdAt: later,
        confirmedAt: null,
      },
      {
        id: expect.any(String),
        email: "confirmat@reflexio.cat",
        status: "confirmed",
        source: "reflection",
        createdAt: consent,
        confirmedAt,
      },
    ]);
    await bed.ctx.db.delete(t.newsletterSubscriptions).where(ilike(t.newsletterSubscriptions.email, "%@reflexio.cat"));
  });

  it("removing a subscriber erases the row; nothing else can be written from this screen", async () => {
    const [row] = await bed.ctx.db.select().from(t.newsletterSubscriptions).limit(1);
    for (const fields of <Record<string, string>[]>[
      { intent: "create", email: "nou@exemple.cat" },
      { intent: "update", id: row!.id, email: "canviat@exemple.cat" },
      { intent: "toggle", id: row!.id, isActive: "false" },
    ]) {
      expect(await post(newsletter.action, fields)).toMatchObject({ ok: false, error: "Petició no vàlida.", status: 400 });
    }
    expect(await bed.ctx.db.$count(t.newsletterSubscriptions)).toBe(120);
    expect(await post(newsletter.action, { intent: "delete", id: "x" })).toMatchObject({ ok: false, status: 400 });
    expect(await post(newsletter.action, { intent: "delete", id: row!.id })).toEqual({
      ok: true,
      message: "Subscriptor eliminat correctament",
      status: 200,
    });
    expect(await bed.ctx.db.$count(t.newsletterSubscriptions)).toBe(119);
    // Erasure reaches the queue: the deliveries of an issue being sent to the erased subscriber are gone.
    const [other] = await bed.ctx.db.select().from(t.newsletterSubscriptions).limit(1);
    expect(await queueNewsletter(bed.ctx.db, { subject: "Prova", body: "Hola" })).toMatchObject({ ok: true, recipients: 119 });
    expect(await post(newsletter.action, { intent: "delete", id: other!.id })).toMatchObject({ ok: true });
    expect(await bed.ctx.db.$count(t.newsletterDeliveries)).toBe(118);
    expect(await bed.ctx.db.$count(t.newsletterDeliveries, eq(t.newsletterDeliveries.subscriptionId, other!.id))).toBe(0);
    await bed.ctx.db.delete(t.newsletterIssues);
    expect((await load(`?q=${encodeURIComponent(row!.email)}`)).matching).toBe(0);
    expect(await post(newsletter.action, { intent: "delete", id: row!.id })).toMatchObject({
      ok: false,
      error: "No s'ha pogut eliminar el subscriptor",
      status: 404,
    });
  });

  it("a body that is not a form answers 400", async () => {
    await bed.expectNonFormRefused(newsletter.action);
  });
});
