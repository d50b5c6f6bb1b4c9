import type { Page } from "@playwright/test";
import { localeOf } from "../../app/i18n/locales";
import { localePaths } from "../../app/lib/routes";
import { expect, rememberCookieChoice, test } from "./fixtures";
import { catalanLeft, keysWithPrefixes } from "./i18n-support";

// The contributions, the testimonials, the map's list, the cookie banner and the legal pages in
// Spanish and English (issue 30): their texts come from the catalogues, and none of their Catalan
// words is left on the page in the other language.

const es = localePaths("es");
const en = localePaths("en");

const CONTRIBUTIONS = ["aportacions.", "contributions.kind", "contributions.open"];
const LEGAL = ["legal."];

/** None of the Catalan texts of the public keys with these prefixes is left on the page. */
async function expectNoCatalan(page: Page, locale: "es" | "en", prefixes: readonly string[]) {
  const keys = keysWithPrefixes("public", prefixes);
  expect(keys.length, prefixes.join(", ")).toBeGreaterThan(0);
  expect(await catalanLeft(page, "public", keys, locale), page.url()).toEqual([]);
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", localeOf(path));
}

test.describe("pages in Spanish and English", () => {
  test.beforeEach(async ({ page }) => {
    await rememberCookieChoice(page);
  });

  test("all the contributions: heading, figures, filters, count and cards", async ({ page }) => {
    await open(page, es.aportacions);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Todas las aportaciones");
    await expect(page.getByRole("heading", { name: "La participación en cifras" })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Filtrar por tipo" });
    await expect(filters.getByRole("link", { name: "Todas" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("status")).toHaveText(/^\d+ aportaci(ón|ones)$/);
    await expect(page.getByRole("button", { name: "Ver aportación" }).first()).toBeVisible();
    await expectNoCatalan(page, "es", CONTRIBUTIONS);

    // A filter keeps the page's language, and says the kind in it.
    await filters.getByRole("link", { name: "Reflexiones" }).click();
    await expect(page).toHaveURL(/\/es\/aportaciones\?tipus=reflection$/);
    await expect(page.getByRole("status")).toHaveText(/^\d+ aportaci(ón|ones) \(Reflexión\)$/);

    await open(page, en.aportacions);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All contributions");
    await expect(page.getByRole("heading", { name: "Participation in figures" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(/^\d+ contributions?$/);
    // A visitor's Catalan words are marked as Catalan on the English page.
    await expect(page.locator("article p[lang='ca']").first()).toBeVisible();
    // Dates in English, written by the server.
    await expect(page.locator("article time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    await expectNoCatalan(page, "en", CONTRIBUTIONS);
    // A card opens in English.
    await page.getByRole("button", { name: "Read contribution" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  });

  test("the check finds Catalan words on a page in another language that kept them", async ({ page }) => {
    await open(page, "/aportacions");
    // As a page in Spanish that kept these texts would be (text marked Catalan is left out on purpose).
    await page.evaluate(() => document.documentElement.setAttribute("lang", "es"));
    const found = await catalanLeft(page, "public", keysWithPrefixes("public", CONTRIBUTIONS), "es");
    expect(found).toEqual(
      expect.arrayContaining([
        "public.aportacions.title: Totes les Aportacions",
        "public.aportacions.figures.title: La participació en xifres",
        "public.contributions.open: Veure aportació",
      ]),
    );
    await page.goto("/politica-cookies");
    await page.evaluate(() => document.documentElement.setAttribute("lang", "en"));
    expect(await catalanLeft(page, "public", keysWithPrefixes("public", ["cookies."]), "en")).not.toEqual([]);
  });

  test("a bad page number goes back to the first page in the same language", async ({ page }) => {
    const response = await page.goto(`${en.aportacions}?tipus=reflection&pagina=0`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/en\/contributions\?tipus=reflection$/);
  });

  test("the testimonials: heading, filters, players", async ({ page }) => {
    await open(page, es.testimonis);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Las voces del territorio");
    await expect(page.getByText("Escucha qué opina la gente del Penedès y envía tu testimonio.")).toBeVisible();
    const filters = page.getByRole("group", { name: "Filtrar por ámbito" });
    await expect(filters.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: /^Reproducir: / }).first()).toBeVisible();
    await expectNoCatalan(page, "es", ["testimonis."]);

    await open(page, en.testimonis);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voices from the area");
    await expect(page.getByRole("button", { name: /^Play: / }).first()).toBeVisible();
    await expectNoCatalan(page, "en", ["testimonis."]);
    // An unknown theme: the list of all, in English.
    await page.goto(`${en.testimonis}?ambit=res`);
    await expect(page).toHaveURL(/\/en\/testimonials$/);
  });

  test("the legal notice and the privacy policy, the campaign's name marked Catalan", async ({ page }) => {
    await open(page, es.legal);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aviso legal y privacidad");
    for (const heading of ["Titular de la web", "Condiciones de uso", "Responsable del tratamiento de datos", "Tus derechos"])
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.locator('article [lang="ca"]')).toHaveText("Al Penedès, la bici ens mou!");
    await expect(page.locator("article strong").first()).toHaveText("un mes");
    await expectNoCatalan(page, "es", LEGAL);

    await open(page, en.privacy);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    await expect(page.getByRole("heading", { level: 2, name: "Website owner" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Your rights" })).toBeVisible();
    await expectNoCatalan(page, "en", LEGAL);

    await open(page, en.legal);
    await expect(page.getByRole("heading", { level: 2, name: "Website owner" })).toBeVisible();
    await expectNoCatalan(page, "en", LEGAL);
  });

  test("the cookie policy: its table and its button", async ({ page }) => {
    await open(page, es.cookies);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de cookies");
    await expect(page.getByText("Última actualización: septiembre de 2025")).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Tipo", "Finalidad", "Duración"]);
    await expect(page.getByRole("rowheader")).toHaveText(["Necesarias", "Funcionales", "Analíticas"]);
    await expect(page.getByRole("main").getByRole("button", { name: "Configurar cookies" })).toBeVisible();
    await expectNoCatalan(page, "es", ["cookies."]);

    await open(page, en.cookies);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie policy");
    await expect(page.getByRole("columnheader")).toHaveText(["Type", "Purpose", "Duration"]);
    await expectNoCatalan(page, "en", ["cookies."]);
  });

  test("the map as a list, in Spanish and English", async ({ page }) => {
    await open(page, es.map);
    const list = page.locator("#llista");
    await expect(list.getByRole("heading", { name: "El mapa en forma de lista" })).toBeVisible();
    await expect(list.getByRole("heading", { name: /^Tramos de la red \(\d+\)$/ })).toBeVisible();
    await expect(list.getByRole("list", { name: "Comentarios con lugar" })).toBeVisible();
    await expectNoCatalan(page, "es", ["map.list.", "map.legend", "map.shown", "map.category."]);

    await open(page, en.map);
    await expect(list.getByRole("heading", { name: "The map as a list" })).toBeVisible();
    await expect(list.getByRole("list", { name: "Sections of the network" })).toContainText(" km");
    await expect(list.getByRole("list", { name: "Comments with a place" }).getByRole("listitem").first()).toContainText(
      /\d{1,2} [A-Z][a-z]{2,3} \d{4}/,
    );
    await expect(page.getByRole("group", { name: "Comments shown" })).toContainText("Dangerous spot");
    await expectNoCatalan(page, "en", ["map.list.", "map.legend", "map.shown", "map.category."]);
    // The search over the map, in English.
    const search = page.getByRole("combobox", { name: "Search for a municipality or a section" });
    await search.fill("gelida");
    await expect(page.getByRole("listbox", { name: "Municipalities and sections" }).getByRole("option").first()).toContainText(
      "Municipality",
    );
    await search.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Map centred on Gelida." })).toBeAttached();
  });

  test("the latest contributions on the home page", async ({ page }) => {
    await open(page, es.home);
    const section = page.getByRole("region", { name: "Últimas aportaciones" });
    await expect(page.getByRole("heading", { name: "Las últimas aportaciones" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Aportación siguiente" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver todas las aportaciones" })).toHaveAttribute("href", es.aportacions);
    await expectNoCatalan(page, "es", ["contributions.latest."]);
    await open(page, en.home);
    await expect(page.getByRole("heading", { name: "The latest contributions" })).toBeVisible();
    await expectNoCatalan(page, "en", ["contributions.latest."]);
  });

  test("an address that is no page answers 404 in the prefix's language", async ({ page }) => {
    const response = await page.goto("/es/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByRole("link", { name: "todas las aportaciones" })).toHaveAttribute("href", es.aportacions);
  });
});

test("the cookie banner and its settings in Spanish and English", async ({ page }) => {
  await page.goto(es.cookies);
  const banner = page.getByRole("region", { name: "Aviso de cookies" });
  await expect(banner).toContainText("Utilizamos cookies necesarias");
  await expect(banner.getByRole("link", { name: "Política de cookies" })).toHaveAttribute("href", es.cookies);
  await banner.getByRole("button", { name: "Configurar" }).click();
  const dialog = page.getByRole("dialog", { name: "Configuración de cookies" });
  await expect(dialog.getByRole("switch", { name: "Necesarias" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();
  await expectNoCatalan(page, "es", ["cookies.", "ui.close"]);
  await dialog.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(banner).toBeHidden();

  await page.evaluate(() => localStorage.clear());
  await page.goto(en.home);
  const english = page.getByRole("region", { name: "Cookie notice" });
  await expect(english.getByRole("button", { name: "Accept all" })).toBeVisible();
  await expect(english.getByRole("button", { name: "Necessary only" })).toBeVisible();
  await english.getByRole("button", { name: "Necessary only" }).click();
  await expect(english).toBeHidden();
});
