import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { codeGroups, codes, contributionCodes, mapComments, questionnaireResponses } from "~/db/schema";
import { codedTypes } from "~/domain/contributions";
import { ADMIN_PIN_LIMIT, ADMIN_PIN_TEXT, type AdminMapPin } from "~/domain/map";
import { categories, categoryLabels, type Category } from "~/domain/themes";
import type { AnySheetSource, TableColumn } from "~/infra/tabular.server";
import { contributionLabels } from "~/lib/contributions";
import { filterFor, valueLabel, type Dimension, type Period } from "~/lib/analysis";
import { TIME_ZONE } from "~/models/admin-list.server";
import { isUuid } from "~/lib/coding";
import { contributionsUnion, listCodebook, type CodeRow } from "~/models/coding.server";
import { columnOrNull, contributionKinds, municipalityOf, type ContributionKind } from "~/models/contributions.server";

// The analysis of the coding (issue 32, decision 077): each code crossed with the theme, the
// municipality or the kind of contribution, each code counted per week or month, and the coded map
// comments on the map. Every count reads the contributions through the one union of the kinds
// (coding.server.ts, built from contributions.server.ts): a new kind joins in. Every status is
// counted, as every status is coded (decision 065). Staff's working notes: no public reader.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A kind's value in a dimension (x: its table). */
const valueOf = (kind: ContributionKind, dimension: Dimension): SQL =>
  dimension === "tema"
    ? sql`${columnOrNull(kind.columns.theme)}::text`
    : dimension === "municipi"
      ? columnOrNull(municipalityOf(kind))
      : sql.raw(`'${kind.type}'::text`);

/** An assignment with its contribution (every kind, every status). */
const CODED = () =>
  sql`${contributionCodes} cc join ${contributionsUnion()} as c on c.type = cc.contribution_type::text and c.id = cc.contribution_id`;

/** The codebook's codes in its order (group, then code), each with its group's name: the rows of
 * every table here. Retired codes are kept: what they coded still counts. */
export async function codebookRows(db: Db) {
  return db
    .select({
      id: codes.id,
      name: codes.name,
      colour: codes.colour,
      group: codeGroups.name,
      groupId: codeGroups.id,
      isActive: codes.isActive,
    })
    .from(codes)
    .innerJoin(codeGroups, eq(codeGroups.id, codes.groupId))
    .orderBy(asc(codeGroups.position), asc(codeGroups.name), asc(codes.position), asc(codes.name));
}

export interface CrossTabColumn {
  value: string | null;
  label: string;
  /** Contributions with this value, coded or not: the share's denominator. */
  total: number;
  /** The coding list's filter for this value (the cell's link), or null. */
  filter: [string, string] | null;
}

/** The codes (rows) against a dimension's values (columns): how many contributions carry the code
 * and have the value, and that count's share of the column (of every contribution with the value). */
export async function crossTab(db: Db, dimension: Dimension) {
  // One statement: for each kind, its assignments joined to its own table by (type, id) — the
  // assignments' unique index — and counted by code and value, then its rows counted by value (code null).
  const parts = contributionKinds.map((k) => {
    const v = valueOf(k, dimension);
    return sql`select cc.code_id::text as code, ${v} as v, count(*)::int as n from ${contributionCodes} cc
        join ${k.table} on ${k.table.id} = cc.contribution_id where cc.contribution_type = ${k.type} group by 1, 2
      union all select null, ${v}, count(*)::int from ${k.table} group by 2`;
  });
  // The questionnaire's answers (decision 076), coded like the rest: no theme, their municipality.
  const q = questionnaireResponses;
  const qv = dimension === "tema" ? sql`null::text` : dimension === "municipi" ? sql`${q.municipality}` : sql.raw(`'questionnaire'::text`);
  parts.push(sql`select cc.code_id::text as code, ${qv} as v, count(*)::int as n from ${contributionCodes} cc
      join ${q} on ${q.id} = cc.contribution_id where cc.contribution_type = 'questionnaire' group by 1, 2
    union all select null, ${qv}, count(*)::int from ${q} group by 2`);
  const [rows, result] = await Promise.all([codebookRows(db), db.execute(sql.join(parts, sql` union all `))]);
  const all = rowsOf<{ code: string | null; v: string | null; n: number }>(result);
  const totalOf = new Map<string | null, number>();
  for (const t of all.filter((r) => r.code === null)) totalOf.set(t.v, (totalOf.get(t.v) ?? 0) + Number(t.n));
  // The columns: the closed sets whole (themes, kinds), the municipalities that occur; "none" last when it occurs.
  const known: readonly string[] = dimension === "tema" ? categories : dimension === "tipus" ? codedTypes : [];
  const seen = [...totalOf.keys()].filter((v): v is string => v !== null && !known.includes(v));
  const values: (string | null)[] = [...known, ...seen.sort((a, b) => a.localeCompare(b, "ca"))];
  const counted = all.filter((r) => r.code !== null);
  if (totalOf.has(null) || counted.some((c) => c.v === null)) values.push(null);
  const columns: CrossTabColumn[] = values.map((value) => ({
    value,
    label: valueLabel(dimension, value),
    total: totalOf.get(value) ?? 0,
    filter: filterFor(dimension, value),
  }));
  const count = new Map<string, number>();
  for (const c of counted) {
    const key = `${c.code}|${c.v ?? ""}|${c.v === null}`;
    count.set(key, (count.get(key) ?? 0) + Number(c.n));
  }
  const table = rows.map((code) => {
    const line = columns.map((col) => {
      const n = count.get(`${code.id}|${col.value ?? ""}|${col.value === null}`) ?? 0;
      return { count: n, share: col.total > 0 ? n / col.total : null };
    });
    return { code, total: line.reduce((sum, c) => sum + c.count, 0), cells: line };
  });
  const contributions = [...totalOf.values()].reduce((a, b) => a + b, 0);
  return { dimension, columns, rows: table, contributions };
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The first day of the period after `day` (yyyy-mm-dd). */
function nextPeriod(day: string, period: Period): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (period === "setmana") return isoDay(new Date(d.getTime() + 7 * DAY_MS));
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}
/** At most this many periods are shown: the latest ones (two years of weeks). */
export const MAX_PERIODS = 104;

