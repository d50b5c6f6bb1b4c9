import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  codeGroups,
  codes,
  contributionAnswers,
  contributionCodes,
  mapComments,
  questionnaireResponses,
  reflections,
  rejectedCodeSuggestions,
  testimonials,
} from "~/db/schema";
import type { CodedType } from "~/domain/contributions";
import { MUNICIPALITY_NAMES } from "~/domain/map";
import { mediaUrl } from "~/infra/storage.server";
import { CODING_PAGE_SIZE, CODING_TEXTS, isUuid, keywordStems, matchesKeywords, stems, type CodeInput } from "~/lib/coding";
import { NONE } from "~/lib/analysis";
import { formatShortDate } from "~/lib/dates";
import { containing, dayRange } from "~/models/admin-list.server";
import { columnOrNull, contributionKinds, municipalityOf } from "~/models/contributions.server";

// The codebook and the coding of contributions (issue 32, decision 065). A code is on a
// contribution of any kind by ("type", id), as an answer is (decision 061). Codes are staff's
// working notes: no public reader reads these tables. Every write here runs inside the caller's
// transaction with its audit entry.

export type Item = { type: CodedType; id: string };
export const itemKey = (i: Item) => `${i.type}:${i.id}`;

/** A refusal in Catalan: nothing changed. */
export class CodingRefused extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------
// The codebook.

export type CodeRow = typeof codes.$inferSelect & { uses: number };

/** Every group, in order, with its codes in order (retired ones too) and how many contributions
 * each code is on. */
export async function listCodebook(db: Db) {
  const [groups, all, uses] = await Promise.all([
    db.select().from(codeGroups).orderBy(asc(codeGroups.position), asc(codeGroups.name)),
    db.select().from(codes).orderBy(asc(codes.position), asc(codes.name)),
    db
      .select({ codeId: contributionCodes.codeId, n: sql<number>`count(*)::int` })
      .from(contributionCodes)
      .groupBy(contributionCodes.codeId),
  ]);
  const count = new Map(uses.map((u) => [u.codeId, Number(u.n)]));
  return groups.map((g) => ({
    ...g,
    codes: all.filter((c) => c.groupId === g.id).map((c) => ({ ...c, uses: count.get(c.id) ?? 0 })),
  }));
}

/** The codes offered for coding, in the codebook's order (group, then code). */
export async function activeCodes(db: Db) {
  return db
    .select({ id: codes.id, name: codes.name, colour: codes.colour, group: codeGroups.name, keywords: codes.keywords })
    .from(codes)
    .innerJoin(codeGroups, eq(codeGroups.id, codes.groupId))
    .where(eq(codes.isActive, true))
    .orderBy(asc(codeGroups.position), asc(codeGroups.name), asc(codes.position), asc(codes.name));
}

export async function codeById(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(codes).where(eq(codes.id, id));
  return row;
}

const usesOf = async (db: Db, codeId: string) => db.$count(contributionCodes, eq(contributionCodes.codeId, codeId));

export async function saveCode(tx: Db, input: CodeInput, id?: string) {
  const [group] = await tx.select({ id: codeGroups.id }).from(codeGroups).where(eq(codeGroups.id, input.groupId));
  if (!group) throw new CodingRefused(CODING_TEXTS.groupUnknown, 400);
  if (!id) return { before: undefined, after: (await tx.insert(codes).values(input).returning())[0]! };
  const before = await codeById(tx, id);
  if (!before) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  const [after] = await tx.update(codes).set(input).where(eq(codes.id, id)).returning();
  return { before, after: after! };
}

/** Retires a code (kept on what it coded, offered for no new coding) or puts it back in use. */
export async function setCodeActive(tx: Db, id: string, active: boolean) {
  const [row] = await tx.update(codes).set({ isActive: active }).where(eq(codes.id, id)).returning();
  if (!row) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  return row;
}

/** Deletes a code nothing was coded with; a code in use is refused (retire or merge it). */
export async function deleteCode(tx: Db, id: string) {
  const code = await codeById(tx, id);
  if (!code) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  if ((await usesOf(tx, id)) > 0) throw new CodingRefused(CODING_TEXTS.codeInUse);
  await tx.delete(codes).where(eq(codes.id, id));
  return code;
}

/** Merges `fromId` into `intoId`: every contribution coded with the first is coded with the second
 * (once: one that had both keeps one), the first's keywords join the second's, and the first is
 * deleted. Answers how many contributions it moved. */
