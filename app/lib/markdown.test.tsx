import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithMessages } from "~/test/i18n";
import { Markdown } from "./markdown";

const render = (text: string) =>
  renderToStaticMarkup(
    <WithMessages>
      <Markdown>{text}</Markdown>
    </WithMessages>,
  );

describe("landing Markdown links", () => {
  it("opens a path on this site in the same tab", () => {
    const html = render("Segueix [la Vivi](/segueixlavivi) i [l'agenda](/#agenda).");
    expect(html).toContain('<a href="/segueixlavivi">la Vivi</a>');
    expect(html).toContain('<a href="/#agenda">l&#x27;agenda</a>');
    expect(html).not.toContain("_blank");
  });

  it("opens http(s) and mailto links in a new tab without access back to the page", () => {
    const html = render("[web](https://example.cat/a) i [correu](mailto:info@example.cat)");
    expect(html).toContain(
      '<a href="https://example.cat/a" target="_blank" rel="noopener noreferrer">web<span class="sr-only"> (s&#x27;obre en una pestanya nova)</span></a>',
    );
    expect(html).toContain('<a href="mailto:info@example.cat" target="_blank" rel="noopener noreferrer">correu');
  });

  it("keeps only the text of any other link", () => {
    const html = render("[a](javascript:alert(1)) [b](//evil.example) [c](data:text/html,x)");
    expect(html).not.toContain("<a");
    expect(html).not.toMatch(/evil|javascript|data:/);
    expect(html).toContain("<span>a</span> <span>b</span> <span>c</span>");
    // Markdown escapes a backslash in a link, so this one stays a (missing) page of this site.
    expect(render("[d](/\\evil.example)")).toContain('<a href="/%5Cevil.example">d</a>');
  });
});
