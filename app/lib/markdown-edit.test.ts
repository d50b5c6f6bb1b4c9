import { describe, expect, it } from "vitest";
import { applyMarkdownTool, type Edit } from "./markdown-edit";

/** The edit with its selection drawn in: 'a [b] c'. */
const show = ({ value, start, end }: Edit) => `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;
/** Applies a tool to text whose selection is drawn in with [ and ]. */
function apply(tool: Parameters<typeof applyMarkdownTool>[0], drawn: string) {
  const start = drawn.indexOf("[");
  const end = drawn.indexOf("]") - 1;
  const value = drawn.replace("[", "").replace("]", "");
  return show(applyMarkdownTool(tool, value, start, end));
}

describe("the Markdown toolbar's edits", () => {
  it("bold and italic wrap the selection, keeping its spaces outside, and a second press undoes them", () => {
    expect(apply("bold", "La [Vivi] arriba")).toBe("La **[Vivi]** arriba");
    expect(apply("bold", "La[ Vivi ]arriba")).toBe("La **[Vivi]** arriba");
    expect(apply("bold", "La **[Vivi]** arriba")).toBe("La [Vivi] arriba");
    expect(apply("italic", "La [Vivi] arriba")).toBe("La *[Vivi]* arriba");
    expect(apply("italic", "La *[Vivi]* arriba")).toBe("La [Vivi] arriba");
  });

  it("with nothing selected, inserts a placeholder and selects it to be typed over", () => {
    expect(apply("bold", "Hola []")).toBe("Hola **[text en negreta]**");
    expect(apply("italic", "[]")).toBe("*[text en cursiva]*");
  });

  it("a link takes the selection as its text and selects the address to type", () => {
    expect(apply("link", "Mira els [recursos] ara")).toBe("Mira els [recursos]([https://]) ara");
    expect(apply("link", "Mira []")).toBe("Mira [text de l'enllaç]([https://])");
  });

  it("list and heading prefix every line the selection touches, and take the prefix away again", () => {
    expect(apply("list", "Primer\nSe[gon\nTer]cer\nQuart")).toBe("Primer\n[- Segon\n- Tercer]\nQuart");
    expect(apply("list", "[- Segon\n- Tercer]")).toBe("[Segon\nTercer]");
    expect(apply("list", "Una línia[]")).toBe("[- Una línia]");
    expect(apply("heading", "Intro\n\nEl [pla]\nText")).toBe("Intro\n\n[## El pla]\nText");
    expect(apply("heading", "[## El pla]")).toBe("[El pla]");
    // A heading of another level becomes this one.
    expect(apply("heading", "[# El pla]")).toBe("[## El pla]");
  });

  it("a selection of whole lines ending with its line break leaves the next line alone", () => {
    expect(apply("list", "[a\nb\n]c")).toBe("[- a\n- b]\nc");
  });
});