export async function mergeCodes(tx: Db, fromId: string, intoId: string) {
  if (fromId === intoId) throw new CodingRefused(CODING_TEXTS.mergeSame, 400);
  const [from, into] = [await codeById(tx, fromId), await codeById(tx, intoId)];
  if (!from || !into) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  const moved = await tx.execute(
    sql`insert into ${contributionCodes} (contribution_type, contribution_id, code_id, coded_by_email, created_at)
      select contribution_type, contribution_id, ${intoId}, coded_by_email, created_at from ${contributionCodes} where code_id = ${fromId}
      on conflict do nothing returning id`,
  );
  await tx.execute(
    sql`insert into ${rejectedCodeSuggestions} (contribution_type, contribution_id, code_id)
      select contribution_type, contribution_id, ${intoId} from ${rejectedCodeSuggestions} where code_id = ${fromId}
      on conflict do nothing`,
  );
  const total = await usesOf(tx, fromId);
  await tx.delete(contributionCodes).where(eq(contributionCodes.codeId, fromId));
  await tx.delete(codes).where(eq(codes.id, fromId));
  const keywords = [...new Set([...into.keywords.split("\n"), ...from.keywords.split("\n")].filter(Boolean))].join("\n");
  if (keywords !== into.keywords) await tx.update(codes).set({ keywords }).where(eq(codes.id, intoId));
  return { from, into, total, added: rowsOf(moved).length };
}

// ---------------------------------------------------------------------------------------
// Coding.

/** Every contribution, of every kind and status, with what the coding screen shows and filters (and
 * the analysis counts: analysis.server.ts). Built from the kinds' description: a new kind joins in. */
export function contributionsUnion() {
  const selects = contributionKinds.map(
    (k) => sql`select ${sql.raw(`'${k.type}'`)}::text as type, id, ${k.columns.text} as text,
      ${columnOrNull(k.columns.theme)}::text as theme, ${columnOrNull(municipalityOf(k))} as municipality,
      ${columnOrNull(k.columns.audio)} as audio, status::text as status, ${k.columns.date} as created_at, ${k.table.coded} as coded from ${k.table}`,
  );
  // The questionnaire's answers (decision 076): private, never moderated; dated when answered.
  const q = questionnaireResponses;
  selects.push(sql`select 'questionnaire'::text as type, ${q.id}, ${q.text} as text, null::text as theme, ${q.municipality} as municipality,
      null::text as audio, 'private'::text as status, coalesce(${q.answeredAt}, ${q.createdAt}) as created_at, ${q.coded} as coded from ${q}`);
  return sql`(${sql.join(selects, sql` union all `)})`;
}

export interface CodingFilters {
  type: CodedType | null;
  /** A theme, or NONE (no theme). */
  theme: string | null;
  /** A municipality, or NONE (none). */
  municipality?: string | null;
  codeId: string | null;
  uncoded: boolean;
  q: string;
  from: string | null;
  to: string | null;
}

/** Whether a contribution carries a code: its "coded", which migration 0033's trigger keeps equal to
 * "some row of contribution_codes is on it" (decision 080). Read this way, the uncoded ones are a
 * partial index per kind in the list's order: "next uncoded" stops at its first hit. */
const coded = sql`c.coded`;

function codingWhere(f: CodingFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.type) parts.push(sql`c.type = ${f.type}`);
  if (f.theme) parts.push(f.theme === NONE ? sql`c.theme is null` : sql`c.theme = ${f.theme}`);
  if (f.municipality) parts.push(f.municipality === NONE ? sql`c.municipality is null` : sql`c.municipality = ${f.municipality}`);
  if (f.q) parts.push(sql`c.text ilike ${containing(f.q)}`);
  const days = dayRange(sql`c.created_at`, f.from, f.to);
  if (days) parts.push(days);
  if (f.codeId && isUuid(f.codeId))
    parts.push(
      sql`exists (select 1 from ${contributionCodes} cc where cc.contribution_type::text = c.type and cc.contribution_id = c.id and cc.code_id = ${f.codeId})`,
    );
  if (f.uncoded) parts.push(sql`not ${coded}`);
  return sql.join(parts, sql` and `);
}

const FROM = () => sql`${contributionsUnion()} as c`;

type Row = {
  type: CodedType;
  id: string;
  text: string;
  theme: string | null;
  municipality: string | null;
  audio: string | null;
  status: string;
  created_at: string;
};

const asDate = (text: string) => new Date(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));

