import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { UPLOADS } from "~/domain/uploads";
import { QUESTIONNAIRE_TEXTS, guessColumns, matchMunicipality } from "~/lib/questionnaire";
import { parseAnswerDate } from "~/models/questionnaire.server";
import { adminTestBed, formBody, png, signedInAs } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import { everyPublicLoader } from "~/test/public";
import * as coding from "./coding.server";
import * as questionnaire from "./questionnaire.server";

// Issue 32 (decision 076): the questionnaire's export is uploaded (CSV with a BOM, ; or , and quoted
// line breaks, or XLSX), its columns mapped, its rows imported once as private answers of the kind
// "questionnaire", coded like the rest; bad files and bad mappings store nothing.

const CSV_SEMICOLON =
  "\uFEFFMarca de temps;Municipi;Quina millora proposes?;Edat\r\n" +
  "23/11/2026 10:05:00;SANT SADURNI D'ANOIA;\"Un carril segur fins a l'escola;\nsobretot al matí\";35\r\n" +
  "24/11/2026 18:30:00;vilafranca del penedes;Aparcaments per a bicis a l'estació;52\r\n" +
  "25/11/2026 09:00:00;Barcelona;Més senyalització a les rotondes;41\r\n" +
  ";;;\r\n" +
  "26/11/2026 12:00:00;;;60\r\n";

const CSV_COMMA =
  "id,text,date\n" + 'r-1,"Connectar Gelida amb Sant Llorenç, per favor",2026-11-20\n' + "r-2,Il·luminació al camí,2026-11-21T08:15:00Z\n";

const file = (content: string | Uint8Array, name: string) => new File([content as BlobPart], name);

