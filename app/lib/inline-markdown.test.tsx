import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithMessages } from "~/test/i18n";
import { InlineMarkdown, safeHref } from "./inline-markdown";

describe("footer links", () => {
  it("turns [text](url) into a link opening in a new tab", () => {
    const html = renderToStaticMarkup(
      <WithMessages>
        <InlineMarkdown text="Impulsat pel [Consell](https://example.cat/a?b=1&c=2)." />
      </WithMessages>,
    );
    expect(html).toContain('<a href="https://example.cat/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/^Impulsat pel <a .*>Consell<span class="sr-only"> \(s&#x27;obre en una pestanya nova\)<\/span><\/a>\.$/);
  });

  it("says that a link opens in a new tab in the page's language", () => {
    const link = (locale: "es" | "en") =>
      renderToStaticMarkup(
        <WithMessages locale={locale}>
          <InlineMarkdown text="[Consell](https://example.cat/)" />
        </WithMessages>,
      );
    expect(link("es")).toContain('<span class="sr-only"> (se abre en una pestaña nueva)</span>');
    expect(link("en")).toContain('<span class="sr-only"> (opens in a new tab)</span>');
  });

  it("allows mailto and refuses other schemes, keeping their text", () => {
    expect(safeHref("mailto:info@example.cat")).toBe("mailto:info@example.cat");
    const html = renderToStaticMarkup(<InlineMarkdown text="[clica](javascript:alert(1)) i [dades](data:text/html,x)" />);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("javascript");
    expect(html).toContain("clica");
  });

  it("keeps paths on this site, opening in the same tab, and refuses paths that lead elsewhere", () => {
    expect(safeHref("/segueixlavivi")).toBe("/segueixlavivi");
    expect(safeHref("/aportacions?tipus=reflection#llista")).toBe("/aportacions?tipus=reflection#llista");
    expect(safeHref("/")).toBe("/");
    // Browsers read all of these as another site's address.
    for (const url of ["//evil.example/x", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "///evil.example"])
      expect(safeHref(url), url).toBeNull();
    const html = renderToStaticMarkup(<InlineMarkdown text="Mira els [recursos](/recursos) o [fora](//evil.example)." />);
    expect(html).toBe('Mira els <a href="/recursos" class="font-semibold underline underline-offset-2">recursos</a> o fora.');
  });

  it("escapes everything else", () => {
    expect(renderToStaticMarkup(<InlineMarkdown text="<img src=x onerror=alert(1)>" />)).toBe("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("renders the footer's basic Markdown: bold, italic, and links inside them", () => {
    expect(renderToStaticMarkup(<InlineMarkdown text="Impulsat pel **Consell Comarcal** i *l'Ajuntament*." />)).toBe(
      "Impulsat pel <strong>Consell Comarcal</strong> i <em>l&#x27;Ajuntament</em>.",
    );
    expect(renderToStaticMarkup(<InlineMarkdown text="**[Consell](/recursos)** _ara_" />)).toBe(
      '<strong><a href="/recursos" class="font-semibold underline underline-offset-2">Consell</a></strong> <em>ara</em>',
    );
  });

  it("leaves stars and underscores that are not emphasis alone", () => {
    for (const text of ["2 * 3 * 4", "fitxer_de_text.pdf", "** no **", "un *sol", "[a](https://ex.cat/a_b_c)"])
      expect(renderToStaticMarkup(<InlineMarkdown text={text} />), text).not.toMatch(/<(strong|em)>/);
    expect(renderToStaticMarkup(<InlineMarkdown text="[a](https://ex.cat/a_b_c)" />)).toContain('href="https://ex.cat/a_b_c"');
  });
});
