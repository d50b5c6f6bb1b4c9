import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import v8 from "node:v8";
import vm from "node:vm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { xlsxStream, type TableColumn } from "~/infra/tabular.server";

// A full collection on demand, so that what is measured is memory still held, not garbage not yet
// collected.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const held = () => {
  gc();
  return process.memoryUsage().arrayBuffers;
};

interface Row {
  id: number;
  text: string;
}
const columns: TableColumn<Row>[] = [
  { header: "Núm.", value: (r) => r.id },
  { header: "Text", value: (r) => r.text },
];

describe("xlsxStream", () => {
  it("holds a bounded amount of sheet XML while the zip deflates it, however many rows come", async () => {
    // 30,000 rows of text that does not compress: about 25 MB of sheet XML. Before the wait on the
    // zip's own input, the XML piled up there and the held memory grew with every row.
    const ROWS = 30_000;
    const before = held();
    let most = 0;
    async function* rows() {
      for (let id = 1; id <= ROWS; id++) {
        if (id % 3000 === 0) most = Math.max(most, held() - before);
        yield { id, text: randomBytes(300).toString("hex") };
      }
    }
    // (Written to a file, to be read back: the test holds none of it.)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-")), "prova.xlsx");
    await pipeline(xlsxStream("Prova", columns, rows()), fs.createWriteStream(file));
    expect(most).toBeLessThan(6 * 1024 * 1024);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    fs.rmSync(path.dirname(file), { recursive: true });
    const sheet = workbook.getWorksheet("Prova")!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(ROWS);
  });

  it("stops reading rows, and closes their source, when the download is given up", async () => {
    let pulled = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let id = 1; id <= 1_000_000; id++) {
          pulled = id;
          yield { id, text: randomBytes(100).toString("hex") };
        }
      } finally {
        closed = true;
      }
    }
    const body = xlsxStream("Prova", columns, rows());
    for await (const _chunk of body) break; // the first bytes, then the reader goes away
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    const atClose = pulled;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBe(atClose);
    expect(pulled).toBeLessThan(1_000_000);
  });
});
