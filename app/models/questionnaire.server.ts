import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { desc, eq, lt, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { Db } from "~/db/client.server";
import { questionnaireResponses, questionnaireUploads } from "~/db/schema";
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_TEXTS, matchMunicipality, type QuestionnaireField } from "~/lib/questionnaire";

// The import of the external questionnaire's answers (issue 32, decision 076). Staff upload its CSV or
// XLSX export; the file is read here, whole, into its rows (questionnaire_uploads), never kept as a
// file; staff map its columns; the import turns each row into a private contribution of the kind
// "questionnaire" in one transaction. A row already imported (the same external id, or the same
// cells) is not added twice.

/** A refusal in Catalan: nothing was stored. */
export class QuestionnaireRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface QuestionnaireTable {
  headers: string[];
  rows: string[][];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What a file is by its bytes (its name and the browser's type are not trusted): an XLSX is a zip;
 * a CSV is UTF-8 text without NUL bytes. Anything else is refused. */
export function kindOf(bytes: Buffer): "xlsx" | "csv" | null {
  if (bytes.subarray(0, 4).equals(ZIP)) return "xlsx";
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return null;
  // A UTF-16 file starts with its BOM (FF FE or FE FF): not read as text here.
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return null;
  return "csv";
}

/** The separator of a CSV: the one of ; , and tab found most in its first line outside quotes
 * (Catalan and Spanish spreadsheets write ;). */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const c of text.slice(0, 64 * 1024)) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : ",";
}

function readCsv(bytes: Buffer): string[][] {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\uFFFD")) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.notText);
  try {
    return parse(text, {
      bom: true,
      delimiter: separatorOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      skip_empty_lines: true,
      to: QUESTIONNAIRE_LIMITS.rows + 2,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.badCsv(typeof line === "number" ? line : null));
  }
}

/** A cell as text: dates as ISO, rich text joined, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.badXlsx);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.empty);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > QUESTIONNAIRE_LIMITS.rows + 1) return;
    const cells: string[] = [];
    const width = Math.min(row.cellCount, QUESTIONNAIRE_LIMITS.columns + 1);
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  });
  return rows;
}

/** Reads a questionnaire export into its header and rows, or refuses it in Catalan. */
export async function readQuestionnaireFile(bytes: Buffer): Promise<QuestionnaireTable> {
  const kind = kindOf(bytes);
  if (!kind) throw new QuestionnaireRefused("El fitxer ha de ser un CSV o un full de càlcul XLSX.", 415);
  const all = kind === "xlsx" ? await readXlsx(bytes) : readCsv(bytes);
  const clean = all
    .map((r) => r.map((c) => c.replaceAll("\u0000", "").slice(0, QUESTIONNAIRE_LIMITS.cell)))
    .filter((r) => r.some((c) => c.trim()));
  const [first, ...rows] = clean;
  if (!first || !first.some((h) => h.trim())) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.noHeaders);
  if (first.length > QUESTIONNAIRE_LIMITS.columns) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.tooManyColumns);
  if (rows.length > QUESTIONNAIRE_LIMITS.rows) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.tooManyRows);
  if (!rows.length) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.empty);
  const headers = first.map((h, i) => h.trim() || `Columna ${i + 1}`);
  return { headers, rows };
}

// ---------------------------------------------------------------------------------------
// Uploads waiting for their columns.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps a read file for its mapping step; uploads older than a day are removed on the way. */
export async function saveUpload(db: Db, fileName: string, table: QuestionnaireTable, email: string) {
  await db.delete(questionnaireUploads).where(lt(questionnaireUploads.createdAt, new Date(Date.now() - DAY_MS)));
  const [row] = await db
    .insert(questionnaireUploads)
    .values({ fileName: fileName.slice(0, 200) || "qüestionari", headers: table.headers, rows: table.rows, uploadedByEmail: email })
    .returning({ id: questionnaireUploads.id });
  return row!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An upload still waiting (a day at most), or undefined. */
export async function uploadById(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(questionnaireUploads).where(eq(questionnaireUploads.id, id));
  if (!row || row.createdAt.getTime() < Date.now() - DAY_MS) return undefined;
  return row;
}

/** How many answers were imported, and the latest files. */
export async function importedSummary(db: Db) {
  const [total, latest] = await Promise.all([
    db.$count(questionnaireResponses),
    db
      .select({
        sourceName: questionnaireResponses.sourceName,
        n: sql<number>`count(*)::int`,
        at: sql<string>`max(${questionnaireResponses.createdAt})::text`,
      })
      .from(questionnaireResponses)
      .groupBy(questionnaireResponses.sourceName)
      .orderBy(desc(sql`max(${questionnaireResponses.createdAt})`))
      .limit(10),
  ]);
  return { total, latest: latest.map((l) => ({ ...l, n: Number(l.n) })) };
}

// ---------------------------------------------------------------------------------------
// The import.

export type ColumnMapping = Record<QuestionnaireField, number | null>;

/** The mapping from the form's fields (column indexes; "" for none), checked against the file. */
export function readMapping(fields: Record<string, string>, headers: readonly string[]): ColumnMapping {
  const column = (name: string) => {
    const v = (fields[name] ?? "").trim();
    if (v === "") return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n >= headers.length) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.columnUnknown);
    return n;
  };
  const mapping: ColumnMapping = {
    text: column("text"),
    municipality: column("municipality"),
    date: column("date"),
    externalId: column("externalId"),
  };
  if (mapping.text === null) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.textRequired);
  const chosen = Object.values(mapping).filter((c) => c !== null);
  if (new Set(chosen).size !== chosen.length) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.sameColumn);
  return mapping;
}

