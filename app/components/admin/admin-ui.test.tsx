import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Panel } from "./admin-ui";

describe("Panel", () => {
  it("is a section named by its heading, with the intro under it", () => {
    const html = renderToStaticMarkup(
      <Panel title="Seguretat" intro="Opcional per a cada compte." className="mb-6">
        <p>cos</p>
      </Panel>,
    );
    const id = /<section aria-labelledby="([^"]+)" class="rounded-lg bg-white p-5 shadow-sm mb-6">/.exec(html)?.[1];
    // (useId: a name of its own, with no spaces.)
    expect(id).toMatch(/^\S+$/);
    expect(html).toContain(`<h2 id="${id}" class="text-lg font-bold mb-1">Seguretat</h2>`);
    expect(html).toContain('<p class="mb-4 text-sm text-ink/80">Opcional per a cada compte.</p><p>cos</p></section>');
  });

  it("two panels on a screen get different names", () => {
    const html = renderToStaticMarkup(
      <>
        <Panel title="A">x</Panel>
        <Panel title="B">y</Panel>
      </>,
    );
    const ids = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
  });
});
