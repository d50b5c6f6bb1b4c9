import type { auditLog } from "~/db/schema";
import { csvField as tableField } from "~/infra/tabular.server";

// The audit log as CSV (GET /admin/export/audit.csv): UTF-8 with a byte-order mark (Excel reads
// the accents), RFC 4180 quoting, CRLF line ends, and no cell a spreadsheet would run as a formula.
// Written on its own so the lead can fold it into the shared export helper of issue 14.

type Entry = typeof auditLog.$inferSelect;

export const AUDIT_CSV_COLUMNS = [
  "Data (UTC)",
  "Compte",
  "Entitat",
  "Identificador",
  "Acció",
  "Abans",
  "Després",
  "IP",
  "Navegador",
] as const;

/** One field as every export writes it (tabular.server.ts): neutralised, quoted when it holds a
 * separator (, ; or tab), a quote or a line break. */
export const csvField = (value: string | null | undefined): string => tableField(value);

export const csvRow = (fields: (string | null | undefined)[]) => `${fields.map(csvField).join(",")}\r\n`;

const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

export function auditCsvRow(e: Entry): string {
  return csvRow([e.at.toISOString(), e.actorEmail, e.entity, e.entityId, e.action, json(e.before), json(e.after), e.ip, e.userAgent]);
}

/** The whole file as a stream: the BOM and the header, then one row per entry. */
export function auditCsvStream(entries: AsyncIterable<Entry>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = entries[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow([...AUDIT_CSV_COLUMNS])}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(auditCsvRow(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
