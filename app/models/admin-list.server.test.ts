import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { listSearch, withParams, exportHref } from "~/lib/admin-list";
import { columnsOf, listPage, listRows, listWhere, readListQuery, shapeOf } from "~/models/admin-list.server";
import { mapCommentList, reflectionList, subscriberList, testimonialList } from "~/models/admin-lists.server";

const q = (search: string, spec = reflectionList) => readListQuery(new URL(`http://x/admin/x${search}`), spec);
const madridDay = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(d);

describe("the list query in the URL", () => {
  it("keeps what the list declares and drops the rest, in the one dialect", () => {
    expect(q("?q=%20bici%20&pagina=3&ordre=nom&sentit=asc&des-de=2026-10-01&fins-a=2026-09-01&ambit=infants&estat=x")).toEqual({
      q: "bici",
      page: 3,
      sort: "nom",
      dir: "asc",
      // A range given backwards is swapped; reflections have no theme, and x is no status.
      from: "2026-09-01",
      to: "2026-10-01",
      filters: {},
    });
    expect(q("?pagina=-2&ordre=correu&sentit=up&des-de=2026-02-30&q=" + "x".repeat(300))).toMatchObject({
      page: 1,
      sort: "data",
      dir: "desc",
      from: null,
      q: "x".repeat(200),
    });
    // A day outside the campaign's century is no filter (year 0000 broke the database's cast).
    expect(q("?des-de=0000-01-01&fins-a=9999-12-31")).toMatchObject({ from: null, to: null });
    expect(q("?des-de=1999-12-31&fins-a=2100-01-01")).toMatchObject({ from: null, to: null });
    expect(q("?des-de=2000-01-01&fins-a=2099-12-31")).toMatchObject({ from: "2000-01-01", to: "2099-12-31" });
    const query = q("?ambit=infants&estat=pending&denunciades=1&ordre=titol&sentit=asc&pagina=2", testimonialList);
    expect(query).toMatchObject({ filters: { ambit: "infants", estat: "pending", denunciades: "1" }, sort: "titol" });
    const again = readListQuery(new URL(`http://x/?${listSearch(query, shapeOf(testimonialList))}`), testimonialList);
    expect(again).toEqual(query);
    expect(listSearch(q(""), shapeOf(reflectionList)).toString()).toBe("");
  });

  it("an address in the old spelling redirects permanently to the same query in the one dialect", () => {
    const thrown = (() => {
      try {
        q("?page=2&from=2026-01-01&status=approved&sort=name&q=bici");
      } catch (e) {
        return e as Response;
      }
    })();
    expect(thrown?.status).toBe(301);
    expect(thrown?.headers.get("Location")).toBe("/admin/x?pagina=2&des-de=2026-01-01&estat=published&ordre=nom&q=bici");
    expect(() => q("?pagina=2&estat=published")).not.toThrow();
  });

  it("links: a change other than the page's goes back to page 1; exports keep the filters, not the page", () => {
    expect(withParams("?q=a&pagina=4", { pagina: "5" })).toBe("?q=a&pagina=5");
    expect(withParams("?q=a&pagina=4", { estat: "pending" })).toBe("?q=a&estat=pending");
    expect(withParams("?q=a&estat=x", { estat: null })).toBe("?q=a");
    expect(withParams("?pagina=2", { pagina: "1" })).toBe("?");
    expect(exportHref("reflections", "csv", "?q=a%20b&pagina=9&des-de=2026-01-01")).toBe(
      "/admin/export/reflections.csv?q=a+b&des-de=2026-01-01",
    );
    expect(exportHref("newsletter", "xlsx", "")).toBe("/admin/export/newsletter.xlsx");
  });
});

describe("columnsOf", () => {
  it("picks the table's columns by name, in the order given, and nothing else", () => {
    const fields = columnsOf(t.reflections, "reflection", "id");
    expect(Object.keys(fields)).toEqual(["reflection", "id"]);
    expect(fields.reflection).toBe(t.reflections.reflection);
    expect(fields.id).toBe(t.reflections.id);
  });
});

