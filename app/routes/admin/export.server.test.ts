import fs from "node:fs";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as t from "~/db/schema";
import { categoryLabels } from "~/domain/themes";
import { formatDateTime, neutralise } from "~/infra/tabular.server";
import { adminTestBed, signedInAs } from "~/test/admin";
import { logLines } from "~/test/log";
import { EXPORT_BUSY_MESSAGE, EXPORTS_IN_ALL, EXPORTS_PER_ACCOUNT, exportsInProgress } from "~/models/export-gate.server";
import * as exportAudit from "./export-audit";
import * as exportGeoJson from "./export-map-comments-geojson";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { parseCsv, readXlsx, readZip } from "~/test/tables";
import * as aportacions from "../aportacions";
import * as exportRoute from "./export.server";

// The exports hold exactly the rows the database has for each filter (computed here apart, in
// JavaScript, from every row), in both formats; anonymous requests are refused.

/** The answer's columns every contribution export ends with (decision 068), then the municipality and the codes
 * (decision 077), and a row without any. */
const ANSWER_HEADERS = ["Estat de la resposta", "Resposta", "Data de la resposta", "Resposta publicada el", "Municipi", "Codis"];
const NO_ANSWER = ["", "", "", "", "", ""];

const madridDay = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(d);
const byDateThenId =
  <R extends { id: string }>(date: (r: R) => Date) =>
  (a: R, b: R) =>
    date(a).getTime() - date(b).getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const has = (q: string, ...values: (string | null)[]) => values.some((v) => v?.toLowerCase().includes(q.toLowerCase()));

const TRICKY = ['=HYPERLINK("http://malicios.example","clica")', "+34 600 000 000", "-2+3", "@SUM(A1)", "\tamb tabulador", "\rretorn"];

