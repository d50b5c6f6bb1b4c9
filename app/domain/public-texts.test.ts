import { describe, expect, it } from "vitest";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { PHASES } from "./campaign";
import { categories, categoryKey, categoryLabels } from "./themes";

// The back office writes the phases' titles and the themes' names in Catalan from the domain; the
// public pages say them from the catalogue (decision 059). Both Catalan texts are the same.
describe("the campaign's words the back office and the public pages share", () => {
  const ca = (key: string) => CATALOGUES.ca.public[key.replace(/^public\./, "")];

  it("names each phase as the catalogue does in Catalan", () => {
    for (const phase of PHASES) expect(ca(`campaign.phase${phase.n}.title`)).toBe(phase.title);
  });

  it("names each theme as the catalogue does in Catalan, and has it in Spanish and English", () => {
    expect(CATALOGUES.en.public["themes.infants.name"]).toBe("Children");
    for (const c of categories) {
      expect(ca(categoryKey(c))).toBe(categoryLabels[c]);
      // Written out in each language: a word, not an empty text nor the key itself.
      for (const locale of ["es", "en"] as const) expect(CATALOGUES[locale].public[`themes.${c}.name`]).toMatch(/^\p{Lu}\p{Ll}+/u);
    }
  });
});
