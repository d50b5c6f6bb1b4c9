import { describe, expect, it } from "vitest";
import { ANALYSIS_SHAPE, contrast, filterFor, formatShare, NONE, shade, valueLabel } from "./analysis";
import { listSearch, parseListQuery } from "./admin-list";
import { CODING_SHAPE } from "./coding";

// The cross-tab's shades (text on every shade passes AA), its cells' filters, and its address.

describe("the analysis screen's helpers", () => {
  it("reads every shade's text at AA (4.5:1), from white to the darkest", () => {
    for (let i = 0; i <= 100; i++) {
      const { background, color } = shade(i / 100);
      expect(contrast(background, color), `${i} %: ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(shade(0).background).toBe("#ffffff");
    expect(shade(1).color).toBe("#ffffff");
    expect(shade(2)).toEqual(shade(1));
  });

  it("gives each column's value its coding-list filter, 'none' included, and the list reads it", () => {
    expect(filterFor("tema", "infants")).toEqual(["ambit", "infants"]);
    expect(filterFor("tema", null)).toEqual(["ambit", NONE]);
    expect(filterFor("municipi", "Vilafranca del Penedès")).toEqual(["municipi", "Vilafranca del Penedès"]);
    expect(filterFor("municipi", null)).toEqual(["municipi", NONE]);
    // A municipality the list does not know (an old value) has no link.
    expect(filterFor("municipi", "Barcelona")).toBeNull();
    expect(filterFor("tipus", "testimonial")).toEqual(["tipus", "testimonial"]);
    for (const [k, v] of [filterFor("tema", null)!, filterFor("municipi", "Gelida")!])
      expect(parseListQuery(new URLSearchParams({ [k]: v }), CODING_SHAPE).filters[k]).toBe(v);
    expect(valueLabel("tema", null)).toBe("Sense àmbit");
    expect(valueLabel("tipus", "map_comment")).toBe("Comentari al mapa");
  });

  it("writes shares the Catalan way and keeps defaults out of the address", () => {
    expect(formatShare(0.5)).toBe("50 %");
    expect(formatShare(0.004)).toBe("0,4 %");
    expect(formatShare(null)).toBe("—");
    const q = parseListQuery(new URLSearchParams("per=municipi&periode=mes"), ANALYSIS_SHAPE);
    expect(q.filters).toEqual({ per: "municipi", periode: "mes" });
    expect(listSearch(q, ANALYSIS_SHAPE).toString()).toBe("per=municipi");
  });
});
