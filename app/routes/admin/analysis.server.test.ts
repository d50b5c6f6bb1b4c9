import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { NONE, type Dimension } from "~/lib/analysis";
import { openContributions } from "~/models/open-data.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { parseCsv, readXlsx } from "~/test/tables";
import * as analysis from "./analysis.server";
import * as analysisMap from "./analysis-map.server";
import * as coding from "./coding.server";
import * as exportCodebook from "./export-codebook";
import * as exportRoute from "./export.server";

// Issue 32, decision 077: the cross-tab's counts equal counts made here directly in SQL, table by
// table (all three dimensions); the counts over time; the cells' links open a coding list of the
// same count; the map's pins; the exports' codes and municipality; the codebook workbook read back.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(testBackends())("analysis on %s", (backend) => {
  const bed = adminTestBed(backend);
  const db = () => bed.ctx.db;
  const load = async <T>(mod: { loader: (a: never) => Promise<T> }, url: string) =>
    mod.loader(routeArgs(bed.ctx, url, { headers: { Cookie: bed.cookie } }) as never);
  const ids: Record<string, string> = {};
  const codeId = async (name: string) => (await db().select().from(t.codes).where(eq(t.codes.name, name)))[0]!.id;

  beforeAll(async () => {
    await db().delete(t.contributionCodes);
    for (const table of [t.reflections, t.mapComments, t.testimonials]) await db().delete(table);
    const MUN = ["Vilafranca del Penedès", "Sant Sadurní d'Anoia", null] as const;
    const CAT = ["ciutadania", "infants", "laboral", "turistic"] as const;
    const STATUS = ["published", "pending", "hidden"] as const;
    // October and November 2026 (Madrid): 12 reflections, 12 map comments, 12 testimonials.
    const at = (i: number) => new Date(Date.parse(i % 2 ? "2026-10-10T10:00:00Z" : "2026-11-20T10:00:00Z") + i * 60_000);
    const r = await db()
      .insert(t.reflections)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          reflection: `Reflexió ${i}`,
          municipality: MUN[i % 3],
          status: STATUS[i % 3],
          createdAt: at(i),
        })),
      )
      .returning();
    const m = await db()
      .insert(t.mapComments)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          comment: `Comentari ${i}`,
          municipality: MUN[(i + 1) % 3],
          lat: i % 4 === 3 ? null : 41.3 + i / 100,
          lng: i % 4 === 3 ? null : 1.6 + i / 100,
          status: STATUS[i % 3],
          createdAt: at(i),
        })),
      )
      .returning();
    const s = await db()
      .insert(t.testimonials)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          title: `Testimoni ${i}`,
          category: CAT[i % 4]!,
          municipality: MUN[(i + 2) % 3]!,
          audioKey: `audio/${i}.weba`,
          status: STATUS[i % 3],
          submittedAt: at(i),
        })),
      )
      .returning();
    const [seg, conn, park, inf] = [
      await codeId("Seguretat"),
      await codeId("Connectivitat"),
      await codeId("Aparcament"),
      await codeId("Infants i escola"),
    ];
    Object.assign(ids, { seg, conn, park, inf, r0: r[0]!.id, m0: m[0]!.id, s0: s[0]!.id });
    const assign: (typeof t.contributionCodes.$inferInsert)[] = [];
    const kinds = [
      ["reflection", r],
      ["map_comment", m],
      ["testimonial", s],
    ] as const;
    for (const [type, rows] of kinds)
      rows.forEach((row, i) => {
        if (i % 2 === 0) assign.push({ contributionType: type, contributionId: row.id, codeId: seg });
        if (i % 3 === 0) assign.push({ contributionType: type, contributionId: row.id, codeId: conn });
        if (i % 5 === 1) assign.push({ contributionType: type, contributionId: row.id, codeId: inf });
      });
    await db().insert(t.contributionCodes).values(assign);
  });

  /** Six questionnaire answers (decision 076), in the three municipality cases, Seguretat on the even
   * ones and Connectivitat on the multiples of three; taken away again by the returned function so
   * that the other tests' counts stay those of the three kinds. */
  async function withAnswers() {
    const MUN = ["Vilafranca del Penedès", "Sant Sadurní d'Anoia", null] as const;
    const answers = await db()
      .insert(t.questionnaireResponses)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          text: `Resposta ${i}`,
          municipality: MUN[i % 3],
          answeredAt: new Date(Date.parse("2026-10-20T10:00:00Z") + i * 60_000),
          dedupeKey: `id:analysis-${i}`,
          sourceName: "questionari.csv",
        })),
      )
      .returning();
    const assign: (typeof t.contributionCodes.$inferInsert)[] = [];
    answers.forEach((row, i) => {
      if (i % 2 === 0) assign.push({ contributionType: "questionnaire", contributionId: row.id, codeId: ids.seg! });
      if (i % 3 === 0) assign.push({ contributionType: "questionnaire", contributionId: row.id, codeId: ids.conn! });
    });
    await db().insert(t.contributionCodes).values(assign);
    return async () => {
      await db().delete(t.contributionCodes).where(eq(t.contributionCodes.contributionType, "questionnaire"));
      await db().delete(t.questionnaireResponses);
    };
  }

  /** The counts of (code, value) and of each value, made here apart: one query per table. */
  async function direct(dimension: Dimension) {
    const theme = {
      reflection: sql`null::text`,
      map_comment: sql`null::text`,
      testimonial: sql`x.category::text`,
      questionnaire: sql`null::text`,
    };
    const value = (type: keyof typeof theme) =>
      dimension === "tema" ? theme[type] : dimension === "municipi" ? sql`x.municipality` : sql.raw(`'${type}'`);
    const cells = new Map<string, number>();
    const totals = new Map<string | null, number>();
    for (const [type, table] of [
      ["reflection", "reflections"],
      ["map_comment", "map_comments"],
      ["testimonial", "testimonials"],
      ["questionnaire", "questionnaire_responses"],
    ] as const) {
      for (const row of rowsOf<{ code: string; v: string | null; n: number }>(
        await db().execute(sql`select cc.code_id as code, ${value(type)} as v, count(*)::int as n from contribution_codes cc
          join ${sql.raw(table)} x on x.id = cc.contribution_id where cc.contribution_type = ${type} group by 1, 2`),
      ))
        cells.set(`${row.code}|${row.v}`, (cells.get(`${row.code}|${row.v}`) ?? 0) + Number(row.n));
      for (const row of rowsOf<{ v: string | null; n: number }>(
        await db().execute(sql`select ${value(type)} as v, count(*)::int as n from ${sql.raw(table)} x group by 1`),
      ))
        totals.set(row.v, (totals.get(row.v) ?? 0) + Number(row.n));
    }
    return { cells, totals };
  }

  it.each(["tema", "municipi", "tipus"] as const)(
    "the cross-tab by %s counts what SQL counts directly, questionnaire answers too",
    async (per) => {
      const removeAnswers = await withAnswers();
      try {
        await crossTabMatches(per);
      } finally {
        await removeAnswers();
      }
    },
  );

  async function crossTabMatches(per: Dimension) {
    const data = await load(analysis, `/admin/analisi?per=${per}`);
    expect(data.table.dimension).toBe(per);
    const { cells, totals } = await direct(per);
    // Every column's total, and the sum of all.
    expect(new Map(data.table.columns.map((c) => [c.value, c.total]))).toEqual(totals);
    expect(data.table.contributions).toBe(42);
    if (per === "tipus") expect(data.table.columns.map((c) => c.value)).toContain("questionnaire");
    let nonZero = 0;
    for (const row of data.table.rows)
      row.cells.forEach((cell, i) => {
        const col = data.table.columns[i]!;
        expect(cell.count, `${row.code.name} × ${col.label}`).toBe(cells.get(`${row.code.id}|${col.value}`) ?? 0);
        expect(cell.share).toBeCloseTo(col.total ? cell.count / col.total : 0);
        if (cell.count) nonZero++;
      });
    expect(nonZero).toBe(cells.size);
    // A row's total: the contributions with the code (each has one value in the dimension).
    const seg = data.table.rows.find((r) => r.code.id === ids.seg)!;
    // 18 of the three kinds and 3 answers.
    expect(seg.total).toBe(21);
  }

  it("a cell opens the coding list of the same contributions: its count", async () => {
    const removeAnswers = await withAnswers();
    for (const per of ["tema", "municipi", "tipus"] as const) {
      const data = await load(analysis, `/admin/analisi?per=${per}`);
      for (const row of data.table.rows.filter((r) => [ids.seg, ids.conn].includes(r.code.id)))
        for (const [i, cell] of row.cells.entries()) {
          const filter = data.table.columns[i]!.filter;
          if (!filter) continue;
          const list = await load(coding, `/admin/codificacio?codi=${row.code.id}&${filter[0]}=${encodeURIComponent(filter[1])}`);
          expect(list.matching, `${per}: ${row.code.name} × ${filter.join("=")}`).toBe(cell.count);
        }
    }
    await removeAnswers();
    // "None": no theme is every reflection and map comment.
    const none = await load(coding, `/admin/codificacio?ambit=${NONE}`);
    expect(none.matching).toBe(24);
    const noPlace = await load(coding, `/admin/codificacio?municipi=${NONE}`);
    expect(noPlace.matching).toBe(12);
  });

  it("counts each code per month and per week, by the contribution's date", async () => {
    const months = (await load(analysis, "/admin/analisi?periode=mes")).time;
    expect(months.periods).toEqual(["2026-10-01", "2026-11-01"]);
    expect(months.labels[0]).toMatch(/oct/);
    const seg = months.series.find((s) => s.code.id === ids.seg)!;
    // Even-numbered rows are in November: Seguretat is on the even ones (18), none in October.
    expect(seg.counts).toEqual([0, 18]);
    const inf = months.series.find((s) => s.code.id === ids.inf)!;
    // i % 5 === 1: 1, 6, 11 in each kind: 1 and 11 odd (October), 6 even (November).
    expect(inf.counts).toEqual([6, 3]);
    // A code on nothing has no line.
    expect(months.series.some((s) => s.code.id === ids.park)).toBe(false);
    const weeks = (await load(analysis, "/admin/analisi?periode=setmana")).time;
    // From the week of 5 October to the week of 16 November: seven Mondays.
    expect(weeks.periods).toEqual(["2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"]);
    expect(weeks.series.find((s) => s.code.id === ids.seg)!.counts).toEqual([0, 0, 0, 0, 0, 0, 18]);
    // A malformed switch is the default (months, themes).
    const bad = await load(analysis, "/admin/analisi?periode=any&per=res");
    expect([bad.time.period, bad.table.dimension]).toEqual(["mes", "tema"]);
  });

  it("maps the coded comments with a place, of one code or of any, in the code's colour", async () => {
    const all = await load(analysisMap, "/admin/analisi/mapa");
    const direct = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from map_comments m where m.lat is not null
        and exists (select 1 from contribution_codes cc where cc.contribution_type = 'map_comment' and cc.contribution_id = m.id)`),
    )[0]!.n;
    expect(all.pins.length).toBe(Number(direct));
    const one = await load(analysisMap, `/admin/analisi/mapa?codi=${ids.conn}`);
    expect(one.code?.name).toBe("Connectivitat");
    // i % 3 === 0 and located (i % 4 !== 3): 0, 6 and 9 (3 has no place).
    expect(one.pins.length).toBe(3);
    for (const pin of one.pins) {
      expect(pin.colour).toBe(one.code!.colour);
      expect(pin.codes).toContain("Connectivitat");
    }
  });

  it("the exports carry each row's municipality and codes", async () => {
    const res = (await exportRoute.loader(
      routeArgs(bed.ctx, "/admin/export/contributions.csv", {
        headers: { Cookie: bed.cookie },
        params: { file: "contributions.csv" },
      }) as never,
    )) as Response;
    const rows = parseCsv(await res.text());
    const [head, ...body] = rows;
    const [id, mun, codes] = ["Identificador", "Municipi", "Codis"].map((h) => head!.indexOf(h));
    expect(mun).toBeGreaterThan(-1);
    expect(codes).toBeGreaterThan(-1);
    expect(body.length).toBe(36);
    const r0 = body.find((r) => r[id!] === ids.r0)!;
    expect(r0[mun!]).toBe("Vilafranca del Penedès");
    expect(r0[codes!]).toBe("Seguretat; Connectivitat");
    // Each kind's own export too, in both formats.
    const xlsx = (await exportRoute.loader(
      routeArgs(bed.ctx, "/admin/export/testimonials.xlsx", {
        headers: { Cookie: bed.cookie },
        params: { file: "testimonials.xlsx" },
      }) as never,
    )) as Response;
    const sheet = await readXlsx(await xlsx.arrayBuffer());
    const h = sheet.rows[0] as string[];
    const s0 = sheet.rows.find((r) => r[h.indexOf("Identificador")] === ids.s0)!;
    expect(s0[h.indexOf("Municipi")]).toBe(null);
    expect(s0[h.indexOf("Codis")]).toBe("Seguretat; Connectivitat");
    const mc = (await exportRoute.loader(
      routeArgs(bed.ctx, "/admin/export/map-comments.csv", {
        headers: { Cookie: bed.cookie },
        params: { file: "map-comments.csv" },
      }) as never,
    )) as Response;
    const [mh, ...mrows] = parseCsv(await mc.text());
    const m0 = mrows.find((r) => r[mh!.indexOf("Identificador")] === ids.m0)!;
    expect([m0[mh!.indexOf("Municipi")], m0[mh!.indexOf("Codis")]]).toEqual(["Sant Sadurní d'Anoia", "Seguretat; Connectivitat"]);
  });

  it("the codebook workbook: the codebook sheet and one sheet per group, read back", async () => {
    const res = (await exportCodebook.loader(
      routeArgs(bed.ctx, "/admin/export/codebook.xlsx", { headers: { Cookie: bed.cookie } }) as never,
    )) as Response;
    expect(res.headers.get("Content-Type")).toMatch(/spreadsheetml/);
    expect(res.headers.get("Content-Disposition")).toMatch(/llibre-de-codis-i-dades-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Llibre de codis", "Problema", "Qui"]);
    const values = (name: string) => {
      const out: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const book = values("Llibre de codis");
    expect(book[0]).toEqual(["Grup", "Codi", "Color", "Descripció", "Paraules clau", "Actiu", "Aportacions"]);
    expect(book.length).toBe(1 + 9);
    const segRow = book.find((r) => r[1] === "Seguretat")!;
    expect([segRow[0], segRow[5], segRow[6]]).toEqual(["Problema", "Sí", 18]);
    expect(segRow[2]).toMatch(/^#[0-9a-f]{6}$/);
    const problema = values("Problema");
    expect(problema[0]).toEqual(["Tipus", "Identificador", "Data", "Àmbit", "Municipi", "Text", "Codis del grup"]);
    // One row per contribution with Seguretat or Connectivitat (even, or a multiple of three): 8 of 12 in each kind.
    expect(problema.length - 1).toBe(24);
    const r0 = problema.find((r) => r[1] === ids.r0)!;
    expect([r0[0], r0[4], r0[5], r0[6]]).toEqual(["Reflexió", "Vilafranca del Penedès", "Reflexió 0", "Seguretat; Connectivitat"]);
    expect(r0[2]).toBeInstanceOf(Date);
    const qui = values("Qui");
    expect(qui.length - 1).toBe(9);
    expect(qui.slice(1).every((r) => r[6] === "Infants i escola")).toBe(true);
    const s1 = qui.find((r) => r[5] === "Testimoni 1")!;
    expect(s1[3]).toBe("Infants");
  });

  it("the questionnaire's answers are in the staff exports with their municipality and codes, in no public data", async () => {
    const removeAnswers = await withAnswers();
    try {
      const file = async (name: string, url = `/admin/export/${name}`) =>
        (await exportRoute.loader(
          routeArgs(bed.ctx, url, { headers: { Cookie: bed.cookie }, params: { file: name } }) as never,
        )) as Response;
      // The contributions export, CSV and XLSX: the 36 contributions, then the six answers.
      const [head, ...body] = parseCsv(await (await file("contributions.csv")).text());
      const col = (h: string) => head!.indexOf(h);
      expect(body.length).toBe(42);
      const answers = body.filter((r) => r[col("Tipus")] === "Resposta al qüestionari");
      expect(answers.map((r) => r[col("Text")])).toEqual([
        "Resposta 0",
        "Resposta 1",
        "Resposta 2",
        "Resposta 3",
        "Resposta 4",
        "Resposta 5",
      ]);
      expect(answers.map((r) => r[col("Municipi")])).toEqual([
        "Vilafranca del Penedès",
        "Sant Sadurní d'Anoia",
        "",
        "Vilafranca del Penedès",
        "Sant Sadurní d'Anoia",
        "",
      ]);
      expect(answers.map((r) => r[col("Codis")])).toEqual(["Seguretat; Connectivitat", "", "Seguretat", "Connectivitat", "Seguretat", ""]);
      expect(answers.every((r) => r[col("Estat")] === "Privada" && r[col("Correu electrònic")] === "")).toBe(true);
      const sheet = await readXlsx(await (await file("contributions.xlsx")).arrayBuffer());
      const h = sheet.rows[0] as string[];
      const x0 = sheet.rows.find((r) => r[h.indexOf("Text")] === "Resposta 0")!;
      expect([x0[h.indexOf("Tipus")], x0[h.indexOf("Municipi")], x0[h.indexOf("Codis")]]).toEqual([
        "Resposta al qüestionari",
        "Vilafranca del Penedès",
        "Seguretat; Connectivitat",
      ]);
      expect(x0[h.indexOf("Data")]).toBeInstanceOf(Date);
      // Filtered: by type (the answers alone), by municipality (with the rest); a status leaves them out.
      const only = parseCsv(await (await file("contributions.csv", "/admin/export/contributions.csv?tipus=questionnaire")).text());
      expect(only.length - 1).toBe(6);
      const sant = parseCsv(
        await (
          await file("contributions.csv", `/admin/export/contributions.csv?municipi=${encodeURIComponent("Sant Sadurní d'Anoia")}`)
        ).text(),
      );
      expect(sant.slice(1).filter((r) => r[col("Tipus")] === "Resposta al qüestionari").length).toBe(2);
      const published = parseCsv(await (await file("contributions.csv", "/admin/export/contributions.csv?estat=published")).text());
      expect(published.slice(1).some((r) => r[col("Tipus")] === "Resposta al qüestionari")).toBe(false);
      // The codebook workbook: the coded answers in their group's sheet, the codebook counts them.
      const res = (await exportCodebook.loader(
        routeArgs(bed.ctx, "/admin/export/codebook.xlsx", { headers: { Cookie: bed.cookie } }) as never,
      )) as Response;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const problema: unknown[][] = [];
      workbook.getWorksheet("Problema")!.eachRow((row) => problema.push((row.values as unknown[]).slice(1)));
      const coded = problema.filter((r) => r[0] === "Resposta al qüestionari");
      expect(coded.map((r) => [r[5], r[4] ?? null, r[6]])).toEqual([
        ["Resposta 0", "Vilafranca del Penedès", "Seguretat; Connectivitat"],
        ["Resposta 2", null, "Seguretat"],
        ["Resposta 3", "Vilafranca del Penedès", "Connectivitat"],
        ["Resposta 4", "Sant Sadurní d'Anoia", "Seguretat"],
      ]);
      const book: unknown[][] = [];
      workbook.getWorksheet("Llibre de codis")!.eachRow((row) => book.push((row.values as unknown[]).slice(1)));
      expect(book.find((r) => r[1] === "Seguretat")![6]).toBe(21);
      // Never in the open data (public): no row of it carries an answer's text.
      const open = await openContributions(db());
      expect(open.length).toBeGreaterThan(0);
      expect(JSON.stringify(open)).not.toContain("Resposta ");
    } finally {
      await removeAnswers();
    }
  });
});