/** Each code counted per week (from Monday) or per month, by the contribution's date in the
 * campaign's time zone: every period from the first to the last with a coded contribution. */
export async function countsOverTime(db: Db, period: Period) {
  const unit = period === "setmana" ? "week" : "month";
  const [rows, counted] = await Promise.all([
    codebookRows(db),
    db.execute(sql`select cc.code_id as code,
        to_char(date_trunc(${unit}, c.created_at at time zone ${TIME_ZONE}), 'YYYY-MM-DD') as p, count(*)::int as n
      from ${CODED()} group by 1, 2`),
  ]);
  const found = rowsOf<{ code: string; p: string; n: number }>(counted);
  const days = [...new Set(found.map((f) => f.p))].sort();
  const periods: string[] = [];
  if (days.length) for (let d = days[0]!; d <= days.at(-1)!; d = nextPeriod(d, period)) periods.push(d);
  const shown = periods.slice(-MAX_PERIODS);
  const count = new Map(found.map((f) => [`${f.code}|${f.p}`, Number(f.n)]));
  return {
    period,
    periods: shown,
    /** Periods left out before the first shown (more than MAX_PERIODS). */
    cut: periods.length - shown.length,
    series: rows
      .filter((code) => found.some((f) => f.code === code.id))
      .map((code) => ({ code, counts: shown.map((p) => count.get(`${code.id}|${p}`) ?? 0) })),
  };
}

/** A coded map comment on the analysis map: the staff's pin, coloured by its (first) code. */
export type CodedPin = AdminMapPin & { colour: string; codes: string[] };

/** The coded map comments with a place, newest first (at most ADMIN_PIN_LIMIT), with one code or
 * with any; each pin has the colour of that code (or of its first code in the codebook's order). */
