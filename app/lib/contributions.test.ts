import { contributionTypes } from "~/domain/contributions";
import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/catalogues.server";
import type { Contribution } from "~/domain/contributions";
import { contributionKindKey, contributionLabels, datedIn, excerpt } from "./contributions";

describe("contribution helpers", () => {
  it("cuts text to 250 characters plus an ellipsis, and leaves shorter text whole", () => {
    expect(excerpt("a".repeat(250))).toBe("a".repeat(250));
    expect(excerpt("b".repeat(251))).toBe(`${"b".repeat(250)}...`);
    // Counted in characters, not UTF-16 units: accents and emoji are not split.
    const text = "🚲".repeat(300);
    expect(Array.from(excerpt(text)).length).toBe(253);
  });

  it("labels each type as the spec does, with a fallback", () => {
    const ca = translator("ca");
    expect(["reflection", "map_comment", "testimonial", "other"].map((type) => ca(contributionKindKey(type)))).toEqual([
      "Reflexió",
      "Comentari al mapa",
      "Testimoni d'àudio",
      "Aportació",
    ]);
  });

  it("name each kind in the back office as the public pages do, and in Spanish and English on theirs", () => {
    const ca = translator("ca");
    // The kinds the public pages show (the questionnaire's answers are staff's only, decision 076).
    for (const type of contributionTypes) expect(ca(contributionKindKey(type))).toBe(contributionLabels[type]);
    expect(translator("es")(contributionKindKey("map_comment"))).toBe("Comentario en el mapa");
    expect(translator("en")(contributionKindKey("testimonial"))).toBe("Audio testimonial");
  });

  it("write the dates in the page's language, and leave the Catalan ones as the model wrote them", () => {
    const item: Contribution = {
      id: "1",
      type: "reflection",
      text: "x",
      createdAt: "2026-11-23T10:00:00.000Z",
      dateLabel: "23 de nov. 2026",
    };
    expect(datedIn("ca", [item])[0]).toBe(item);
    expect(datedIn("es", [item])[0]?.dateLabel).toMatch(/^23 nov\.? 2026$/);
    expect(datedIn("en", [item])[0]?.dateLabel).toBe("23 Nov 2026");
  });
});