async function xlsx(rows: (string | number | Date)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Respostes");
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("the questionnaire's helpers", () => {
  it("matches municipalities ignoring accents and case, and nothing else", () => {
    expect(matchMunicipality("SANT SADURNI D'ANOIA")).toBe("Sant Sadurní d'Anoia");
    expect(matchMunicipality("  vilafranca del penedès ")).toBe("Vilafranca del Penedès");
    expect(matchMunicipality("Barcelona")).toBeNull();
    expect(matchMunicipality("")).toBeNull();
  });
  it("reads the dates questionnaires write, in the campaign's time zone", () => {
    expect(parseAnswerDate("23/11/2026 10:05:00")?.toISOString()).toBe("2026-11-23T09:05:00.000Z");
    expect(parseAnswerDate("2026-07-01")?.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(parseAnswerDate("2026-11-21T08:15:00Z")?.toISOString()).toBe("2026-11-21T08:15:00.000Z");
    expect(parseAnswerDate("31/02/2026")).toBeNull();
    expect(parseAnswerDate("ahir")).toBeNull();
  });
  it("guesses the columns from their names", () => {
    expect(guessColumns(["Marca de temps", "Municipi", "Quina millora proposes?", "Edat"])).toEqual({
      date: 0,
      municipality: 1,
      text: null,
      externalId: null,
    });
    expect(guessColumns(["id", "text", "date"])).toEqual({ externalId: 0, text: 1, date: 2, municipality: null });
  });
});

describe.each(testBackends())("the questionnaire import on %s", (backend) => {
  const bed = adminTestBed(backend);
  const db = () => bed.ctx.db;

  beforeEach(async () => {
    await db().delete(t.contributionCodes);
    for (const table of [t.questionnaireResponses, t.questionnaireUploads, t.auditLog]) await db().delete(table);
  });

  /** Posts the file as step 1: the upload's id (from the redirect), or the refusal. */
  async function upload(content: string | Uint8Array, name = "respostes.csv", cookie = bed.cookie) {
    const body = formBody({ intent: "upload", fileName: name }, { file: file(content, name) });
    const out = (await questionnaire.action(
      routeArgs(bed.ctx, "/admin/questionari", { method: "POST", body, headers: { Cookie: cookie } }) as never,
    )) as Response | { data: { ok: boolean; error?: string }; init: ResponseInit | null };
    if (out instanceof Response) {
      expect(out.status).toBe(302);
      return { id: new URL(out.headers.get("Location")!, "http://x").searchParams.get("fitxer")! };
    }
    return { error: out.data.error, status: out.init?.status ?? 200 };
  }
  const load = async (id?: string) =>
    questionnaire.loader(
      routeArgs(bed.ctx, `/admin/questionari${id ? `?fitxer=${id}` : ""}`, { headers: { Cookie: bed.cookie } }) as never,
    );
  const importIt = (fields: Record<string, string>) => bed.post(questionnaire.action, { intent: "import", ...fields });
  const stored = () => db().select().from(t.questionnaireResponses).orderBy(t.questionnaireResponses.answeredAt);
  const nothingStored = async () => {
    expect(await db().$count(t.questionnaireResponses)).toBe(0);
    expect(await db().$count(t.questionnaireUploads)).toBe(0);
  };

  it("imports a semicolon CSV with a BOM and quoted line breaks: municipalities matched, dates read, the count logged", async () => {
    const { id } = await upload(CSV_SEMICOLON, "Qüestionari PDM.csv");
    const data = await load(id);
    expect(data.upload).toMatchObject({
      fileName: "Qüestionari PDM.csv",
      headers: ["Marca de temps", "Municipi", "Quina millora proposes?", "Edat"],
      rowCount: 4,
    });
    expect(data.upload!.preview[0]![2]).toBe("Un carril segur fins a l'escola;\nsobretot al matí");
    const result = await importIt({ upload: id!, text: "2", municipality: "1", date: "0", externalId: "" });
    expect(result).toMatchObject({ ok: true, outcome: { added: 3, duplicates: 0, blank: 1, unknownMunicipality: 1, unknownDate: 0 } });
    expect((result as unknown as { message: string }).message).toContain("S'han importat 3 respostes.");
    expect((result as unknown as { message: string }).message).toContain("1 resposta té un municipi que no és de la llista");
    const rows = await stored();
    expect(rows.map((r) => [r.text, r.municipality, r.answeredAt?.toISOString()])).toEqual([
      ["Un carril segur fins a l'escola;\nsobretot al matí", "Sant Sadurní d'Anoia", "2026-11-23T09:05:00.000Z"],
      ["Aparcaments per a bicis a l'estació", "Vilafranca del Penedès", "2026-11-24T17:30:00.000Z"],
      ["Més senyalització a les rotondes", null, "2026-11-25T08:00:00.000Z"],
    ]);
    expect(await db().$count(t.questionnaireUploads)).toBe(0);
    const [entry] = await db().select().from(t.auditLog);
    expect(entry).toMatchObject({ entity: "questionnaire", action: "import" });
    expect(entry!.after).toMatchObject({ label: "Qüestionari PDM.csv", count: "3", unknownMunicipality: "1" });
    // The upload is gone: its address says so.
    expect((await load(id)).gone).toBe(true);
  });

  it("adds nothing twice: the same file again, and a changed text with the same external id", async () => {
    const first = await upload(CSV_SEMICOLON);
    await importIt({ upload: first.id!, text: "2", municipality: "1", date: "0" });
    const again = await upload(CSV_SEMICOLON);
    expect(await importIt({ upload: again.id!, text: "2", municipality: "1", date: "0" })).toMatchObject({
      ok: true,
      outcome: { added: 0, duplicates: 3 },
    });
    expect(await db().$count(t.questionnaireResponses)).toBe(3);
    const byId = await upload(CSV_COMMA);
    expect(await importIt({ upload: byId.id!, text: "1", date: "2", externalId: "0" })).toMatchObject({ outcome: { added: 2 } });
    const edited = await upload(CSV_COMMA.replace("per favor", "si us plau") + "r-3,Una de nova,2026-11-22\n");
    expect(await importIt({ upload: edited.id!, text: "1", date: "2", externalId: "0" })).toMatchObject({
      outcome: { added: 1, duplicates: 2 },
    });
    expect(await db().$count(t.questionnaireResponses)).toBe(6);
    const r1 = (await db().select().from(t.questionnaireResponses).where(eq(t.questionnaireResponses.externalId, "r-1")))[0]!;
    expect(r1.text).toBe("Connectar Gelida amb Sant Llorenç, per favor");
    expect(r1.answeredAt?.toISOString()).toBe("2026-11-19T23:00:00.000Z");
  });

  it("imports an XLSX export, its dates as dates", async () => {
    const bytes = await xlsx([
      ["Resposta", "Població", "Data"],
      ["Un pas segur a la N-340", "Olèrdola", new Date("2026-11-10T10:00:00Z")],
      ["Bicis al tren", "LES CABANYES", "12/11/2026"],
    ]);
    const { id } = await upload(bytes, "respostes.xlsx");
    expect((await load(id)).upload!.guess).toMatchObject({ text: 0, municipality: 1, date: 2 });
    expect(await importIt({ upload: id!, text: "0", municipality: "1", date: "2" })).toMatchObject({ outcome: { added: 2 } });
    expect((await stored()).map((r) => [r.text, r.municipality, r.answeredAt?.toISOString()])).toEqual([
      ["Un pas segur a la N-340", "Olèrdola", "2026-11-10T10:00:00.000Z"],
      ["Bicis al tren", "les Cabanyes", "2026-11-11T23:00:00.000Z"],
    ]);
  });

  it("refuses bad files in Catalan and stores nothing", async () => {
    expect(await upload(await png(), "foto.csv")).toMatchObject({
      status: 415,
      error: "El fitxer ha de ser un CSV o un full de càlcul XLSX.",
    });
    expect(await upload('text;municipi\n"sense tancar;Gelida\n')).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^No s'ha pogut llegir el fitxer CSV/),
    });
    expect(await upload("text;municipi\n")).toMatchObject({ error: QUESTIONNAIRE_TEXTS.empty });
    expect(await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "trencat.xlsx")).toMatchObject({
      error: QUESTIONNAIRE_TEXTS.badXlsx,
    });
    expect(await upload(new Uint8Array(Buffer.from("text\n\xff\xfe caf\xe9\n", "latin1")))).toMatchObject({
      error: QUESTIONNAIRE_TEXTS.notText,
    });
    // Over 50 MB: refused while it streams.
    const big = new Uint8Array(UPLOADS.questionnaire.maxBytes + 1024).fill(0x61);
    expect(await upload(big, "gran.csv")).toMatchObject({ status: 413, error: "El fitxer és massa gran (màxim 50 MB)." });
    await nothingStored();
  });

  it("refuses a mapping without the text column, or with a column the file has not, and stores nothing", async () => {
    const { id } = await upload(CSV_SEMICOLON);
    expect(await importIt({ upload: id!, text: "", municipality: "1" })).toMatchObject({
      ok: false,
      error: QUESTIONNAIRE_TEXTS.textRequired,
    });
    expect(await importIt({ upload: id!, text: "9" })).toMatchObject({ ok: false, error: QUESTIONNAIRE_TEXTS.columnUnknown });
    expect(await importIt({ upload: id!, text: "2", municipality: "2" })).toMatchObject({
      ok: false,
      error: QUESTIONNAIRE_TEXTS.sameColumn,
    });
    // A column with no text in any row (the age's is numbers, but the blank-only one is not).
    const blank = await upload("text;altre\n;a\n;b\n");
    expect(await importIt({ upload: blank.id!, text: "0" })).toMatchObject({ ok: false, error: QUESTIONNAIRE_TEXTS.noText });
    expect(await importIt({ upload: "00000000-0000-4000-8000-000000000000", text: "0" })).toMatchObject({
      ok: false,
      error: QUESTIONNAIRE_TEXTS.uploadGone,
    });
    expect(await db().$count(t.questionnaireResponses)).toBe(0);
    expect(await db().$count(t.auditLog)).toBe(0);
    // The uploads wait for a good mapping.
    expect(await db().$count(t.questionnaireUploads)).toBe(2);
  });

  it("codes the answers on the coding screen, filters them by kind and municipality, and staff correct their municipality", async () => {
    const { id } = await upload(CSV_SEMICOLON);
    await importIt({ upload: id!, text: "2", municipality: "1", date: "0" });
    const list = await coding.loader(
      routeArgs(bed.ctx, "/admin/codificacio?tipus=questionnaire", { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(list.items.map((i) => [i.type, i.status, i.municipality])).toEqual([
      ["questionnaire", "private", null],
      ["questionnaire", "private", "Vilafranca del Penedès"],
      ["questionnaire", "private", "Sant Sadurní d'Anoia"],
    ]);
    const [seg] = await db().select().from(t.codes).where(eq(t.codes.name, "Senyalització"));
    const rotondes = list.items[0]!;
    // The keyword suggestions read it like any contribution ("senyalització" is one of the code's).
    expect(rotondes.suggested.map((c) => c.name)).toEqual(["Senyalització"]);
    expect(await bed.post(coding.action, { intent: "toggle", item: rotondes.key, codeId: seg!.id })).toMatchObject({ ok: true });
    expect(await bed.post(coding.action, { intent: "municipality", item: rotondes.key, municipality: "Gelida" })).toMatchObject({
      ok: true,
      message: "Municipi desat: Gelida",
    });
    expect(await bed.post(coding.action, { intent: "municipality", item: rotondes.key, municipality: "Barcelona" })).toMatchObject({
      ok: false,
      status: 400,
      error: "Tria un municipi de la llista.",
    });
    const gelida = await coding.loader(
      routeArgs(bed.ctx, `/admin/codificacio?municipi=Gelida&aportacio=${rotondes.key}`, { headers: { Cookie: bed.cookie } }) as never,
    );
    expect(gelida.items.map((i) => i.key)).toEqual([rotondes.key]);
    expect(gelida.current).toMatchObject({ municipality: "Gelida", codes: [{ name: "Senyalització" }] });
    const entries = await db().select().from(t.auditLog).where(eq(t.auditLog.action, "set_municipality"));
    expect(entries.map((e) => [e.entityId, e.before, e.after])).toEqual([[rotondes.key, { municipality: "" }, { municipality: "Gelida" }]]);
  });

  it("never shows an answer on a public page", async () => {
    const { id } = await upload(CSV_SEMICOLON.replace("Aparcaments per a bicis", "Resposta privada 5521"));
    await importIt({ upload: id!, text: "2", municipality: "1", date: "0" });
    const [row] = await db()
      .select()
      .from(t.questionnaireResponses)
      .where(eq(t.questionnaireResponses.municipality, "Vilafranca del Penedès"));
    expect(row!.text).toContain("Resposta privada 5521");
    expect(await everyPublicLoader(bed.ctx, [row!.id])).not.toContain("Resposta privada 5521");
  });

  it("is the moderators' and administrators', not the editors'", async () => {
    const editor = await signedInAs(bed.ctx, "editor", "editor-q@penedes.cat");
    const out = await questionnaire
      .action(
        routeArgs(bed.ctx, "/admin/questionari", {
          method: "POST",
          body: formBody({ intent: "upload" }, { file: file(CSV_COMMA, "a.csv") }),
          headers: { Cookie: editor.cookie },
        }) as never,
      )
      .catch((e: unknown) => e);
    expect(out instanceof Response ? out.status : (out as { init?: ResponseInit }).init?.status).toBe(403);
    const moderator = await signedInAs(bed.ctx, "moderator", "moderator-q@penedes.cat");
    expect(await upload(CSV_COMMA, "a.csv", moderator.cookie)).toHaveProperty("id");
  });
});