describe.each(testBackends())("listPage and listRows on %s", (backend) => {
  const ctx = setupTestContext(backend);

  it("pages, searches, sorts and filters by dates on the server; listRows reads every row once in keyset batches", async () => {
    const base = Date.parse("2026-10-01T06:00:00Z");
    // Three rows share one instant (to the microsecond), across batch boundaries.
    const same = new Date("2026-10-02T10:00:00.123Z");
    await ctx.db.insert(t.reflections).values([
      ...Array.from({ length: 117 }, (_, i) => ({
        reflection: i % 3 === 0 ? `Més carrils BICI ${i}` : `Voreres ${i}`,
        name: i % 5 === 0 ? `Marta ${String(i).padStart(3, "0")}` : null,
        email: i === 7 ? "Joan_Prat@Exemple.cat" : null,
        createdAt: new Date(base + i * 7 * 3_600_000),
      })),
      ...["a", "b", "c"].map((x) => ({ reflection: `Igual ${x}`, createdAt: same })),
    ]);
    await ctx.database.db.execute(
      // Microseconds JavaScript's Date cannot hold: the keyset must compare the database's own value.
      `update reflections set created_at = created_at + interval '456 microseconds' where reflection like 'Igual %'` as never,
    );
    const all = await ctx.db.select().from(t.reflections);
    const newest = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));

    const first = await listPage(ctx.db, reflectionList, q(""), { id: t.reflections.id });
    expect(first).toMatchObject({ total: 120, matching: 120, page: 1, pages: 3, pageSize: 50 });
    expect(first.rows.map((r) => r.id)).toEqual(newest.slice(0, 50).map((r) => r.id));
    const last = await listPage(ctx.db, reflectionList, q("?pagina=99"), { id: t.reflections.id });
    expect(last.page).toBe(3);
    expect(last.query.page).toBe(3);
    expect(last.rows.map((r) => r.id)).toEqual(newest.slice(100).map((r) => r.id));
    // Only the fields asked for leave the database.
    expect(Object.keys(first.rows[0]!)).toEqual(["id"]);

    const bici = await listPage(ctx.db, reflectionList, q("?q=bici&ordre=data&sentit=asc&pagina=2"), { id: t.reflections.id });
    const biciRows = all
      .filter((r) => r.reflection.toLowerCase().includes("bici"))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(bici).toMatchObject({ total: 120, matching: biciRows.length, page: 1 + Number(biciRows.length > 50) });
    expect((await listPage(ctx.db, reflectionList, q("?q=joan_prat%40exemple"), { email: t.reflections.email })).rows).toEqual([
      { email: "Joan_Prat@Exemple.cat" },
    ]);
    expect((await listPage(ctx.db, reflectionList, q("?q=%25"), { id: t.reflections.id })).matching).toBe(0);

    const byName = await listPage(ctx.db, reflectionList, q("?ordre=nom&sentit=asc"), { name: t.reflections.name });
    const names = all.map((r) => r.name).filter((n): n is string => n !== null);
    expect(byName.rows.slice(0, names.length).map((r) => r.name)).toEqual([...names].sort());

    const from = "2026-10-10";
    const to = "2026-10-20";
    const ranged = await listPage(ctx.db, reflectionList, q(`?des-de=${from}&fins-a=${to}`), { id: t.reflections.id });
    const inRange = all.filter((r) => madridDay(r.createdAt) >= from && madridDay(r.createdAt) <= to);
    expect(ranged.matching).toBe(inRange.length);
    expect(new Set(ranged.rows.map((r) => r.id))).toEqual(new Set(inRange.map((r) => r.id)));

    for (const batch of [1, 2, 7, 1000]) {
      const ids: string[] = [];
      for await (const row of listRows(ctx.db, reflectionList, q(""), { id: t.reflections.id }, batch)) ids.push(row.id);
      expect(ids, `batch ${batch}`).toEqual([...newest].reverse().map((r) => r.id));
    }
    const searched: string[] = [];
    for await (const row of listRows(ctx.db, reflectionList, q("?q=igual"), { id: t.reflections.id }, 2)) searched.push(row.id);
    expect(searched).toHaveLength(3);
  });

  it("a theme and a status filter the rows that have them", async () => {
    const key = "audio/00000000-0000-4000-8000-000000000000.mp3";
    await ctx.db.insert(t.testimonials).values([
      { title: "u", category: "infants", status: "pending", audioKey: key },
      { title: "d", category: "infants", status: "published", audioKey: key },
      { title: "t", category: "laboral", status: "pending", audioKey: key },
    ]);
    const titles = async (search: string) =>
      (await listPage(ctx.db, testimonialList, q(search, testimonialList), { title: t.testimonials.title })).rows
        .map((r) => r.title)
        .sort();
    expect(await titles("?ambit=infants")).toEqual(["d", "u"]);
    expect(await titles("?estat=pending")).toEqual(["t", "u"]);
    expect(await titles("?ambit=infants&estat=pending")).toEqual(["u"]);
    expect(await titles("?ambit=res&estat=res")).toEqual(["d", "t", "u"]);
    // The queue's flags, on the kind's own list (and so on its export): only reported, only held.
    const [u] = await ctx.db
      .select({ id: t.testimonials.id })
      .from(t.testimonials)
      .where(sql`${t.testimonials.title} = 'u'`);
    await ctx.db
      .insert(t.contributionReports)
      .values({ contributionType: "testimonial", contributionId: u!.id, reason: "spam", reporterKey: "k" });
    await ctx.db
      .update(t.testimonials)
      .set({ heldByReportsAt: new Date() })
      .where(sql`${t.testimonials.title} = 't'`);
    expect(await titles("?denunciades=1")).toEqual(["u"]);
    expect(await titles("?retingudes=1")).toEqual(["t"]);
    expect(await titles("?denunciades=si&retingudes=0")).toEqual(["d", "t", "u"]);
  });

  it("searches every list's text columns through their trigram indexes (pg_trgm), not by reading the table", async () => {
    for (const spec of [reflectionList, mapCommentList, testimonialList, subscriberList]) {
      // With the sequential scan ruled out, the planner shows which index serves each column's ILIKE.
      const plan = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(
          sql`explain select count(*) from ${spec.table} where ${listWhere(spec, q("?q=carril_50%", spec))}`,
        )) as unknown as {
          rows: Record<string, string>[];
        };
        return res.rows.map((r) => Object.values(r)[0]).join("\n");
      });
      const indexes = [...plan.matchAll(/Bitmap Index Scan on (\w+)/g)].map((m) => m[1]);
      expect(indexes, plan).toHaveLength(spec.search.length);
      for (const index of indexes) expect(index).toMatch(/_trgm_idx$/);
      expect(plan).not.toContain("Seq Scan");
    }
  });
});
