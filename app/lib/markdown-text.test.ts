import { describe, expect, it } from "vitest";
import { markdownExcerpt, markdownToText } from "./markdown-text";

describe("Markdown as plain text", () => {
  it("keeps the words a reader sees and drops the signs", () => {
    const md =
      "## La xarxa\n\nLa xarxa ciclable arriba a **Vilafranca del Penedès**.\n\nVine i [digues la teva](https://penedes.example/participa), *ara*.\n\n- Trams nous\n- Aparcaments\n\n> Cita `codi` <b>html</b>";
    expect(markdownToText(md)).toBe(
      "La xarxa\nLa xarxa ciclable arriba a Vilafranca del Penedès.\nVine i digues la teva, ara.\nTrams nous\nAparcaments\nCita codi html",
    );
  });

  it("leaves stars and underscores that are not emphasis", () => {
    expect(markdownToText("2 * 3 * 4 i fitxer_de_text.pdf")).toBe("2 * 3 * 4 i fitxer_de_text.pdf");
  });

  it("cuts the text, not the Markdown, at the given length", () => {
    const md = `**${"a".repeat(150)}** [${"b".repeat(100)}](https://example.cat)`;
    const excerpt = markdownExcerpt(md, 200);
    expect(excerpt).toBe(`${"a".repeat(150)} ${"b".repeat(49)}...`);
    expect(excerpt).not.toMatch(/[*[\]()]/);
    expect(markdownExcerpt("Curt i **clar**", 200)).toBe("Curt i clar");
  });
});
