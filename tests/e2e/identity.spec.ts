import AxeBuilder from "@axe-core/playwright";
import { expect, rememberCookieChoice, test } from "./fixtures";

// The campaign's visual identity (issue 18): its own typeface, heroes whose text contrast axe can
// measure, an opaque header, aligned headings and cards as tall as their text.

test.beforeEach(async ({ page }) => {
  await rememberCookieChoice(page);
});

test("the typeface is preloaded, self-hosted with a year's immutable cache, and draws the text", async ({ page, request }) => {
  const hosts = new Set<string>();
  page.on("request", (r) => hosts.add(new URL(r.url()).host));
  await page.goto("/");
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("type", "font/woff2");
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  const href = (await preload.getAttribute("href"))!;
  expect(href).toMatch(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/);
  // The preloaded file is the one the page's @font-face asks for (else it is fetched twice).
  const css = await page.locator("head style").first().textContent();
  expect(css).toContain(`src:url(${href})`);
  expect(css).toMatch(/font-family:"Figtree Fallback";src:local\("Arial"\).*size-adjust:98\.30%/);

  const font = await request.get(href);
  expect(font.status()).toBe(200);
  expect(font.headers()["content-type"]).toBe("font/woff2");
  expect(font.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await font.body()).subarray(0, 4).toString("latin1")).toBe("wOF2");

  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('800 48px "Figtree"', "Al Penedès, la bici ens mou!"))).toBe(true);
  const family = await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
  expect(family.startsWith('Figtree, "Figtree Fallback"')).toBe(true);
  // Nothing came from another host: the font is ours.
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});

for (const path of ["/", "/ciutadania", "/infants", "/landing/vilafranca-pedala", "/segueixlavivi"]) {
  test(`${path}: the hero's text contrast is measured by axe and passes AA`, async ({ page }) => {
    // axe's contrast rule takes about 10 s on a theme page with its video on a busy machine.
    test.slow();
    await page.goto(path);
    const results = await new AxeBuilder({ page }).include("[data-hero]").withRules(["color-contrast"]).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
    // Measured, not left "to review" as text over an image would be: the title and the buttons.
    const measured = results.passes.flatMap((p) => p.nodes.map((n) => n.html));
    const unmeasured = results.incomplete.flatMap((p) => p.nodes.map((n) => n.html));
    expect(measured.some((html) => html.startsWith("<h1"))).toBe(true);
    expect(unmeasured.filter((html) => html.startsWith("<h1") || html.startsWith("<a") || html.startsWith("<p"))).toEqual([]);
  });
}

test("the sticky header is opaque: headings scrolled under it do not show through", async ({ page }) => {
  await page.goto("/");
  await page.mouse.wheel(0, 900);
  const header = page.locator("body > header, header").first();
  const background = await header.evaluate((h) => getComputedStyle(h).backgroundColor);
  expect(background).toBe("rgb(255, 255, 255)");
  expect(await header.evaluate((h) => getComputedStyle(h).position)).toBe("sticky");
});

test("/testimonis: the heading lines up with the cards below it", async ({ page }) => {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/testimonis");
    const heading = (await page.getByRole("heading", { level: 1, name: "Les veus del territori" }).boundingBox())!;
    const card = (await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /Reprodueix/ }) })
      .first()
      .boundingBox())!;
    expect(Math.abs(heading.x - card.x), `at ${width} px`).toBeLessThanOrEqual(1);
  }
});

test("/aportacions: each card is as tall as its content, with no empty box under a short text", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/aportacions");
  const cards = page.getByRole("article");
  expect(await cards.count()).toBeGreaterThan(3);
  const slack = await cards.evaluateAll((articles) =>
    articles.map((a) => {
      const style = getComputedStyle(a);
      const children = [...a.children] as HTMLElement[];
      const content =
        children.reduce((sum, c) => sum + c.getBoundingClientRect().height, 0) + parseFloat(style.rowGap) * (children.length - 1);
      const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) * 2;
      return a.getBoundingClientRect().height - content - chrome;
    }),
  );
  for (const s of slack) expect(s).toBeLessThanOrEqual(2);
});

test("the theme cards each show their illustration, light and loaded lazily", async ({ page, request }) => {
  await page.goto("/");
  const images = page.locator("#ambits img");
  await expect(images).toHaveCount(4);
  for (const [i, scope] of ["ciutadania", "infants", "laboral", "turistic"].entries()) {
    await expect(images.nth(i)).toHaveAttribute("src", `/images/scenes/${scope}.svg`);
    await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(i)).toHaveAttribute("alt", "");
  }
  await page.locator("#ambits").scrollIntoViewIfNeeded();
  await expect.poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth === 1600))).toBe(true);
  const svg = await request.get("/images/scenes/ciutadania.svg", { headers: { "accept-encoding": "gzip" } });
  expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(svg.headers()["content-encoding"]).toBe("gzip");
});
