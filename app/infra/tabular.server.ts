import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { INTL_LOCALE } from "~/i18n/locales";
import { errorFields, log } from "~/infra/log.server";

// The one way the site writes tables for download (decision 036): CSV and XLSX, streamed from an
// async source of rows, so memory holds a batch, never the file. Every export uses it (the admin
// lists' exports, the audit log's), each describing its columns once.

export type CellValue = string | number | boolean | Date | null | undefined;

export interface TableColumn<Row> {
  /** The heading, in Catalan. */
  header: string;
  value: (row: Row) => CellValue;
  /** The column's width in the spreadsheet, in characters. */
  width?: number;
}

export type TableFormat = "csv" | "xlsx";

export const TABLE_TIME_ZONE = "Europe/Madrid";
const dateTime = new Intl.DateTimeFormat(INTL_LOCALE.ca, {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: TABLE_TIME_ZONE,
});

/** A moment as Catalan readers write it, in the campaign's time zone: "23/11/2026 13:05". */
export const formatDateTime = (d: Date) => dateTime.format(d).replace(",", "");

// Text a spreadsheet would run as a formula (=, +, -, @) or that some read as one after a tab or
// a carriage return: OWASP's "CSV injection". Such a cell gets a leading apostrophe, which
// spreadsheets show as text.
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A value as CSV text: dates in Catalan, booleans as Sí/No, text neutralised. */
function csvText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return String(value);
  return neutralise(value);
}

/** What a reader of the file may split a line on: the comma of RFC 4180, the semicolon of Catalan
 * and Spanish Excel (its list separator), and the tab some imports take. A field holding one is
 * quoted, so that every reader sees one cell, and that cell starts with the field's first
 * character (neutralised): `ok;=1+1;` never becomes a formula cell (issue 29). */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV field (RFC 4180): quoted when it holds a separator (, ; or tab), a quote or a line
 * break; quotes doubled. */
