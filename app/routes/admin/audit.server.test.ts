import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { AUDIT_PAGE_SIZE } from "~/models/audit.server";
import { csvField } from "~/models/audit-csv.server";
import { adminTestBed } from "~/test/admin";
import { routeArgs } from "~/test/context";
import { testBackends } from "~/test/db";
import * as audit from "./audit.server";
import * as exportAudit from "./export-audit";

it("CSV fields: RFC 4180 quoting, and a formula is kept as text", () => {
  expect(csvField("pla")).toBe("pla");
  expect(csvField('diu "hola", i\nmarxa')).toBe('"diu ""hola"", i\nmarxa"');
  for (const f of ["=1+1", "+34 600", "-2", "@SUM(A1)", "\tx"]) expect(csvField(f).replace(/^"|"$/g, "")).toBe(`'${f}`);
  expect(csvField(null)).toBe("");
});

describe.each(testBackends())("audit screen and export on %s", (backend) => {
  const bed = adminTestBed(backend);
  const load = async (query = "") =>
    (await audit
      .loader(routeArgs(bed.ctx, `/admin/auditoria${query}`, { headers: { Cookie: bed.cookie } }) as never)
      .catch((e: unknown) => e)) as Awaited<ReturnType<typeof audit.loader>>;

  it("pages on the server, newest first, and filters by account, entity, action and day", async () => {
    const base = Date.UTC(2026, 3, 1, 10);
    await bed.ctx.db.insert(t.auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
        at: new Date(base + i * 3_600_000),
        actorEmail: i % 2 ? "editora@penedes.cat" : "gestor@penedes.cat",
        entity: i % 3 ? "activity" : "landing",
        action: i % 5 ? "update" : "delete",
        before: { title: `Abans ${i}` },
        after: { title: i === 0 ? '=HYPERLINK("http://x")' : `Després ${i}` },
      })),
    );
    const first = await load();
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 5, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.rows[0]!.before).toEqual({ title: `Abans ${AUDIT_PAGE_SIZE + 4}` });
    expect((await load("?pagina=2")).rows).toHaveLength(5);
    // A page past the end is the last page, as on every list (decision 056).
    expect(await load("?pagina=9")).toMatchObject({ page: 2, pages: 2 });
    expect((await load("?pagina=9")).rows).toHaveLength(5);
    expect((await load("?compte=EDITORA")).total).toBe(Math.floor((AUDIT_PAGE_SIZE + 5) / 2));
    expect((await load("?entitat=landing&accio=delete")).rows.every((r) => r.entity === "landing" && r.action === "delete")).toBe(true);
    expect((await load("?des-de=2026-04-02&fins-a=2026-04-02")).total).toBe(24);
    // A malformed filter is ignored, not an error.
    expect((await load("?des-de=ahir&compte=%25")).total).toBe(0);
    // A day out of range is no filter either (issue 29: year 0000 was a 500).
    expect((await load("?des-de=0000-01-01&entitat=landing")).total).toBe((await load("?entitat=landing")).total);
    expect(first.facets).toEqual({ entities: ["activity", "landing"], actions: ["delete", "update"] });
  });

  it("exports the filtered log as CSV with a BOM, quoted fields and neutralised formulas", async () => {
    const res = (await exportAudit.loader(
      routeArgs(bed.ctx, "/admin/export/audit.csv?entitat=landing", { headers: { Cookie: bed.cookie } }) as never,
    )) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Data (UTC),Compte,Entitat,Identificador,Acció,Abans,Després,IP,Navegador");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).every((l) => l.split(",")[2] === "landing")).toBe(true);
    expect(lines.slice(1, -1)).toHaveLength(19);
    // The first entry's "after" held a formula inside JSON: it starts with {, so it stays as is, quoted.
    expect(text).toContain('"{""title"":""=HYPERLINK(\\""http://x\\"")""}"');
  });
});
