import { describe, expect, it } from "vitest";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import * as t from "~/db/schema";
import { DEFAULT_STATEMENT, readStatement, saveStatement } from "~/models/accessibility.server";
import * as screen from "./accessibility.server";

const VALID = {
  compliance: "partial",
  nonCompliance: "- Un vídeo sense subtítols (EN 301 549, 9.1.2.2).",
  burden: "No s'hi acull cap contingut.",
  outOfScope: "- El qüestionari extern.",
  method: "Autoavaluació.",
  unit: "Àrea de Mobilitat del Consell Comarcal",
};

describe.each(testBackends())("the accessibility statement on %s (issue 33)", (backend) => {
  const bed = adminTestBed(backend);

  it("starts from the default parts, and a save keeps the preparation date and makes today the last review", async () => {
    expect(await readStatement(bed.ctx.db)).toEqual(DEFAULT_STATEMENT);
    const before = await readStatement(bed.ctx.db);
    const saved = await saveStatement(bed.ctx.db, { ...VALID, compliance: "full" }, before, new Date("2027-03-04T23:30:00Z"));
    // 23:30 UTC is already the 5th in Catalonia.
    expect(saved).toMatchObject({ compliance: "full", preparedOn: DEFAULT_STATEMENT.preparedOn, reviewedOn: "2027-03-05" });
    expect(await readStatement(bed.ctx.db)).toEqual(saved);
  });

  it("staff save the variable parts through the screen; bad input gets Catalan messages and stores nothing", async () => {
    const stored = await readStatement(bed.ctx.db);
    const bad = await bed.post(screen.action, { ...VALID, compliance: "potser", unit: " ", method: "x".repeat(1001) });
    expect(bad.status).toBe(400);
    expect(bad.error).toBe(screen.STATEMENT_INVALID);
    expect(bad.fieldErrors).toMatchObject({
      compliance: "Tria la situació de compliment.",
      unit: "Escriu la unitat responsable.",
      method: "Com a màxim 1.000 caràcters.",
    });
    expect(await readStatement(bed.ctx.db)).toEqual(stored);

    const ok = await bed.post(screen.action, VALID);
    expect(ok).toMatchObject({ ok: true, message: screen.STATEMENT_SAVED });
    const now = await readStatement(bed.ctx.db);
    expect(now).toMatchObject(VALID);
    expect(now.reviewedOn).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date()));
    const audit = (await bed.ctx.db.select().from(t.auditLog)).filter((e) => e.entityId === "accessibility-statement");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: "settings", action: "update" });
  });

  it("refuses what is not a form", async () => {
    await bed.expectNonFormRefused(screen.action);
  });
});