export async function codedMapPins(db: Db, codeId: string | null) {
  const rows = await codebookRows(db);
  const code = codeId && isUuid(codeId) ? rows.find((r) => r.id === codeId) : undefined;
  const byCode = sql`and cc.code_id = ${code?.id ?? null}`;
  const found = rowsOf<{
    id: string;
    lat: number;
    lng: number;
    status: AdminMapPin["status"];
    category: AdminMapPin["category"];
    comment: string;
    municipality: string | null;
    segment_name: string | null;
    created_at: string;
    codes: string[] | string;
  }>(
    await db.execute(sql`select m.id, m.lat, m.lng, m.status::text as status, m.category::text as category,
        case when length(m.comment) > ${ADMIN_PIN_TEXT} then left(m.comment, ${ADMIN_PIN_TEXT}) || '…' else m.comment end as comment,
        m.municipality, m.segment_name, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
        (select json_agg(k.id order by g.position, g.name, k.position, k.name) from ${contributionCodes} a
          join ${codes} k on k.id = a.code_id join ${codeGroups} g on g.id = k.group_id
          where a.contribution_type = 'map_comment' and a.contribution_id = m.id) as codes
      from ${mapComments} m
      where m.lat is not null and exists (select 1 from ${contributionCodes} cc
        where cc.contribution_type = 'map_comment' and cc.contribution_id = m.id ${code ? byCode : sql``})
      order by m.created_at desc, m.id desc limit ${ADMIN_PIN_LIMIT + 1}`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pins: CodedPin[] = found.slice(0, ADMIN_PIN_LIMIT).map((r) => {
    const ids = typeof r.codes === "string" ? (JSON.parse(r.codes) as string[]) : (r.codes ?? []);
    const on = ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
    return {
      id: r.id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      status: r.status,
      category: r.category,
      comment: r.comment,
      municipality: r.municipality,
      segmentName: r.segment_name,
      createdAt: r.created_at,
      colour: (code ?? on[0])?.colour ?? "#37474f",
      codes: on.map((c) => c.name),
    };
  });
  return { code: code ?? null, codes: rows, pins, more: found.length > ADMIN_PIN_LIMIT };
}

// ---------------------------------------------------------------------------------------
// The codebook with the coded data (decision 077): what a consultancy drafting the plan asks for.
// One sheet for the codebook, then one per group of codes, each row a contribution coded with a
// code of that group; streamed (tabular.server.ts), each group's rows read 1,000 at a time.

/** The codebook sheet's columns. */
export const CODEBOOK_COLUMNS: TableColumn<CodeRow & { group: string }>[] = [
  { header: "Grup", value: (r) => r.group, width: 20 },
  { header: "Codi", value: (r) => r.name, width: 24 },
  { header: "Color", value: (r) => r.colour, width: 10 },
  { header: "Descripció", value: (r) => r.description, width: 50 },
  { header: "Paraules clau", value: (r) => r.keywords.split("\n").filter(Boolean).join("; "), width: 40 },
  { header: "Actiu", value: (r) => r.isActive },
  { header: "Aportacions", value: (r) => r.uses, width: 12 },
];

export interface CodedRow {
  type: string;
  id: string;
  createdAt: Date;
  theme: string | null;
  municipality: string | null;
  text: string;
  codes: string;
}

/** A group's sheet's columns. */
export const CODED_COLUMNS: TableColumn<CodedRow>[] = [
  { header: "Tipus", value: (r) => contributionLabels[r.type] ?? r.type, width: 18 },
  { header: "Identificador", value: (r) => r.id, width: 38 },
  { header: "Data", value: (r) => r.createdAt, width: 18 },
  { header: "Àmbit", value: (r) => (r.theme ? (categoryLabels[r.theme as Category] ?? r.theme) : null) },
  { header: "Municipi", value: (r) => r.municipality, width: 24 },
  { header: "Text", value: (r) => r.text, width: 80 },
  { header: "Codis del grup", value: (r) => r.codes, width: 40 },
];

const BATCH = 1000;

/** The contributions coded with a code of the group, oldest first, each with that group's codes. */
export async function* codedRowsOfGroup(db: Db, groupId: string): AsyncGenerator<CodedRow> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: (Omit<CodedRow, "createdAt"> & { at: string })[] = rowsOf(
      await db.execute(sql`select c.type, c.id, c.created_at::text as at, c.theme, c.municipality, c.text,
          string_agg(k.name, '; ' order by k.position, k.name) as codes
        from ${CODED()} join ${codes} k on k.id = cc.code_id
        where k.group_id = ${groupId} ${after ? sql`and (c.created_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        group by c.type, c.id, c.created_at, c.theme, c.municipality, c.text
        order by c.created_at, c.id limit ${BATCH}`),
    );
    for (const r of page) yield { ...r, createdAt: new Date(r.at.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")) };
    if (page.length < BATCH) return;
    after = { at: page.at(-1)!.at, id: page.at(-1)!.id };
  }
}

/** The sheets of the codebook workbook: the codebook, then one per group (its name; 31 characters). */
export async function* codebookSheets(db: Db): AsyncGenerator<AnySheetSource> {
  const groups = await listCodebook(db);
  const rows = groups.flatMap((g) => g.codes.map((c) => ({ ...c, group: g.name, groupId: g.id })));
  yield {
    name: "Llibre de codis",
    columns: CODEBOOK_COLUMNS,
    rows: (async function* () {
      yield* rows;
    })(),
  };
  const used = new Set<string>(["llibre de codis"]);
  for (const g of groups) {
    // Sheet names are unique regardless of case, 31 characters, without []:*?/\
    let name = g.name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${g.name.slice(0, 27)} (${i})`;
    used.add(name.toLowerCase());
    yield { name, columns: CODED_COLUMNS, rows: codedRowsOfGroup(db, g.id) };
  }
}
