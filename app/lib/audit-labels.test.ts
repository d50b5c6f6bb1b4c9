import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionLabel, auditEntityLabel } from "./audit-labels";

describe("the audit log's Catalan names", () => {
  it("names each action in Catalan, never by its code", () => {
    expect(auditActionLabel("sign_in")).toBe("Inici de sessió");
    expect(auditActionLabel("sign_in_failed")).toBe("Inici de sessió fallit");
    expect(auditActionLabel("approve")).toBe("Aprovació");
    expect(auditActionLabel("undo-reject")).toBe("Desfer el rebuig");
    for (const [code, name] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(name, code).not.toMatch(/_/);
      expect(name, code).not.toBe(code);
    }
  });

  it("an action nobody named yet still reads sensibly: its words, in quotes", () => {
    expect(auditActionLabel("export_all")).toBe("«export all»");
    expect(auditActionLabel("bulk-hide")).toBe("«bulk hide»");
    expect(auditActionLabel("")).toBe("—");
    // Names of Object.prototype are codes like any other, not the table's.
    expect(auditActionLabel("constructor")).toBe("«constructor»");
  });

  it("names the entries' subjects too", () => {
    expect(auditEntityLabel("map_comment")).toBe("Comentari al mapa");
    expect(auditEntityLabel("map layer")).toBe("Capa del mapa");
    expect(auditEntityLabel("result")).toBe("Actuació del pla");
    expect(auditEntityLabel("result entry")).toBe("Fita d'una actuació");
    expect(auditEntityLabel("robot")).toBe("«robot»");
  });
});
