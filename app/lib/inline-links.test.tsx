import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InlineLinks, safeHref } from "./inline-links";

describe("footer links", () => {
  it("turns [text](url) into a link opening in a new tab", () => {
    const html = renderToStaticMarkup(<InlineLinks text="Impulsat pel [Consell](https://example.cat/a?b=1&c=2)." />);
    expect(html).toContain('<a href="https://example.cat/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/^Impulsat pel <a .*>Consell<span class="sr-only"> \(s&#x27;obre en una pestanya nova\)<\/span><\/a>\.$/);
  });

  it("allows mailto and refuses other schemes, keeping their text", () => {
    expect(safeHref("mailto:info@example.cat")).toBe("mailto:info@example.cat");
    const html = renderToStaticMarkup(<InlineLinks text="[clica](javascript:alert(1)) i [dades](data:text/html,x)" />);
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
    const html = renderToStaticMarkup(<InlineLinks text="Mira els [recursos](/recursos) o [fora](//evil.example)." />);
    expect(html).toBe('Mira els <a href="/recursos" class="font-semibold underline underline-offset-2">recursos</a> o fora.');
  });

  it("escapes everything else", () => {
    expect(renderToStaticMarkup(<InlineLinks text="<img src=x onerror=alert(1)>" />)).toBe("&lt;img src=x onerror=alert(1)&gt;");
  });
});