/** The codes on these contributions, by "type:id", in the codebook's order. */
export async function codesOn(db: Db, items: Item[]) {
  const out = new Map<string, { id: string; name: string; colour: string; isActive: boolean }[]>();
  if (!items.length) return out;
  const rows = await db
    .select({
      type: contributionCodes.contributionType,
      cid: contributionCodes.contributionId,
      id: codes.id,
      name: codes.name,
      colour: codes.colour,
      isActive: codes.isActive,
    })
    .from(contributionCodes)
    .innerJoin(codes, eq(codes.id, contributionCodes.codeId))
    .innerJoin(codeGroups, eq(codeGroups.id, codes.groupId))
    .where(
      sql`${contributionCodes.contributionId} in (${sql.join(
        items.map((i) => sql`${i.id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(codeGroups.position), asc(codes.position), asc(codes.name));
  for (const r of rows) {
    const key = itemKey({ type: r.type, id: r.cid });
    if (!items.some((i) => itemKey(i) === key)) continue;
    out.set(key, [...(out.get(key) ?? []), { id: r.id, name: r.name, colour: r.colour, isActive: r.isActive }]);
  }
  return out;
}

/** How many contributions have no code yet. */
export async function uncodedCount(db: Db) {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${FROM()} where not ${coded}`))[0]!.n;
}

/** A page of the coding list, newest first, with each row's codes; how many match. */
export async function codingList(db: Db, f: CodingFilters, page: number) {
  const where = codingWhere(f);
  const matching = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${FROM()} where ${where}`))[0]!.n;
  const pages = Math.max(1, Math.ceil(matching / CODING_PAGE_SIZE));
  const at = Math.min(Math.max(1, page), pages);
  const rows = rowsOf<Row>(
    await db.execute(sql`select c.type, c.id, c.text, c.theme, c.municipality, c.audio, c.status, c.created_at::text as created_at
      from ${FROM()} where ${where} order by c.created_at desc, c.id desc
      limit ${CODING_PAGE_SIZE} offset ${(at - 1) * CODING_PAGE_SIZE}`),
  );
  const on = await codesOn(db, rows);
  const suggested = await suggestionsFor(
    db,
    rows.map((r) => ({ ...r, codes: on.get(itemKey(r)) ?? [] })),
  );
  const items = rows.map((r) => ({
    key: itemKey(r),
    type: r.type,
    id: r.id,
    text: r.text,
    theme: r.theme,
    municipality: r.municipality,
    status: r.status,
    dateLabel: formatShortDate(asDate(r.created_at)),
    codes: on.get(itemKey(r)) ?? [],
    suggested: suggested.get(itemKey(r)) ?? [],
  }));
  return { items, matching, page: at, pages };
}

/** One contribution for the coding screen, with its codes, its answer (staff's draft), and its
 * neighbours in the filtered list (previous, next, next without a code). Undefined when gone. */
export async function codingItem(db: Db, item: Item, f: CodingFilters, known?: { firstUncoded: Promise<string | null> }) {
  const where = codingWhere(f);
  const [row] = rowsOf<Row>(
    await db.execute(sql`select c.type, c.id, c.text, c.theme, c.municipality, c.audio, c.status, c.created_at::text as created_at
      from ${FROM()} where c.type = ${item.type} and c.id = ${item.id}`),
  );
  if (!row) return undefined;
  // Newest first: "next" is older (created_at, id) below this one; "previous" above.
  const here = sql`(${row.created_at}::timestamptz, ${row.id}::uuid)`;
  const neighbour = async (extra: SQL, dir: "next" | "prev") => {
    const cmp = dir === "next" ? sql`(c.created_at, c.id) < ${here}` : sql`(c.created_at, c.id) > ${here}`;
    const order = dir === "next" ? sql`c.created_at desc, c.id desc` : sql`c.created_at asc, c.id asc`;
    const [n] = rowsOf<{ type: CodedType; id: string }>(
      await db.execute(sql`select c.type, c.id from ${FROM()} where ${where} and ${extra} and ${cmp} order by ${order} limit 1`),
    );
    return n ? itemKey(n) : null;
  };
  const [next, prev, nextUncoded, firstUncoded, answer, on] = await Promise.all([
    neighbour(sql`true`, "next"),
    neighbour(sql`true`, "prev"),
    neighbour(sql`not ${coded}`, "next"),
    known?.firstUncoded ?? firstKey(db, { ...f, uncoded: true }),
    db
      .select({ text: contributionAnswers.text })
      .from(contributionAnswers)
      .where(and(sql`${contributionAnswers.contributionType}::text = ${item.type}`, eq(contributionAnswers.contributionId, item.id))),
    codesOn(db, [row]),
  ]);
  const codesHere = on.get(itemKey(row)) ?? [];
  const suggested = (await suggestionsFor(db, [{ ...row, codes: codesHere }])).get(itemKey(row)) ?? [];
  return {
    key: itemKey(row),
    type: row.type,
    id: row.id,
    text: row.text,
    theme: row.theme,
    municipality: row.municipality,
    status: row.status,
    audioUrl: row.audio ? mediaUrl(row.audio) : null,
    dateLabel: formatShortDate(asDate(row.created_at)),
    answer: answer[0]?.text ?? null,
    codes: codesHere,
    suggested,
    next,
    prev,
    // The next one without a code, after this one or else from the top.
    nextUncoded: nextUncoded ?? (firstUncoded !== itemKey(row) ? firstUncoded : null),
  };
}

