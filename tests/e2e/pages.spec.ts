import type { Page } from "@playwright/test";
import { PUBLIC_PATHS } from "../../app/lib/seo";
import { expect, expectAccessible, hydrated, rememberCookieChoice, test, testPagesAnswerAndPassAxe } from "./fixtures";

const PUBLIC_ROUTES = [...PUBLIC_PATHS, "/landing/vilafranca-pedala"];

test.describe("pages", () => {
  test.beforeEach(async ({ page }) => {
    // A stored choice keeps the cookie banner out of the way; its own tests start without one.
    await rememberCookieChoice(page);
  });

  test("the home page is served in Catalan with the header, the agenda from the database and the footer", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ca");
    await expect(page).toHaveTitle(/Al Penedès, la bici ens mou!/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    await expect(page.getByRole("heading", { level: 1, name: "Al Penedès, la bici ens mou!" })).toBeVisible();
    const agenda = page.locator("#agenda");
    await expect(agenda.getByRole("heading", { name: "Bicicletada popular per la xarxa de carrils" })).toBeVisible();
    // Dates in the Catalan long format, e.g. "29 de novembre del 2026".
    await expect(agenda.locator("time").first()).toHaveText(/^\d{1,2} (de |d’|d')\p{L}+ del? \d{4}$/u);
    const footer = page.locator("footer");
    await expect(footer).toContainText("Projecte impulsat pel Consell Comarcal del Penedès");
    await expect(footer.getByRole("link", { name: /la web del Consell/ })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("img", { name: "Consell Comarcal del Penedès" })).toBeVisible();
    await expect(footer.getByRole("button", { name: "Configurar Cookies" })).toBeVisible();
  });

  test("the header links go where the spec says", async ({ page, isMobile }) => {
    await page.goto("/");
    // On phones the same four items sit in the menu.
    if (isMobile) await page.getByRole("button", { name: "Obre el menú" }).click();
    const nav = page.getByRole("navigation", { name: isMobile ? "Navegació principal (mòbil)" : "Navegació principal", exact: true });
    await expect(nav.getByRole("link", { name: "DIGUES LA TEVA" })).toHaveAttribute("href", "/participa");
    await expect(nav.getByRole("link", { name: "SEGUEIX LA VIVI" })).toHaveAttribute("href", "/segueixlavivi");
    await expect(nav.getByRole("link", { name: "AGENDA" })).toHaveAttribute("href", "/#agenda");
    await expect(nav.getByRole("link", { name: "SABER-NE MÉS" })).toHaveAttribute("href", "/de-que-va");
    // On the home page no item is the current page (AGENDA is an anchor on it, not a page).
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    await nav.getByRole("link", { name: "SABER-NE MÉS" }).click();
    await expect(page).toHaveURL(/\/de-que-va$/);
    if (isMobile) await page.getByRole("button", { name: "Obre el menú" }).click();
    await expect(nav.getByRole("link", { name: "SABER-NE MÉS" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("button", { name: "Sortir" })).toHaveCount(0);
  });

  testPagesAnswerAndPassAxe(PUBLIC_ROUTES);

  test("an unknown path shows the not-found page with a 404 status and a link home", async ({ page }) => {
    const response = await page.goto("/aixo-no-existeix");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    // Under the spec's English line, a Catalan one; around it, the site's header and footer (issue 27, item 14).
    await expect(page.getByText("No hem trobat aquesta pàgina.")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an inactive or missing landing goes to /404", async ({ page }) => {
    for (const slug of ["camins-escolars", "no-existeix"]) {
      await page.goto(`/landing/${slug}`);
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
    }
  });

  test("the mobile menu opens, passes axe-core, closes on Escape and on selection", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Obre el menú" });
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menú" });
    await expect(menu).toBeVisible();
    await expectAccessible(page, "mobile menu open");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await menu.getByRole("link", { name: "SEGUEIX LA VIVI" }).click();
    await expect(page).toHaveURL(/\/segueixlavivi$/);
    await expect(menu).toBeHidden();
    // A tap on the backdrop, below the menu, closes it too.
    await toggle.click();
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(800);
    await page.mouse.click(195, 820);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/segueixlavivi$/);
  });

  test("a page that cannot load keeps the header and the footer around a Catalan message", async ({ page, consoleErrors }) => {
    await page.goto("/");
    // The network fails while the next page's data is on its way.
    await page.route(/\/recursos\.data/, (route) => route.abort("internetdisconnected"));
    await page.locator("footer").getByRole("link", { name: "Recursos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi ha hagut un error inesperat" })).toBeVisible();
    await expect(page.getByText("Torna-ho a provar d'aquí a una estona.")).toBeVisible();
    await expect(page.locator("header").getByRole("link", { name: /Al Penedès, la bici ens mou!/ })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Projecte impulsat pel Consell Comarcal del Penedès");
    await expectAccessible(page, "error page");
    // The failed request and the error the page logged are what this test asked for.
    consoleErrors.splice(0, consoleErrors.length);
  });
});

test.describe("scrolling", () => {
  test.beforeEach(async ({ page }) => {
    await rememberCookieChoice(page);
  });

  /** Records every scroll position of the window from now on (client-side navigation keeps the
   * document, so the record survives it). */
  const recordScroll = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { scrolls: number[] };
      w.scrolls = [];
      window.addEventListener("scroll", () => w.scrolls.push(Math.round(window.scrollY)));
    });
  const scrolls = (page: Page) => page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls);

  async function clickAgenda(page: Page, isMobile: boolean) {
    if (isMobile) await page.getByRole("button", { name: "Obre el menú" }).click();
    await page
      .getByRole("navigation", { name: isMobile ? "Navegació principal (mòbil)" : "Navegació principal", exact: true })
      .getByRole("link", { name: "AGENDA" })
      .click();
  }

  test("AGENDA from another page goes home, then scrolls smoothly to the agenda", async ({ page, isMobile }) => {
    await page.goto("/de-que-va");
    await recordScroll(page);
    await clickAgenda(page, isMobile);
    await expect(page).toHaveURL(/:\d+\/$/);
    const agenda = page.locator("#agenda");
    await expect(agenda).toBeInViewport();
    // Once the window has come to rest: it passed through positions on the way, not one jump.
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await expect
      .poll(async () => {
        const a = await scrollY();
        await page.waitForTimeout(150);
        return a > 0 && a === (await scrollY());
      })
      .toBe(true);
    const end = await scrollY();
    const positions = await scrolls(page);
    expect(positions.filter((y) => y > 0 && y < end - 1).length).toBeGreaterThan(1);
  });

  test("with reduced motion, AGENDA jumps to the agenda in one go", async ({ page, isMobile }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/de-que-va");
    await recordScroll(page);
    await clickAgenda(page, isMobile);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator("#agenda")).toBeInViewport();
    const positions = await scrolls(page);
    expect(new Set(positions.filter((y) => y > 0)).size).toBe(1);
  });

  test("a theme page's 'Tornar als àmbits' scrolls to the theme cards", async ({ page }) => {
    await page.goto("/infants");
    await page.getByRole("link", { name: "Tornar als àmbits" }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator("#ambits")).toBeInViewport();
  });

  test("a route change lands at the top in one jump, and Back returns to where you were", async ({ page }) => {
    await page.goto("/de-que-va");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const before = await page.evaluate(() => Math.round(window.scrollY));
    await recordScroll(page);
    await page.locator("footer").getByRole("link", { name: "Recursos" }).click();
    await expect(page).toHaveURL(/\/recursos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recursos de Campanya" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await scrolls(page)).toEqual(expect.arrayContaining([0]));
    expect((await scrolls(page)).filter((y) => y !== 0)).toEqual([]);

    await recordScroll(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/de-que-va$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(before);
    // In one jump: no position on the way. (After the rest of the suite the browser can restore the
    // position with no scroll event at all, which is one jump too.)
    expect((await scrolls(page)).filter((y) => y !== before)).toEqual([]);
  });
});

test.describe("cookie consent", () => {
  test("the banner appears after a second and stores the choice in the spec's shape", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Avís de cookies" });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expectAccessible(page, "cookie banner");
    await banner.getByRole("button", { name: "Configurar" }).click();
    const dialog = page.getByRole("dialog", { name: "Configuració de cookies" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Necessàries" })).toBeDisabled();
    await expect(dialog.getByRole("switch", { name: "Necessàries" })).toBeChecked();
    await expectAccessible(page, "cookie settings dialog");
    await dialog.getByRole("switch", { name: "Analítiques" }).click();
    await dialog.getByRole("button", { name: "Guardar preferències" }).click();
    await expect(banner).toBeHidden();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent")))!);
    expect(stored).toEqual({ necessary: true, functional: false, analytics: true, timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(stored.timestamp))).toBe(false);

    await page.reload();
    await page.waitForTimeout(1500);
    await expect(banner).toBeHidden();
  });

  test("an invalid stored value shows the banner again, and 'Configurar Cookies' asks again", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("cookie-consent", '{"necessary":false}'));
    await page.reload();
    const banner = page.getByRole("region", { name: "Avís de cookies" });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await banner.getByRole("button", { name: "Acceptar totes" }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent")))!)).toMatchObject({
      functional: true,
      analytics: true,
    });

    // It forgets the choice and reloads the page (the fixture waits for hydration only after its own
    // goto and reload): wait for that load, then for the banner, a second after hydration.
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Configurar Cookies" }).click();
    await reloaded;
    await hydrated(page);
    await expect(banner).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBeNull();
    await banner.getByRole("button", { name: "Només necessàries" }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookie-consent")))!)).toMatchObject({
      functional: false,
      analytics: false,
    });
  });
});