describe.each(testBackends())("exports on %s", (backend) => {
  const bed = adminTestBed(backend);
  const get = async (file: string, query = "", cookie: string | undefined = bed.cookie) => {
    const res = (await exportRoute.loader(
      routeArgs(bed.ctx, `/admin/export/${file}${query}`, { headers: cookie ? { Cookie: cookie } : {}, params: { file } }) as never,
    )) as Response;
    return res;
  };
  const csv = async (file: string, query = "") => {
    const res = await get(file, query);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parseCsv(bytes.toString("utf8"));
  };

  beforeAll(async () => {
    const base = Date.parse("2026-10-01T08:00:00Z");
    const hour = 3_600_000;
    await bed.ctx.db.insert(t.reflections).values([
      ...TRICKY.map((reflection, i) => ({
        reflection,
        name: `Persona ${i}`,
        email: `p${i}@exemple.cat`,
        createdAt: new Date(base + i * hour),
      })),
      {
        reflection: 'Carrils, "segurs"\ni separats: ÀÉÍÒÚ ç·l',
        name: "Núria",
        email: "nuria@exemple.cat",
        privacyAccepted: true,
        // 00:30 on 6 October in Madrid.
        createdAt: new Date("2026-10-05T22:30:00Z"),
      },
      ...Array.from({ length: 40 }, (_, i) => ({ reflection: `Reflexió ${i}`, createdAt: new Date(base + (i + 10) * 24 * hour) })),
    ]);
    await bed.ctx.db.insert(t.mapComments).values([
      { comment: "Pas segur a la N-340", email: "marta@exemple.cat", createdAt: new Date(base) },
      { comment: "-Falten aparcaments", createdAt: new Date(base + 50 * 24 * hour) },
    ]);
    const audio = await bed.ctx.storage.put(Readable.from([fs.readFileSync("tests/fixtures/veu.mp3")]), {
      maxBytes: 10_000_000,
      accept: (type) => type,
      prefix: "audio",
    });
    await bed.ctx.db.insert(t.testimonials).values([
      {
        title: "Anar a la feina",
        category: "laboral",
        audioKey: audio.key,
        status: "published",
        submittedAt: new Date(base + hour),
        transcript: "Vaig a la feina en bici.\n=SUM(A1)",
      },
      { title: "=cmd|' /C calc'!A0", category: "infants", audioKey: audio.key, status: "pending", submittedAt: new Date(base + 2 * hour) },
      { title: "Rutes de vinyes", category: "turistic", audioKey: audio.key, status: "hidden", submittedAt: new Date(base + 3 * hour) },
    ]);
    await bed.ctx.db.insert(t.newsletterSubscriptions).values([
      {
        email: "laia@exemple.cat",
        privacyAccepted: true,
        status: "confirmed",
        createdAt: new Date(base),
        confirmedAt: new Date(base + hour),
      },
      { email: "oriol@exemple.cat", privacyAccepted: true, status: "pending", source: "reflection", createdAt: new Date(base + hour) },
    ]);
  });

  it("refuses an anonymous or forged request, and answers 404 for an unknown export", async () => {
    for (const cookie of ["", "pb_session=forged"]) {
      const res = (await get("reflections.csv", "", cookie).catch((e: unknown) => e)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    // A name on every object's prototype (issue 29: constructor.csv gave a 500) is no export either.
    for (const file of ["reflections.pdf", "nothing.csv", "testimonials.json", "reflections.zip", "constructor.csv", "constructor.xlsx"]) {
      const res = (await get(file).catch((e: unknown) => e)) as Response;
      expect(res.status, file).toBe(404);
    }
  });

  it("reflections.csv equals the rows for each filter: BOM, RFC 4180, Catalan dates, formulas neutralised", async () => {
    const all = (await bed.ctx.db.select().from(t.reflections)).sort(byDateThenId((r) => r.createdAt));
    const cases: [string, (r: (typeof all)[number]) => boolean][] = [
      ["", () => true],
      ["?q=PERSONA", (r) => has("persona", r.reflection, r.name, r.email)],
      ["?q=nuria%40exemple", (r) => has("nuria@exemple", r.reflection, r.name, r.email)],
      ["?des-de=2026-10-06&fins-a=2026-10-20", (r) => madridDay(r.createdAt) >= "2026-10-06" && madridDay(r.createdAt) <= "2026-10-20"],
      ["?fins-a=2026-10-05", (r) => madridDay(r.createdAt) <= "2026-10-05"],
      // Out of range: no filter, and the whole file (issue 29: a 500, and an export cut off).
      ["?des-de=0000-01-01&fins-a=9999-12-31", () => true],
      [
        "?q=reflexi%C3%B3&des-de=2026-11-01&pagina=3&ordre=nom&sentit=asc",
        (r) => has("reflexió", r.reflection) && madridDay(r.createdAt) >= "2026-11-01",
      ],
    ];
    for (const [query, keep] of cases) {
      const records = await csv("reflections.csv", query);
      expect(records[0]).toEqual([
        "Data",
        "Nom",
        "Correu electrònic",
        "Accepta la newsletter",
        "Reflexió",
        "Identificador",
        ...ANSWER_HEADERS,
      ]);
      const expected = all.filter(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(records.slice(1), query).toEqual(
        expected.map((r) => [
          formatDateTime(r.createdAt),
          r.name ?? "",
          r.email ?? "",
          r.privacyAccepted ? "Sí" : "No",
          neutralise(r.reflection),
          r.id,
          ...NO_ANSWER,
        ]),
      );
    }
    const records = await csv("reflections.csv");
    const texts = records.map((r) => r[4]!);
    for (const tricky of TRICKY) expect(texts).toContain(`'${tricky}`);
    expect(texts).toContain('Carrils, "segurs"\ni separats: ÀÉÍÒÚ ç·l');
    // 22:30 UTC is 00:30 the next day in Madrid, written day first.
    expect(records.find((r) => r[1] === "Núria")![0]).toBe("06/10/2026 00:30");
  });

  it("no cell is a formula for a reader that splits on semicolons or tabs (Catalan Excel) as well as commas", async () => {
    const split = ["ok;=1+1;", "res;+34 600;@SUM(A1)", "a\t=1+1", "x,-2+3"];
    await bed.ctx.db.insert(t.reflections).values(split.map((reflection) => ({ reflection, name: "Separadors;=1+1" })));
    const res = await get("reflections.csv", "?q=separadors");
    const text = Buffer.from(await res.arrayBuffer()).toString("utf8");
    for (const separator of [",", ";", "\t"]) {
      const cells = parseCsv(text, separator).flat();
      expect(
        cells.filter((c) => /^[=+\-@]/.test(c)),
        JSON.stringify(separator),
      ).toEqual([]);
    }
    // Read by RFC 4180 the text is intact.
    expect(
      parseCsv(text)
        .map((r) => r[4])
        .slice(1)
        .sort(),
    ).toEqual([...split].sort());
  });

  it("the .xlsx holds the same rows: Catalan headers, real dates in the Catalan order, text never a formula", async () => {
    const query = "?q=persona";
    const res = await get("reflections.xlsx", query);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="reflexions-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { name, rows, numFmts } = await readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(name).toBe("Reflexions");
    expect(rows[0]).toEqual(["Data", "Nom", "Correu electrònic", "Accepta la newsletter", "Reflexió", "Identificador", ...ANSWER_HEADERS]);
    const expected = (await bed.ctx.db.select().from(t.reflections))
      .filter((r) => has("persona", r.reflection, r.name, r.email))
      .sort(byDateThenId((r) => r.createdAt));
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(
      // XML reads a carriage return as a line feed (its end-of-line rule).
      expected.map((r) => [
        r.name,
        r.email,
        r.privacyAccepted ? "Sí" : "No",
        r.reflection.replace(/\r/g, "\n"),
        r.id,
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
    );
    // The wall clock in Madrid (UTC+2 in October), as a date cell formatted day/month/year.
    expect(rows.slice(1).map((r) => (r[0] as Date).toISOString())).toEqual(
      expected.map((r) => new Date(r.createdAt.getTime() + 2 * 3_600_000).toISOString()),
    );
    expect(numFmts[1]![0]).toBe("dd/mm/yyyy hh:mm");
    // A string cell, not a formula: exceljs reads a formula back as an object.
    expect(rows.slice(1).every((r) => typeof r[3] === "string")).toBe(true);
  });

  it("map comments, testimonials and subscribers: each filter's rows, e-mail columns included", async () => {
    const comments = await csv("map-comments.csv");
    expect(comments).toEqual([
      ["Data", "Correu electrònic", "Comentari", "Identificador", ...ANSWER_HEADERS],
      ...(await bed.ctx.db.select().from(t.mapComments))
        .sort(byDateThenId((r) => r.createdAt))
        .map((r) => [formatDateTime(r.createdAt), r.email ?? "", neutralise(r.comment), r.id, ...NO_ANSWER]),
    ]);
    expect(comments[2]![2]).toBe("'-Falten aparcaments");

    const testimonials = (await bed.ctx.db.select().from(t.testimonials)).sort(byDateThenId((r) => r.submittedAt));
    for (const [query, keep] of [
      ["", () => true],
      ["?estat=pending", (r) => r.status === "pending"],
      ["?ambit=turistic", (r) => r.category === "turistic"],
      ["?ambit=laboral&estat=published", (r) => r.category === "laboral" && r.status === "published"],
      ["?estat=bogus&ambit=bogus", () => true],
    ] as [string, (r: (typeof testimonials)[number]) => boolean][]) {
      const records = await csv("testimonials.csv", query);
      expect(records[0]![5]).toBe("Transcripció");
      expect(records.slice(1).map((r) => [r[1], r[2], r[3], r[5], r[8]])).toEqual(
        testimonials
          .filter(keep)
          .map((r) => [
            neutralise(r.title),
            categoryLabels[r.category],
            exportRoute.statusLabels[r.status],
            r.transcript ? neutralise(r.transcript) : "",
            r.id,
          ]),
      );
    }

    // The Excel file carries the transcript in its own column too (issue 33).
    const xlsx = await readXlsx(Buffer.from(await (await get("testimonials.xlsx", "?ambit=laboral&estat=published")).arrayBuffer()));
    expect(xlsx.rows[0]![5]).toBe("Transcripció");
    expect(xlsx.rows.slice(1).map((r) => r[5])).toContain("Vaig a la feina en bici.\n=SUM(A1)");

    const subscribers = await csv("newsletter.csv", "?estat=pending");
    expect(subscribers).toEqual([
      ["Data d'alta", "Correu electrònic", "Estat", "Origen", "Data de confirmació", "Identificador"],
      [expect.any(String), "oriol@exemple.cat", "Pendent de confirmar", "Reflexió", "", expect.any(String)],
    ]);
    expect((await csv("newsletter.csv")).map((r) => r[1])).toEqual(["Correu electrònic", "laia@exemple.cat", "oriol@exemple.cat"]);
  });

  it("contributions.csv: every type in one table with a type column; type, theme and status filters", async () => {
    const [refl, comments, testis] = await Promise.all([
      bed.ctx.db.select().from(t.reflections),
      bed.ctx.db.select().from(t.mapComments),
      bed.ctx.db.select().from(t.testimonials),
    ]);
    const all = await csv("contributions.csv");
    expect(all[0]).toEqual([
      "Tipus",
      "Data",
      "Text",
      "Nom",
      "Correu electrònic",
      "Àmbit",
      "Estat",
      "Transcripció",
      "Identificador",
      ...ANSWER_HEADERS,
    ]);
    // A testimonial's transcript in its column (issue 33); the other kinds have none.
    expect(all.find((r) => r[2] === "Anar a la feina")![7]).toBe("Vaig a la feina en bici.\n=SUM(A1)");
    expect(all.filter((r) => r[0] !== "Testimoni d'àudio" && r[0] !== "Tipus").every((r) => r[7] === "")).toBe(true);
    const count = (type: string) => all.filter((r) => r[0] === type).length;
    expect([count("Reflexió"), count("Comentari al mapa"), count("Testimoni d'àudio")]).toEqual([
      refl.length,
      comments.length,
      testis.length,
    ]);
    expect(new Set(all.slice(1).map((r) => r[8]))).toEqual(new Set([...refl, ...comments, ...testis].map((r) => r.id)));
    expect(all.find((r) => r[8] === comments.find((c) => c.email)!.id)![4]).toBe("marta@exemple.cat");

    expect(
      (await csv("contributions.csv", "?tipus=map_comment"))
        .slice(1)
        .map((r) => r[8])
        .sort(),
    ).toEqual(comments.map((c) => c.id).sort());
    // Only testimonials have a theme.
    const themed = await csv("contributions.csv", "?ambit=infants");
    expect(themed.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([["Testimoni d'àudio", "Infants", "Pendent"]]);
    // One status model for every kind (decision 051): published, pending, hidden.
    const public_ = [
      ...refl.filter((r) => r.status === "published"),
      ...comments.filter((c) => c.status === "published"),
      ...testis.filter((x) => x.status === "published"),
    ];
    const published = (await csv("contributions.csv", "?estat=published")).slice(1);
    expect(published.map((r) => r[8]).sort()).toEqual(public_.map((r) => r.id).sort());
    expect(new Set(published.map((r) => r[6]))).toEqual(new Set(["Publicat"]));
    expect(published.map((r) => r[2])).toContain("Anar a la feina");
    expect((await csv("contributions.csv", "?estat=hidden")).slice(1).map((r) => r[8])).toEqual(
      [...refl.filter((r) => r.status === "hidden"), ...testis.filter((x) => x.status === "hidden")].map((r) => r.id),
    );
    const searched = await csv("contributions.csv", "?q=segur");
    expect(
      searched
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(["Comentari al mapa", "Reflexió"]);

    // The queue's "only reported" reaches its export (decision 056): one reported comment, one reflection.
    await bed.ctx.db.insert(t.contributionReports).values([
      { contributionType: "map_comment", contributionId: comments[0]!.id, reason: "spam", reporterKey: "a" },
      { contributionType: "reflection", contributionId: refl[0]!.id, reason: "offensive", reporterKey: "a" },
    ]);
    const reported = await csv("contributions.csv", "?denunciades=1");
    expect(
      reported
        .slice(1)
        .map((r) => r[8])
        .sort(),
    ).toEqual([comments[0]!.id, refl[0]!.id].sort());
    expect((await csv("contributions.csv", "?denunciades=1&tipus=reflection")).slice(1).map((r) => r[8])).toEqual([refl[0]!.id]);
    await bed.ctx.db.delete(t.contributionReports);
  });

  it("an export's address in the old spelling redirects permanently to the one list dialect", async () => {
    const res = (await get("contributions.csv", "?status=published&type=map_comment&theme=infants").catch((e: unknown) => e)) as Response;
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/admin/export/contributions.csv?estat=published&tipus=map_comment&ambit=infants");
  });

  it("testimonials.zip: a manifest and each filtered testimonial's audio, read from storage", async () => {
    const res = await get("testimonials.zip", "?estat=published");
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const files = await readZip(Buffer.from(await res.arrayBuffer()));
    const rows = (await bed.ctx.db.select().from(t.testimonials)).filter((r) => r.status === "published");
    expect(rows).toHaveLength(1);
    const manifest = parseCsv(files.get("manifest.csv")!.toString("utf8"));
    expect(manifest[0]!.slice(0, 3)).toEqual(["Fitxer", "Data d'enviament", "Missatge"]);
    expect(manifest.slice(1).map((r) => r[0])).toEqual(rows.map((r) => `audio/${r.id}.mp3`));
    expect([...files.keys()].sort()).toEqual(["manifest.csv", ...rows.map((r) => `audio/${r.id}.mp3`)].sort());
    expect(files.get(`audio/${rows[0]!.id}.mp3`)!.equals(fs.readFileSync("tests/fixtures/veu.mp3"))).toBe(true);
    // All three with no filter.
    expect((await readZip(Buffer.from(await (await get("testimonials.zip")).arrayBuffer()))).size).toBe(4);
  });

  it("e-mail addresses are in the admin exports only: the public contributions page carries none", async () => {
    const emails = [...(await bed.ctx.db.select().from(t.reflections)), ...(await bed.ctx.db.select().from(t.mapComments))]
      .map((r) => r.email)
      .filter(Boolean) as string[];
    expect(emails.length).toBeGreaterThan(3);
    const exported = (await csv("contributions.csv")).flat();
    for (const email of emails) expect(exported).toContain(email);
    for (const query of ["", "?tipus=reflection", "?tipus=map_comment", "?pagina=2"]) {
      const data = JSON.stringify(await aportacions.loader(routeArgs(bed.ctx, `/aportacions${query}`) as never));
      for (const email of emails) expect(data).not.toContain(email);
      expect(data).not.toContain("@exemple.cat");
    }
  });

  it("every export of personal data, the audit log's own too, is recorded: who, when, which file, which filters", async () => {
    const exportIds = async () =>
      new Set((await bed.ctx.db.select().from(t.auditLog)).filter((r) => r.entity === "export").map((r) => r.id));
    const earlier = await exportIds();
    const admin = await bed.ctx.db.query.adminUsers.findFirst();
    const files = ["reflections.csv", "newsletter.xlsx", "contributions.csv", "testimonials.zip"];
    for (const file of files) await (await get(file, "?des-de=2026-10-01&q=nuria%40exemple.cat")).arrayBuffer();
    const args = (path: string) => routeArgs(bed.ctx, path, { headers: { Cookie: bed.cookie } }) as never;
    await ((await exportAudit.loader(args("/admin/export/audit.csv?entitat=export"))) as Response).arrayBuffer();
    await ((await exportGeoJson.loader(args("/admin/export/map-comments.geojson"))) as Response).arrayBuffer();
    const rows = (await bed.ctx.db.select().from(t.auditLog)).filter((r) => r.entity === "export" && !earlier.has(r.id));
    expect(rows.map((r) => r.entityId).sort()).toEqual([...files, "audit.csv", "map-comments.geojson"].sort());
    expect(rows.every((r) => r.action === "export" && r.actorId === admin!.id && r.actorEmail === admin!.email)).toBe(true);
    // The filters are kept, but never a citizen's address typed into the search.
    expect(rows.find((r) => r.entityId === "reflections.csv")!.after).toEqual({ "des-de": "2026-10-01", q: "(adreça electrònica)" });
    expect(JSON.stringify(rows)).not.toContain("nuria@");
  });

  it("downloads in progress are bounded per account and in all; one stopped by the client frees its place and is logged as information", async () => {
    await bed.ctx.db
      .insert(t.reflections)
      .values(Array.from({ length: 3000 }, (_, i) => ({ reflection: `Llarga ${i} ${"x".repeat(200)}`, email: `l${i}@exemple.cat` })));
    const other = await signedInAs(bed.ctx, "administrator", "altra@penedes.cat");
    const third = await signedInAs(bed.ctx, "administrator", "tercera@penedes.cat");
    const mine: Response[] = [];
    for (let i = 0; i < EXPORTS_PER_ACCOUNT; i++) mine.push(await get(i % 2 ? "reflections.xlsx" : "reflections.csv"));
    const refused = await get("contributions.csv");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("10");
    expect(await refused.text()).toBe(EXPORT_BUSY_MESSAGE);
    const theirs: Response[] = [];
    for (let i = EXPORTS_PER_ACCOUNT; i < EXPORTS_IN_ALL; i++) theirs.push(await get("testimonials.zip", "", other.cookie));
    expect(exportsInProgress()).toBe(EXPORTS_IN_ALL);
    // In all: a third account waits too.
    expect((await get("reflections.csv", "", third.cookie)).status).toBe(429);

    // Stopped by the client after the first bytes: no error, one line of information, and the place is free.
    const lines = await logLines(async () => {
      for (const res of [...mine, ...theirs]) {
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        await reader.cancel();
      }
      // What the streams do once given up happens in the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.filter((l) => l.msg === "download stopped by the client")).toHaveLength(EXPORTS_IN_ALL);
    expect(exportsInProgress()).toBe(0);
    const again = await get("reflections.csv", "", third.cookie);
    expect(again.status).toBe(200);
    expect(parseCsv(await again.text()).length).toBeGreaterThan(3000);
    expect(exportsInProgress()).toBe(0);
  });
  it("carries each contribution's municipality, and the municipi filter keeps only its rows (issue 32)", async () => {
    const db = bed.ctx.db;
    const [r] = await db.insert(t.reflections).values({ reflection: "De Gelida", municipality: "Gelida" }).returning();
    const [s] = await db
      .insert(t.testimonials)
      .values({ title: "Testimoni de Gelida", category: "turistic", audioKey: "audio/x.weba", municipality: "Gelida" })
      .returning();
    try {
      // The municipality is a column by its header (decision 077: after the answer's).
      const column = (rows: string[][], header: string) => rows[0]!.indexOf(header);
      const reflectionsCsv = await csv("reflections.csv", "?municipi=Gelida");
      const rm = column(reflectionsCsv, "Municipi");
      expect(rm).toBeGreaterThan(0);
      expect(reflectionsCsv.slice(1).map((row) => [row[5], row[rm]])).toEqual([[r!.id, "Gelida"]]);
      const testimonialsCsv = await csv("testimonials.csv", "?municipi=Gelida");
      const tm = column(testimonialsCsv, "Municipi");
      expect(testimonialsCsv.slice(1).map((row) => [row[8], row[tm]])).toEqual([[s!.id, "Gelida"]]);
      const all = await csv("contributions.csv", "?municipi=Gelida");
      const am = column(all, "Municipi");
      expect(
        all
          .slice(1)
          .map((row) => [row[0], row[am]])
          .sort(),
      ).toEqual([
        ["Reflexió", "Gelida"],
        ["Testimoni d'àudio", "Gelida"],
      ]);
      // A municipality not of the list is no filter (the dialect's rule for a bad value).
      expect((await csv("reflections.csv", "?municipi=Barcelona")).length).toBe((await csv("reflections.csv")).length);
    } finally {
      await db.delete(t.reflections).where(eq(t.reflections.id, r!.id));
      await db.delete(t.testimonials).where(eq(t.testimonials.id, s!.id));
    }
  });

  it("every contribution export ends with the answer: its state, text, date, and publication date (empty while a draft)", async () => {
    const db = bed.ctx.db;
    const [first, second] = await db.select().from(t.reflections).orderBy(t.reflections.createdAt, t.reflections.id).limit(2);
    const [state] = await db.select().from(t.answerStates).where(eq(t.answerStates.label, "En estudi"));
    const answeredAt = new Date("2026-11-20T09:30:00Z");
    const publishedAt = new Date("2026-11-21T10:00:00Z");
    await db.insert(t.contributionAnswers).values([
      { contributionType: "reflection", contributionId: first!.id, stateId: state!.id, text: "Ho estudiem", answeredAt },
      {
        contributionType: "reflection",
        contributionId: second!.id,
        stateId: state!.id,
        text: "Publicada",
        answeredAt,
        publishedStateId: state!.id,
        publishedText: "Publicada",
        publishedAt,
      },
    ]);
    try {
      const rows = await csv("reflections.csv");
      const byId = new Map(rows.slice(1).map((r) => [r[5], r.slice(6)]));
      expect(byId.get(first!.id)).toEqual(["En estudi", "Ho estudiem", formatDateTime(answeredAt), "", "", ""]);
      expect(byId.get(second!.id)).toEqual(["En estudi", "Publicada", formatDateTime(answeredAt), formatDateTime(publishedAt), "", ""]);
      const all = await csv("contributions.csv", "?tipus=reflection");
      expect(all.find((r) => r[8] === second!.id)?.slice(9)).toEqual(byId.get(second!.id));
      const { rows: sheet } = await readXlsx(Buffer.from(await (await get("reflections.xlsx")).arrayBuffer()));
      const cells = sheet.find((r) => r[5] === second!.id)!;
      expect(cells.slice(6, 8)).toEqual(["En estudi", "Publicada"]);
      expect(cells[9]).toBeInstanceOf(Date);
    } finally {
      await db.delete(t.contributionAnswers);
    }
  }, 120_000);
});