/** The first contribution of the filtered list (newest first), or null. */
export async function firstKey(db: Db, f: CodingFilters) {
  const [n] = rowsOf<{ type: CodedType; id: string }>(
    await db.execute(sql`select c.type, c.id from ${FROM()} where ${codingWhere(f)} order by c.created_at desc, c.id desc limit 1`),
  );
  return n ? itemKey(n) : null;
}

async function exists(tx: Db, item: Item) {
  const rows = rowsOf(await tx.execute(sql`select 1 from ${FROM()} where c.type = ${item.type} and c.id = ${item.id}`));
  return rows.length > 0;
}

/** Puts the code on the contribution, or takes it off when it is there. A retired code is taken
 * off but never put on. Answers whether it is on now. */
export async function toggleCode(tx: Db, item: Item, codeId: string, staff: { email: string }) {
  const code = await codeById(tx, codeId);
  if (!code) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  if (!(await exists(tx, item))) throw new CodingRefused(CODING_TEXTS.contributionGone, 404);
  const gone = await tx
    .delete(contributionCodes)
    .where(
      and(
        eq(contributionCodes.contributionType, item.type),
        eq(contributionCodes.contributionId, item.id),
        eq(contributionCodes.codeId, codeId),
      ),
    )
    .returning({ id: contributionCodes.id });
  if (gone.length) return { code, on: false };
  if (!code.isActive) throw new CodingRefused(CODING_TEXTS.codeRetired, 400);
  await tx
    .insert(contributionCodes)
    .values({ contributionType: item.type, contributionId: item.id, codeId, codedByEmail: staff.email })
    .onConflictDoNothing();
  return { code, on: true };
}

/** Adds the code to (or removes it from) every contribution of the filtered list, or only the
 * selected ones among them. One statement each way; answers how many changed. */
export async function bulkCode(
  tx: Db,
  op: "add" | "remove",
  codeId: string,
  target: { filters: CodingFilters; items?: Item[] },
  staff: { email: string },
) {
  const code = await codeById(tx, codeId);
  if (!code) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  if (op === "add" && !code.isActive) throw new CodingRefused(CODING_TEXTS.codeRetired, 400);
  let where = codingWhere(target.filters);
  if (target.items) {
    if (!target.items.length) throw new CodingRefused(CODING_TEXTS.nothingSelected, 400);
    where = sql`${where} and (c.type, c.id) in (${sql.join(
      target.items.map((i) => sql`(${i.type}, ${i.id}::uuid)`),
      sql`, `,
    )})`;
  }
  const result =
    op === "add"
      ? await tx.execute(
          sql`insert into ${contributionCodes} (contribution_type, contribution_id, code_id, coded_by_email)
            select c.type::contribution_type, c.id, ${codeId}, ${staff.email} from ${FROM()} where ${where}
            on conflict do nothing returning id`,
        )
      : await tx.execute(
          sql`delete from ${contributionCodes} cc where cc.code_id = ${codeId}
            and (cc.contribution_type::text, cc.contribution_id) in (select c.type, c.id from ${FROM()} where ${where}) returning cc.id`,
        );
  return { code, count: rowsOf(result).length };
}

// ---------------------------------------------------------------------------------------
// Suggestions by keyword: a code is suggested for a contribution whose text has one of its
// keywords (lib/coding.ts: accents, case and simple endings do not matter), unless the code is on
// it already or staff rejected that suggestion. Never applied without staff accepting it.

