import { describe, expect, it } from "vitest";
import { contributionLabel, excerpt } from "./contributions";

describe("contribution helpers", () => {
  it("cuts text to 250 characters plus an ellipsis, and leaves shorter text whole", () => {
    expect(excerpt("a".repeat(250))).toBe("a".repeat(250));
    expect(excerpt("b".repeat(251))).toBe(`${"b".repeat(250)}...`);
    // Counted in characters, not UTF-16 units: accents and emoji are not split.
    const text = "🚲".repeat(300);
    expect(Array.from(excerpt(text)).length).toBe(253);
  });

  it("labels each type as the spec does, with a fallback", () => {
    expect(["reflection", "map_comment", "testimonial", "other"].map(contributionLabel)).toEqual([
      "Reflexió",
      "Comentari al mapa",
      "Testimoni d'àudio",
      "Aportació",
    ]);
  });
});
