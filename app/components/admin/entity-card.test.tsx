import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InputField } from "~/components/form-field";
import { EntityScreen, type EntityDialogProps } from "./entity-card";

type Row = { id: string; title: string };

function Dialog({ editing }: EntityDialogProps<Row>) {
  return <p data-dialog={editing === null ? "closed" : "open"} />;
}

/** The screen as a route renders it (the cards' switches and delete buttons use fetchers). */
function render(rows: Row[], emptyNewLabel?: string) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <EntityScreen
          title="Capes"
          newLabel="Nova capa"
          empty="Encara no hi ha cap capa."
          emptyNewLabel={emptyNewLabel}
          rows={rows}
          dialog={Dialog}
          card={(r) => ({ title: r.title, active: true, remove: { question: "Segur?" } })}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe("EntityScreen", () => {
  it("an empty list: the title with its new button, the empty text and the dialog closed", () => {
    const html = render([]);
    expect(html).toMatch(/<h1[^>]*>Capes<\/h1><button[^>]*>.*Nova capa<\/button>/);
    expect(html).toContain("Encara no hi ha cap capa.");
    expect(html).not.toContain("<ul");
    expect(html).toContain('data-dialog="closed"');
  });

  it("with emptyNewLabel, an empty list carries the button under its text instead of the title", () => {
    const html = render([], "Afegeix la primera capa");
    expect(html).not.toContain("Nova capa");
    expect(html).toMatch(/<p>Encara no hi ha cap capa.<\/p><button[^>]*>.*Afegeix la primera capa<\/button>/);
    const full = render([{ id: "a", title: "Xarxa" }], "Afegeix la primera capa");
    expect(full).toContain("Nova capa");
    expect(full).not.toContain("Afegeix la primera capa");
  });

  it("one card a row, each with its switch, edit and delete", () => {
    const html = render([
      { id: "a", title: "Xarxa proposada" },
      { id: "b", title: "Xarxa existent" },
    ]);
    expect(count(html, "<li")).toBe(2);
    expect(html).toContain('aria-label="Edita Xarxa proposada"');
    expect(html).toContain('aria-label="Edita Xarxa existent"');
    expect(html).toContain('aria-label="Actiu: Xarxa existent"');
    expect(html).not.toContain("Encara no hi ha cap capa.");
  });
});

describe("InputField", () => {
  it("wires the label, the input (with every prop) and the error together", () => {
    const html = renderToStaticMarkup(<InputField label="Títol" name="title" defaultValue="Hola" required error="Massa llarg" />);
    const id = /<label[^>]*for="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(new RegExp(`<input[^>]*name="title"[^>]*id="${id}"|<input[^>]*id="${id}"[^>]*name="title"`));
    expect(html).toContain('value="Hola"');
    expect(html).toContain("required");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error"`);
    expect(html).toContain(`<p id="${id}-error" class="text-sm font-semibold text-red-700">Massa llarg</p>`);
  });
});