/** The codes suggested for these contributions, by "type:id". */
export async function suggestionsFor(db: Db, items: (Item & { text: string; codes: { id: string }[] })[]) {
  const out = new Map<string, { id: string; name: string; colour: string }[]>();
  if (!items.length) return out;
  const candidates = (await activeCodes(db)).filter((c) => c.keywords.trim());
  if (!candidates.length) return out;
  const rejected = new Set(
    (
      await db
        .select()
        .from(rejectedCodeSuggestions)
        .where(
          sql`${rejectedCodeSuggestions.contributionId} in (${sql.join(
            items.map((i) => sql`${i.id}`),
            sql`, `,
          )})`,
        )
    ).map((r) => `${r.contributionType}:${r.contributionId}:${r.codeId}`),
  );
  const keywords = candidates.map((c) => ({ code: c, phrases: keywordStems(c.keywords) }));
  for (const item of items) {
    const words = stems(item.text);
    const on = new Set(item.codes.map((c) => c.id));
    const found = keywords
      .filter(({ code, phrases }) => !on.has(code.id) && !rejected.has(`${itemKey(item)}:${code.id}`) && matchesKeywords(words, phrases))
      .map(({ code }) => ({ id: code.id, name: code.name, colour: code.colour }));
    if (found.length) out.set(itemKey(item), found);
  }
  return out;
}

/** Accepts (codes) or rejects (never suggests again) one code's suggestions on the filtered list,
 * the selected rows of it, or one contribution. Answers how many it decided. */
export async function decideSuggestions(
  tx: Db,
  op: "accept" | "reject",
  codeId: string,
  target: { filters: CodingFilters; items?: Item[] },
  staff: { email: string },
) {
  const code = await codeById(tx, codeId);
  if (!code) throw new CodingRefused(CODING_TEXTS.codeUnknown, 404);
  if (op === "accept" && !code.isActive) throw new CodingRefused(CODING_TEXTS.codeRetired, 400);
  let where = codingWhere(target.filters);
  if (target.items) {
    if (!target.items.length) throw new CodingRefused(CODING_TEXTS.nothingSelected, 400);
    where = sql`${where} and (c.type, c.id) in (${sql.join(
      target.items.map((i) => sql`(${i.type}, ${i.id}::uuid)`),
      sql`, `,
    )})`;
  }
  const phrases = keywordStems(code.keywords);
  if (!phrases.length) return { code, count: 0 };
  const rows = rowsOf<{ type: CodedType; id: string; text: string }>(
    await tx.execute(sql`select c.type, c.id, c.text from ${FROM()} where ${where}
      and not exists (select 1 from ${contributionCodes} cc where cc.contribution_type::text = c.type and cc.contribution_id = c.id and cc.code_id = ${codeId})
      and not exists (select 1 from ${rejectedCodeSuggestions} r where r.contribution_type::text = c.type and r.contribution_id = c.id and r.code_id = ${codeId})`),
  );
  const matched = rows.filter((r) => matchesKeywords(stems(r.text), phrases));
  for (let i = 0; i < matched.length; i += 1000) {
    const batch = matched.slice(i, i + 1000);
    if (op === "accept")
      await tx
        .insert(contributionCodes)
        .values(batch.map((r) => ({ contributionType: r.type, contributionId: r.id, codeId, codedByEmail: staff.email })))
        .onConflictDoNothing();
    else
      await tx
        .insert(rejectedCodeSuggestions)
        .values(batch.map((r) => ({ contributionType: r.type, contributionId: r.id, codeId })))
        .onConflictDoNothing();
  }
  return { code, count: matched.length };
}

// ---------------------------------------------------------------------------------------
// The municipality of a contribution (issue 32, decision 076): staff set or correct it on any kind.

/** The table holding each kind's municipality column. */
const MUNICIPALITY_TABLES = {
  reflection: reflections,
  map_comment: mapComments,
  testimonial: testimonials,
  questionnaire: questionnaireResponses,
} as const;

/** Sets the contribution's municipality (one of MUNICIPALITY_NAMES, or null to clear it). Answers
 * what it was and what it is; refuses an unknown name or a contribution that is gone. */
export async function setMunicipality(tx: Db, item: Item, municipality: string | null) {
  if (municipality !== null && !MUNICIPALITY_NAMES.includes(municipality)) throw new CodingRefused(CODING_TEXTS.municipalityUnknown, 400);
  const table = MUNICIPALITY_TABLES[item.type] as typeof reflections;
  const [before] = await tx.select({ municipality: table.municipality }).from(table).where(eq(table.id, item.id)).for("update");
  if (!before) throw new CodingRefused(CODING_TEXTS.contributionGone, 404);
  await tx.update(table).set({ municipality }).where(eq(table.id, item.id));
  return { before: before.municipality, after: municipality };
}
