import ExcelJS from "exceljs";
import JSZip from "jszip";

// Reading back what the exports wrote (tabular.server.ts), for tests: CSV by RFC 4180, XLSX with
// exceljs, zip with JSZip.

/** The records of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF), its BOM removed;
 * split on `separator` (a comma, or the semicolon of Catalan and Spanish Excel, or a tab). */
export function parseCsv(text: string, separator = ","): string[][] {
  const s = text.replace(/^\uFEFF/, "");
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  while (i < s.length) {
    const c = s[i]!;
    if (quoted && c === '"' && s[i + 1] === '"') {
      field += '"';
      i += 2;
      continue;
    }
    if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === separator) endField();
    else if (c === "\r" && s[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
    i++;
  }
  if (field || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

/** The first sheet's rows as cell values (dates as Date, by their UTC fields). */
export async function readXlsx(bytes: ArrayBuffer | Buffer): Promise<{ name: string; rows: unknown[][]; numFmts: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  const numFmts: string[][] = [];
  sheet.eachRow((row) => {
    const values: unknown[] = [];
    const fmts: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const cell = row.getCell(c);
      values.push(cell.value ?? null);
      fmts.push(cell.numFmt ?? "");
    }
    rows.push(values);
    numFmts.push(fmts);
  });
  return { name: sheet.name, rows, numFmts };
}

/** The files of a zip, by name. */
export async function readZip(bytes: ArrayBuffer | Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(bytes);
  const files = new Map<string, Buffer>();
  for (const [name, entry] of Object.entries(zip.files)) if (!entry.dir) files.set(name, await entry.async("nodebuffer"));
  return files;
}
