import { adminPaths } from "../../app/lib/admin-paths";
import type { Locator, Page } from "@playwright/test";
import { translators } from "../../app/i18n/catalogues.server";
import { LOCALES, localeOf } from "../../app/i18n/locales";
import { localePaths, PUBLIC_PATHS } from "../../app/lib/routes";
import { expect, expectAccessible, rememberCookieChoice, signIn, test, toast } from "./fixtures";

// Issue 18: on a 390 px phone no page is wider than the screen, and each screen's main actions
// can be seen and pressed.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function expectNoSidewaysScroll(page: Page, label: string) {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(width, `${label} is ${width} px wide on a ${PHONE.width} px screen`).toBeLessThanOrEqual(PHONE.width);
}

/** Each visible control inside `scope` lies within the screen's width. */
async function expectControlsOnScreen(scope: Locator, label: string) {
  const outside = await scope.evaluate((root, width) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [role=tab], [role=switch]")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < 0 || box.right > width) out.push(`${el.tagName} "${el.getAttribute("aria-label") ?? el.textContent?.trim()}"`);
    }
    return out;
  }, PHONE.width);
  expect(outside, `controls off-screen on ${label}`).toEqual([]);
}

// The main action of each admin screen: a role and a name, that must be visible and in reach.
const ADMIN_MAIN_ACTION: Record<string, [Parameters<Page["getByRole"]>[0], string | RegExp]> = {
  [adminPaths.adminDashboard]: ["link", "Aportacions pendents de moderació"],
  [adminPaths.adminTestimonials]: ["button", "Aprova aquest testimoni"],
  [adminPaths.adminReflections]: ["button", /^Filtres/],
  [adminPaths.adminLandings]: ["button", "Nova landing page"],
  [adminPaths.adminActivities]: ["button", "Nova activitat"],
  [adminPaths.adminVideos]: ["button", "Nou vídeo"],
  [adminPaths.adminResources]: ["button", "Nou recurs"],
  [adminPaths.adminHomeBackground]: ["button", /Puja|Tria/],
  [adminPaths.adminBiciFucsia]: ["button", "Afegeix la foto"],
  [adminPaths.adminFooter]: ["button", "Edita els textos"],
  [adminPaths.adminSettings]: ["button", "Desa"],
  [adminPaths.adminSubscribers]: ["button", /^Filtres/],
};

test("the back office's menu is a drawer on a phone: it traps the focus, Escape closes it and the focus returns", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const toggle = page.getByRole("button", { name: "Menú" });
  await expect(toggle).toBeVisible();
  // The welcome toast sits below the header, never over its buttons: a finger (or a pointer) resting
  // on a toast keeps it open, and the menu must stay in reach meanwhile.
  const welcome = toast(page, "Benvingut!");
  await expect(welcome).toBeVisible();
  await welcome.hover();
  const header = (await page.getByRole("banner").boundingBox())!;
  const box = (await welcome.boundingBox())!;
  expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
  await toggle.click({ timeout: 5000 });
  await page.keyboard.press("Escape");
  // The side column is not shown on a phone: one navigation, the drawer's, once it is open.
  await expect(page.getByRole("navigation", { name: "Navegació del backoffice" })).toHaveCount(0);
  // The account and sign-out are in the header's menu, on a phone too.
  await expect(page.getByRole("button", { name: "Compte: gestor@penedes.cat" })).toBeVisible();
  await toggle.click();
  const drawer = page.getByRole("dialog", { name: "Menú" });
  const nav = drawer.getByRole("navigation", { name: "Navegació del backoffice" });
  for (const group of ["Participació", "Newsletter", "Contingut", "Configuració"]) {
    await expect(nav.getByRole("list", { name: group })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expectNoSidewaysScroll(page, "the admin menu");
  await expectControlsOnScreen(drawer, "the admin menu");
  await expectAccessible(page, "admin menu open");
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  // Choosing a screen closes the drawer there.
  await toggle.click();
  await drawer.getByRole("link", { name: "Activitats" }).click();
  await expect(page).toHaveURL(/\/admin\/activitats$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Gestió d'Activitats" })).toBeVisible();
});

test("every admin screen fits a 390 px phone with its main actions in reach", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.getByRole("button", { name: "Menú" }).click();
  const screens = await page
    .getByRole("dialog", { name: "Menú" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(screens.length).toBeGreaterThanOrEqual(Object.keys(ADMIN_MAIN_ACTION).length);
  for (const path of screens) {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
    await expectControlsOnScreen(main, path);
    const action = ADMIN_MAIN_ACTION[path];
    if (action) {
      // In reach: on the page and brought fully on screen by scrolling down, never sideways.
      const target = main.getByRole(action[0], { name: action[1] }).first();
      await target.scrollIntoViewIfNeeded();
      await expect(target).toBeInViewport({ ratio: 1 });
    }
  }
});

test("every public page fits a 390 px phone in each language, with its heading and the menu in reach", async ({ page }) => {
  test.setTimeout(180_000);
  await rememberCookieChoice(page);
  for (const path of [...PUBLIC_PATHS, ...LOCALES.map((l) => localePaths(l).landing("vilafranca-pedala"))]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: translators[localeOf(path)]("public.shell.openMenu") })).toBeInViewport();
    await expectNoSidewaysScroll(page, path);
  }
  // The home page's calls to action are in the first screen.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Descobreix la xarxa" })).toBeInViewport();
});

test('a phone\'s admin list starts with its items: the filters wait in a "Filtres (n)" sheet, each card says its status', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  for (const path of [adminPaths.adminReflections, adminPaths.adminMapComments, adminPaths.adminModeration]) {
    await page.goto(path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    // No field of the filters is shown until asked for.
    await expect(main.getByRole("searchbox")).toHaveCount(0);
    await expect(main.getByRole("button", { name: "Filtres", exact: true })).toBeVisible();
  }

  // The reflections: the first card within the first screen, with its status.
  await page.goto(adminPaths.adminReflections);
  const first = page.getByRole("main").getByRole("listitem").first();
  await expect(first).toBeInViewport();
  expect((await first.boundingBox())!.y).toBeLessThan(500);
  await expect(first.getByRole("link", { name: /^(Publicada|Pendent de moderació|Amagada)$/ })).toBeVisible();

  // The sheet: a dialog with the fields; applying a filter closes it on the filtered list, counted.
  const button = page.getByRole("button", { name: "Filtres", exact: true });
  await button.click();
  const sheet = page.getByRole("dialog", { name: "Filtres" });
  await expect(sheet.getByRole("searchbox", { name: "Cerca" })).toBeVisible();
  await expectAccessible(page, "filters sheet");
  await sheet.getByRole("searchbox", { name: "Cerca" }).fill("bici");
  await sheet.getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/q=bici/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Filtres (1)" })).toBeVisible();
  // Escape closes it and the focus returns to its button.
  await page.getByRole("button", { name: "Filtres (1)" }).click();
  await expect(sheet.getByRole("searchbox", { name: "Cerca" })).toHaveValue("bici");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Filtres (1)" })).toBeFocused();
});
