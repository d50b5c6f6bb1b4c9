import { describe, expect, it } from "vitest";
import { codeSchema, fold, keywordStems, matchesKeywords, stem, stems } from "./coding";

// The keyword matcher of the code suggestions (issue 32): accents, case and simple plural and
// gender endings (-s, -es, -a/-o) do not matter; a phrase matches its words in a row.

const matches = (text: string, keywords: string) => matchesKeywords(stems(text), keywordStems(keywords));

describe("the keyword matcher", () => {
  it("ignores accents and case", () => {
    expect(fold("CRUÏLLA Perillosa à l'Escola")).toBe("cruilla perillosa a l'escola");
    expect(matches("Una CRUILLA al centre", "cruïlla")).toBe(true);
    expect(matches("Fem-ho per la mobilitat", "mobilitat")).toBe(true);
    expect(matches("Il·luminació", "illuminacio")).toBe(true);
  });

  it("ignores simple plural and gender endings", () => {
    for (const word of ["perillós", "perillosa", "perillosos", "perilloses", "PERILLOSA"]) expect(stem(word), word).toBe("perill");
    expect(matches("Les escoles del poble", "escola")).toBe(true);
    expect(matches("Falten aparcaments", "aparcament")).toBe(true);
    expect(matches("Els nens i les nenes", "nen")).toBe(true);
    expect(matches("Els infants", "infant")).toBe(true);
  });

  it("matches whole words and phrases in a row, not parts of other words", () => {
    expect(matches("Calen més carrils bici segurs", "carril bici")).toBe(true);
    expect(matches("El carril és bo per a la bici", "carril bici")).toBe(false);
    expect(matches("Un aparcabicis nou", "bici")).toBe(false);
    expect(matches("Res a dir", "")).toBe(false);
    expect(matches("La gent gran camina", "gent gran\navi")).toBe(true);
  });

  it("keeps a code's keywords one a line, trimmed, without empty lines", () => {
    const parsed = codeSchema.parse({
      groupId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
      name: " Seguretat ",
      colour: "#B71C1C",
      position: "1",
      keywords: "  perill \r\n\r\ncruïlla\n",
    });
    expect(parsed).toMatchObject({ name: "Seguretat", colour: "#b71c1c", keywords: "perill\ncruïlla", description: null });
    expect(codeSchema.safeParse({ groupId: "x", name: "A", colour: "#ffffff", position: "1" }).success).toBe(false);
  });
});
