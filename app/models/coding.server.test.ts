import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import type { CodedType } from "~/domain/contributions";
import { NONE } from "~/lib/analysis";
import { codingItem, codingList, contributionsUnion, firstKey, mergeCodes, toggleCode, type CodingFilters } from "~/models/coding.server";
import { createTestDatabase, testBackends } from "~/test/db";

// "Next uncoded" reads each contribution's "coded", kept by migration 0033's trigger (decision 080):
// it gives the same contribution as the anti-join on contribution_codes it replaced, in the list's
// order and under every filter, and "coded" follows every change to the codes.

const ALL: CodingFilters = { type: null, theme: null, municipality: null, codeId: null, uncoded: false, q: "", from: null, to: null };
const FILTERS: [string, Partial<CodingFilters>][] = [
  ["none", {}],
  ["reflections", { type: "reflection" }],
  ["map comments", { type: "map_comment" }],
  ["testimonials", { type: "testimonial" }],
  ["questionnaire answers", { type: "questionnaire" }],
  ["a theme", { theme: "infants" }],
  ["no theme", { theme: NONE }],
  ["a municipality", { municipality: "Sant Sadurní d'Anoia" }],
  ["no municipality", { municipality: NONE }],
  ["a search", { q: "escola" }],
  ["a date range", { from: "2026-10-03", to: "2026-10-06" }],
];

describe.each(testBackends())("next uncoded on %s", (backend) => {
  let database: Database;
  const db = () => database.db;
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  let items: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // Forty contributions of the four kinds over ten days, two at the very same time now and then
    // (the id breaks the tie), with and without theme, municipality and the word "escola".
    const day = (i: number) => new Date(Date.UTC(2026, 9, 1 + (i % 10), 9 + (i % 3), i % 4 === 0 ? 0 : i));
    const place = (i: number) => (i % 3 === 0 ? null : i % 3 === 1 ? "Sant Sadurní d'Anoia" : "Vilafranca del Penedès");
    const text = (i: number) => (i % 4 === 1 ? `Camí a l'escola ${i}` : `Cruïlla ${i}`);
    for (let i = 0; i < 40; i++) {
      const at = day(i);
      if (i % 4 === 0)
        await db()
          .insert(t.reflections)
          .values({ reflection: text(i), municipality: place(i), createdAt: at });
      if (i % 4 === 1)
        await db()
          .insert(t.mapComments)
          .values({ comment: text(i), municipality: place(i), createdAt: at });
      if (i % 4 === 2)
        await db()
          .insert(t.testimonials)
          .values({
            title: text(i),
            category: i % 8 === 2 ? "infants" : "laboral",
            municipality: place(i),
            audioKey: "a/x.weba",
            submittedAt: at,
          });
      if (i % 4 === 3)
        await db()
          .insert(t.questionnaireResponses)
          .values({
            text: text(i),
            municipality: place(i),
            answeredAt: i % 8 === 3 ? at : null,
            createdAt: at,
            dedupeKey: `k${i}`,
            sourceName: "q.csv",
          });
    }
    items = rows<{ key: string }>(
      await db().execute(sql`select c.type || ':' || c.id as key from ${contributionsUnion()} as c order by c.created_at desc, c.id desc`),
    ).map((r) => r.key);
    expect(items).toHaveLength(40);
    // Every third one coded (one of them twice), by plain inserts as bulk coding makes them.
    const [a, b] = rows<{ id: string }>(await db().execute(sql`select id from codes order by position, name limit 2`));
    for (const [n, key] of items.entries()) {
      if (n % 3 !== 0) continue;
      const { type, id } = splitKey(key);
      await db().insert(t.contributionCodes).values({ contributionType: type, contributionId: id, codeId: a!.id });
      if (n % 2 === 0) await db().insert(t.contributionCodes).values({ contributionType: type, contributionId: id, codeId: b!.id });
    }
  });
  afterAll(async () => database?.close());

  /** What "next uncoded" answered before decision 080: the first of the filtered list (the list's
   * own filters and order), after `after` when given, that the anti-join on contribution_codes finds
   * without a code. */
  const before = async (f: CodingFilters, after?: string) => {
    const list = (await codingList(db(), f, 1)).items.map((i) => i.key);
    const withCodes = new Set(
      rows<{ key: string }>(
        await db().execute(sql`select distinct contribution_type::text || ':' || contribution_id as key from ${t.contributionCodes}`),
      ).map((r) => r.key),
    );
    const from = after ? items.indexOf(after) : -1;
    return list.find((key) => items.indexOf(key) > from && !withCodes.has(key)) ?? null;
  };
  const splitKey = (key: string) => {
    const [type, id] = key.split(":") as [CodedType, string];
    return { type, id };
  };

  it.each(FILTERS)("gives the same next uncoded as the anti-join it replaced, filtered by %s", async (_label, filter) => {
    const f = { ...ALL, ...filter };
    const first = await firstKey(db(), { ...f, uncoded: true });
    expect(first).toBe(await before(f));
    for (const key of items.filter((_k, n) => n % 5 === 0)) {
      const item = (await codingItem(db(), splitKey(key), f))!;
      const next = await before(f, key);
      expect(item.nextUncoded, key).toBe(next ?? (first !== key ? first : null));
    }
  });

  it("keeps each contribution's coded equal to having a code, through toggles, merges and deletions", async () => {
    const consistent = async () =>
      rows<{ key: string; coded: boolean; has: boolean }>(
        await db().execute(
          sql`select c.type || ':' || c.id as key, c.coded,
            exists (select 1 from ${t.contributionCodes} cc where cc.contribution_type::text = c.type and cc.contribution_id = c.id) as has
            from ${contributionsUnion()} as c`,
        ),
      ).filter((r) => r.coded !== r.has);
    expect(await consistent()).toEqual([]);
    const [a, b, c] = rows<{ id: string }>(await db().execute(sql`select id from codes order by position, name limit 3`)).map((r) => r.id);
    const staff = { email: "staff@penedes.cat" };
    // Off and on again, on every kind.
    for (const key of items.slice(0, 8)) {
      await db().transaction(async (tx) => toggleCode(tx as never, splitKey(key), c!, staff));
      expect(await consistent()).toEqual([]);
    }
    for (const key of items.slice(0, 8)) await db().transaction(async (tx) => toggleCode(tx as never, splitKey(key), c!, staff));
    expect(await consistent()).toEqual([]);
    // A merge moves the codes: the contributions stay coded.
    await db().transaction(async (tx) => mergeCodes(tx as never, b!, a!));
    expect(await consistent()).toEqual([]);
    // A code taken off everything: uncoded again, and "next uncoded" finds them.
    await db().execute(sql`delete from ${t.contributionCodes} where code_id = ${a!}`);
    expect(await consistent()).toEqual([]);
    expect(await firstKey(db(), { ...ALL, uncoded: true })).toBe(items[0]);
    expect((await db().select().from(t.reflections)).every((r) => !r.coded)).toBe(true);
  });
});