const TIME_ZONE = "Europe/Madrid";

/** The instant of a wall-clock time in the campaign's time zone. */
function madridTime(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(guess)) return null;
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(guess));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return new Date(guess - (shown - guess));
}

/** A date as questionnaires write it: ISO (with or without a time and zone), or the Catalan and
 * Spanish day/month/year with an optional time (Google Forms' "Marca de temps"); local times are
 * the campaign's. Null when it is none of these. */
export function parseAnswerDate(value: string): Date | null {
  const v = value.trim();
  if (!v) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (iso) {
    if (iso[7]) {
      const d = new Date(v.replace(" ", "T"));
      return Number.isNaN(d.getTime()) ? null : d;
    }
    return valid(+iso[1]!, +iso[2]!, +iso[3]!, +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0));
  }
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (dmy) return valid(+dmy[3]!, +dmy[2]!, +dmy[1]!, +(dmy[4] ?? 0), +(dmy[5] ?? 0), +(dmy[6] ?? 0));
  return null;
}

function valid(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1) return null;
  return madridTime(y, mo, d, h, mi, s);
}

export interface ImportOutcome {
  /** Rows added now. */
  added: number;
  /** Rows already imported before (or twice in the file): not added again. */
  duplicates: number;
  /** Rows without text in the text column: skipped. */
  blank: number;
  /** Rows whose municipality is not one of the list: stored without one. */
  unknownMunicipality: number;
  /** Rows whose date could not be read: stored without one. */
  unknownDate: number;
}

/** What decides that a row was imported already: its external id when it has one, else its cells. */
export const dedupeKeyOf = (cells: readonly string[], externalId: string | null) =>
  externalId
    ? `id:${externalId}`
    : `sha256:${createHash("sha256")
        .update(JSON.stringify(cells.map((c) => c.trim())))
        .digest("hex")}`;

/** Imports every row of the upload with the mapping, in the caller's transaction, and removes the
 * upload. Nothing is stored when no row has text. */
export async function importUpload(
  tx: Db,
  upload: { id: string; fileName: string; headers: string[]; rows: string[][] },
  mapping: ColumnMapping,
  staff: { email: string },
): Promise<ImportOutcome> {
  const out: ImportOutcome = { added: 0, duplicates: 0, blank: 0, unknownMunicipality: 0, unknownDate: 0 };
  const values: (typeof questionnaireResponses.$inferInsert)[] = [];
  const cell = (row: string[], at: number | null) => (at === null ? "" : (row[at] ?? "").trim());
  for (const row of upload.rows) {
    const text = cell(row, mapping.text);
    if (!text) {
      out.blank++;
      continue;
    }
    const place = cell(row, mapping.municipality);
    const municipality = place ? matchMunicipality(place) : null;
    if (place && !municipality) out.unknownMunicipality++;
    const when = cell(row, mapping.date);
    const answeredAt = when ? parseAnswerDate(when) : null;
    if (when && !answeredAt) out.unknownDate++;
    const externalId = cell(row, mapping.externalId).slice(0, 200) || null;
    values.push({
      text,
      municipality,
      answeredAt,
      externalId,
      dedupeKey: dedupeKeyOf(row, externalId),
      sourceName: upload.fileName,
      importedByEmail: staff.email,
    });
  }
  if (!values.length) throw new QuestionnaireRefused(QUESTIONNAIRE_TEXTS.noText);
  for (let i = 0; i < values.length; i += 500) {
    const added = await tx
      .insert(questionnaireResponses)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: questionnaireResponses.id });
    out.added += added.length;
  }
  out.duplicates = values.length - out.added;
  await tx.delete(questionnaireUploads).where(eq(questionnaireUploads.id, upload.id));
  return out;
}