export function csvField(value: CellValue): string {
  const text = csvText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvRecord = (values: readonly CellValue[]) => `${values.map(csvField).join(",")}\r\n`;

/** The byte-order mark: Excel then reads the file as UTF-8 (accents intact). */
export const BOM = "\uFEFF";

/** The CSV's text in chunks of about 64 KB: BOM, heading, then each row as the source gives it. */
export async function* csvChunks<Row>(columns: readonly TableColumn<Row>[], rows: AsyncIterable<Row>): AsyncGenerator<string> {
  let chunk = BOM + csvRecord(columns.map((c) => c.header));
  for await (const row of rows) {
    chunk += csvRecord(columns.map((c) => c.value(row)));
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk;
}

/** The wall-clock time in the campaign's time zone as a UTC date: a spreadsheet's dates have no
 * zone, and exceljs writes a Date by its UTC fields. Read by its parts, never shown: */
// prettier-ignore
const wallParts = new Intl.DateTimeFormat("en-GB", { // locale-neutral
  timeZone: TABLE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
function wallClock(d: Date): Date {
  const parts = Object.fromEntries(wallParts.formatToParts(d).map((p) => [p.type, Number(p.value)])) as Record<string, number>;
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!));
}

/** How many bytes of sheet XML wait for the zip's deflate (exceljs and archiver internals, read
 * defensively): those in exceljs's own buffer (StreamBuf, blocks of 64 KB), and those written on to
 * the PassThrough archiver reads the entry from. StreamBuf writes there without heeding its
 * backpressure: without this wait, the sheet piled up there (20 MB held by 100,000 short rows). */
function sheetBacklog(sheet: unknown): number {
  type Buffered = { length?: number };
  const stream = (sheet as { stream?: { buffers?: Buffered[]; pipes?: { _writableState?: Buffered }[] } }).stream;
  const own = (stream?.buffers ?? []).reduce((sum, b) => sum + (b.length ?? 0), 0);
  return own + (stream?.pipes ?? []).reduce((sum, p) => sum + (p._writableState?.length ?? 0), 0);
}
/** The sheet XML allowed to wait for the zip before the rows wait. */
const SHEET_BACKLOG_BYTES = 256 * 1024;

/** The spreadsheet's date format: Catalan order (day/month/year, 24 h). */
export const XLSX_DATE_FORMAT = "dd/mm/yyyy hh:mm";

/** One sheet of a workbook: its name (31 characters at most), its columns, and its rows. */
export interface SheetSource<Row> {
  name: string;
  columns: readonly TableColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/** An .xlsx file streamed with exceljs's WorkbookWriter: each row is committed (written out and
 * forgotten) as it comes, inline strings (no shared-string table growing in memory), and the
 * writing waits whenever the reader of the stream falls behind. */
export function xlsxStream<Row>(sheetName: string, columns: readonly TableColumn<Row>[], rows: AsyncIterable<Row>): Readable {
  return xlsxWorkbookStream([{ name: sheetName, columns, rows }]);
}

/** A sheet of any row type (each sheet of a workbook has its own). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each sheet has its own row type
export type AnySheetSource = SheetSource<any>;

/** A workbook of several sheets, streamed as xlsxStream streams one: the sheets one after the
 * other, each committed before the next starts (the codebook with its coded data, decision 077). */
export function xlsxWorkbookStream(sheets: readonly AnySheetSource[] | (() => AsyncIterable<AnySheetSource>)): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
    workbook.creator = "Al Penedès, la bici ens mou!";
    for await (const { name, columns, rows } of typeof sheets === "function" ? sheets() : sheets) {
      const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let n = 0;
      for await (const row of rows) {
        const values = columns.map((c) => {
          const v = c.value(row);
          if (v instanceof Date) return wallClock(v);
          if (typeof v === "boolean") return v ? "Sí" : "No";
          return v ?? null;
        });
        const added = sheet.addRow(values);
        values.forEach((v, i) => {
          if (v instanceof Date) added.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
        });
        added.commit();
        // Let the zip and the response take what was written, and wait while the reader is behind.
        if (++n % 200 === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          // A download given up (the reader gone): stop reading rows, which closes their source.
          if (out.destroyed) return;
          if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
          // The sheet's XML comes faster than the zip's deflate, which runs on the thread pool, takes
          // it: wait for the zip (at most 10 s a time, never stuck).
          for (let waits = 0; waits < 2000 && !out.destroyed && sheetBacklog(sheet) > SHEET_BACKLOG_BYTES; waits++)
            await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    // The reader gone (a download stopped by the client) is not a failure: downloadResponse says so.
    if (!out.destroyed) log("error", "xlsx export failed", errorFields(err));
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
} as const;

/** A download answer: the body streamed, never cached, under `filename`. */
export function downloadResponse(body: Readable, filename: string, type: keyof typeof CONTENT_TYPES): Response {
  // A download the client gave up (a closed tab, a cancelled save) is no fault of ours: what fails
  // after it is not logged here (the export gate writes one line of information, issue 29).
  let stopped = false;
  body.on("error", (err) => {
    if (!stopped) log("error", "export stream failed", { filename, ...errorFields(err) });
  });
  // Read through the stream's own iterator, not Readable.toWeb: once a download is cancelled,
  // toWeb's adapter may still push the data that was on its way into the closed stream, and that
  // throws outside any handler (seen with the zip).
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (stopped) return;
      if (done) controller.close();
      else
        controller.enqueue(
          typeof value === "string" ? Buffer.from(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
        );
    },
    async cancel() {
      stopped = true;
      await chunks.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": CONTENT_TYPES[type],
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A table for download as CSV or XLSX: `<basename>.<format>`. */
export function tableResponse<Row>(
  format: TableFormat,
  basename: string,
  sheetName: string,
  columns: readonly TableColumn<Row>[],
  rows: AsyncIterable<Row>,
): Response {
  const body =
    format === "csv"
      ? Readable.from(
          (async function* () {
            for await (const chunk of csvChunks(columns, rows)) yield Buffer.from(chunk, "utf8");
          })(),
        )
      : xlsxStream(sheetName, columns, rows);
  return downloadResponse(body, `${basename}.${format}`, format);
}
