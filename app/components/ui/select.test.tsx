import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { labelled, Select } from "./select";

describe("Select", () => {
  it("lists `none` first with no value, then each option: a value that is its own label, or [value, label]", () => {
    const html = renderToStaticMarkup(<Select name="x" none="Tots" options={["Baix", ["a", "Alt"]]} />);
    expect(html).toMatch(/^<select data-slot="select" class="[^"]+" name="x">/);
    expect(html).toContain('<option value="">Tots</option><option value="Baix">Baix</option><option value="a">Alt</option></select>');
  });

  it("without options keeps its children, and no empty option unless asked", () => {
    const html = renderToStaticMarkup(
      <Select name="y">
        <option value="1">U</option>
      </Select>,
    );
    expect(html).toContain('name="y"><option value="1">U</option></select>');
  });

  it("labelled pairs each value with its label, in the values' order", () => {
    expect(labelled(["b", "a"], { a: "A", b: "B" })).toEqual([
      ["b", "B"],
      ["a", "A"],
    ]);
  });
});
