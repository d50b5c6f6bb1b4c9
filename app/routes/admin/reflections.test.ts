import { describe, expect, it } from "vitest";
import { filterReflections } from "./reflections";

describe("reflections", () => {
  it("reflections: the search is case-insensitive over text, name and e-mail", () => {
    const rows = [
      { reflection: "Més carrils BICI", name: null, email: null },
      { reflection: "x", name: "Marta", email: null },
      { reflection: "y", name: null, email: "Joan@Exemple.cat" },
    ];
    expect(filterReflections(rows, "bici")).toHaveLength(1);
    expect(filterReflections(rows, "MARTA")).toHaveLength(1);
    expect(filterReflections(rows, "joan@exemple")).toHaveLength(1);
    expect(filterReflections(rows, "  ")).toHaveLength(3);
  });
});
