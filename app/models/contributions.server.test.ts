import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { ContributionType } from "~/domain/contributions";
import { categoryLabels } from "~/domain/themes";
import { formatDateTime } from "~/infra/tabular.server";
import { EXPORTS } from "~/routes/admin/export.server";
import { contributionsPage } from "~/models/content.server";
import {
  COMMON_FIELDS,
  CONTRIBUTION_KINDS,
  contributionKinds,
  type CommonField,
  type ContributionKind,
} from "~/models/contributions.server";
import { moderationQueue } from "~/models/moderation.server";
import { busiestHours, contributionTotals } from "~/models/statistics.server";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { parseCsv, readXlsx } from "~/test/tables";

// Every reader of contributions covers every kind and every common field of the description
// (contributions.server.ts, decision 054). The expectations come from the description: a new kind,
// or a new common field, that a reader does not follow fails here. A reader that leaves a field out
// on purpose says so below, field by field (the type makes every new field a decision).

/** What each reader leaves out, and why. */
const LEFT_OUT: Record<"public" | "queue" | "kindExport" | "contributionsExport", Partial<Record<CommonField, string>>> = {
  public: { email: "never on a public page", theme: "the public cards show no theme" },
  queue: {},
  kindExport: { place: "the map comments' place has its own export (GeoJSON)" },
  contributionsExport: { place: "the map comments' place has its own export (GeoJSON)" },
};

/** The columns a kind needs that are not common fields. */
const REQUIRED: Record<ContributionType, Record<string, unknown>> = {
  reflection: {},
  map_comment: { lng: 1.69 },
  testimonial: { audioKey: "audio/kinds-test.weba" },
};

const DATE = new Date("2026-10-01T08:15:00Z");
const THEME = "infants";

/** The value of a common field of a kind's test row. */
const valueOf = (kind: ContributionKind, field: CommonField): unknown =>
  ({
    text: `Text de ${kind.type}`,
    date: DATE,
    name: `Nom de ${kind.type}`,
    email: `${kind.type.replace("_", "-")}@exemple.cat`,
    theme: THEME,
    place: 41.3456,
  })[field];

/** The ways a reader may write a field's value. */
const writings = (field: CommonField, value: unknown): string[] =>
  field === "date"
    ? // ISO (JSON), the CSV's Catalan date and time, the XLSX's wall clock in Madrid (UTC+2 in October).
      [DATE.toISOString(), formatDateTime(DATE), new Date(DATE.getTime() + 2 * 3_600_000).toISOString()]
    : field === "theme"
      ? [THEME, categoryLabels[THEME]]
      : [String(value)];

/** The fields of a kind (those it has a column for). */
const fieldsOf = (kind: ContributionKind) => COMMON_FIELDS.filter((f) => kind.columns[f] !== null);

const keyOf = (kind: ContributionKind, column: PgColumn) => Object.entries(getTableColumns(kind.table)).find(([, c]) => c === column)![0];

/** Expects the reader's row (as text) to carry every field of the kind it does not leave out. */
function expectFields(reader: keyof typeof LEFT_OUT, kind: ContributionKind, row: string | undefined) {
  expect(row, `${reader} has no ${kind.type}`).toBeDefined();
  for (const field of fieldsOf(kind)) {
    if (LEFT_OUT[reader][field]) continue;
    const ways = writings(field, valueOf(kind, field));
    expect(
      ways.some((w) => row!.includes(w)),
      `${reader} of ${kind.type} carries its ${field} (${ways.join(" or ")}) in ${row}`,
    ).toBe(true);
  }
}

const rowText = (row: unknown[]) => row.map((c) => (c instanceof Date ? c.toISOString() : String(c ?? ""))).join("\u0001");

describe.each(testBackends())("the contribution kinds on %s", (backend) => {
  const ctx = setupTestContext(backend);
  const ids = {} as Record<ContributionType, string>;

  it("every reader covers every kind and every common field", async () => {
    const db = ctx.db;
    for (const kind of contributionKinds) {
      const values: Record<string, unknown> = { ...REQUIRED[kind.type], status: "published", createdAt: DATE };
      for (const field of fieldsOf(kind)) values[keyOf(kind, kind.columns[field]!)] = valueOf(kind, field);
      const [row] = (await db
        .insert(kind.table)
        .values(values as never)
        .returning({ id: kind.table.id })) as { id: string }[];
      ids[kind.type] = row!.id;
    }
    expect(Object.keys(ids).sort()).toEqual(Object.keys(CONTRIBUTION_KINDS).sort());
    const find = (rows: { id: string }[], kind: ContributionKind) => {
      const row = rows.find((r) => r.id === ids[kind.type]);
      return row && JSON.stringify(row);
    };

    // The public list.
    const { items } = await contributionsPage(db, null, 1);
    for (const kind of contributionKinds) expectFields("public", kind, find(items, kind));
    expect(JSON.stringify(items)).not.toContain("@exemple.cat");

    // The moderation queue.
    const queue = await moderationQueue(db, { status: "published", type: null, theme: null, q: "", reported: false, held: false, page: 1 });
    for (const kind of contributionKinds) expectFields("queue", kind, find(queue.items, kind));

    // The statistics: each kind counted once, by its theme where it has one, at its hour.
    const totals = await contributionTotals(db, { published: true });
    for (const kind of contributionKinds) expect(totals.byType[kind.type], kind.type).toBe(1);
    expect(totals.byTheme[THEME]).toBe(contributionKinds.filter((k) => k.columns.theme).length);
    expect((await busiestHours(db)).reduce((a, b) => a + b, 0)).toBe(contributionKinds.length);

    // Every export, CSV and XLSX: each kind's own, and all the contributions in one.
    const exported = async (name: string, format: "csv" | "xlsx") => {
      const res = EXPORTS[name]!(db, new URL(`http://localhost/admin/export/${name}.${format}`), format);
      const bytes = Buffer.from(await res.arrayBuffer());
      return format === "csv" ? parseCsv(bytes.toString("utf8").slice(1)).map(rowText) : (await readXlsx(bytes)).rows.map(rowText);
    };
    for (const format of ["csv", "xlsx"] as const) {
      const all = await exported("contributions", format);
      for (const kind of contributionKinds) {
        const own = await exported(kind.exportName, format);
        expectFields(
          "kindExport",
          kind,
          own.find((r) => r.includes(ids[kind.type])),
        );
        expectFields(
          "contributionsExport",
          kind,
          all.find((r) => r.includes(ids[kind.type])),
        );
      }
    }
  });
});
