import type { ClientKey } from "../../app/i18n/catalogue";
import { translator } from "../../app/i18n/catalogues.server";
import { localePaths } from "../../app/lib/routes";
import { expect, hydrated, rememberCookieChoice, test } from "./fixtures";
import { catalanLeft, keysWithPrefixes } from "./i18n-support";

// The public pages of part A in Spanish and English (issue 30, decision 059): each page's headings
// in the page's language, and none of the Catalan texts of its keys left on it.

/** The catalogue's groups these pages' texts are in (app/i18n/<locale>/public.ts, "part A"). */
const PREFIXES = [
  "common.",
  "campaign.",
  "themes.",
  "home.",
  "hero.",
  "initiative.",
  "ambit.",
  "participa.",
  "vivi.",
  "gallery.",
  "social.",
  "recursos.",
  "landing.",
  "agenda.",
  "mapSection.",
  "frame.",
];
const KEYS = keysWithPrefixes("public", PREFIXES);

for (const locale of ["es", "en"] as const) {
  const t = (key: ClientKey) => translator(locale)(key);
  const paths = localePaths(locale);

  test.describe(`part A of the public pages in ${locale === "es" ? "Spanish" : "English"}`, () => {
    test.beforeEach(async ({ page }) => {
      await rememberCookieChoice(page);
    });

    /** Texts of these keys that another part of the page, converted by another piece of work, still
     * shows in Catalan: the reflection dialog's button (components/participation/reflection-dialog.tsx)
     * says "Escriu una reflexió", as the card's title does. */
    const OTHERS = ["public.participa.reflection.title: Escriu una reflexió"];

    const pages: { path: string; h1: string | RegExp; more: string[] }[] = [
      { path: paths.home, h1: "Al Penedès, la bici ens mou!", more: [t("public.themes.title"), t("public.agenda.title")] },
      {
        path: paths.initiative,
        h1: t("public.initiative.title"),
        more: [t("public.initiative.phases"), t("public.campaign.phase1.title"), t("public.campaign.phase3.title")],
      },
      { path: paths.ciutadania, h1: t("public.themes.ciutadania.label"), more: [t("public.ambit.ciutadania.headline")] },
      { path: paths.infants, h1: t("public.themes.infants.label"), more: [t("public.ambit.infants.headline")] },
      { path: paths.laboral, h1: t("public.themes.laboral.label"), more: [t("public.ambit.laboral.headline")] },
      { path: paths.turistic, h1: t("public.themes.turistic.label"), more: [t("public.ambit.turistic.headline")] },
      {
        path: paths.participa,
        h1: t("public.common.sayYours"),
        more: [t("public.participa.map.title"), t("public.participa.reflection.title"), t("public.participa.audio.title")],
      },
      { path: paths.vivi, h1: t("public.vivi.title"), more: [t("public.vivi.contests"), t("public.vivi.gallery")] },
      { path: paths.recursos, h1: t("public.recursos.title"), more: [] },
      { path: paths.landing("vilafranca-pedala"), h1: /./, more: [t("public.landing.viviTitle"), t("public.themes.title")] },
    ];

    for (const { path, h1, more } of pages)
      test(`${path} has its headings in the page's language and no Catalan text of its keys`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
        for (const name of more) await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
        // The agenda streams in after the page: its list (or its empty state) is part of what is checked.
        if (path === paths.home) await expect(page.locator("#agenda [role=status]")).toHaveCount(0);
        expect((await catalanLeft(page, "public", KEYS, locale)).filter((left) => !OTHERS.includes(left))).toEqual([]);
      });

    test("a theme page's address in this language shows that theme, with links in this language", async ({ page }) => {
      await page.goto(paths.infants);
      await expect(page.getByRole("heading", { level: 2, name: t("public.ambit.infants.headline") })).toBeVisible();
      await expect(page.getByText(t("public.themes.infants.name"), { exact: true })).toBeVisible();
      const hero = page.locator("[data-hero]");
      await expect(hero.getByRole("link", { name: t("public.common.sayYours") })).toHaveAttribute("href", paths.participa);
      await expect(page.getByRole("link", { name: t("public.ambit.back") })).toHaveAttribute("href", paths.ambits);
    });

    test("the home page's theme cards lead to the theme pages in this language, and the campaign's name is marked Catalan", async ({
      page,
    }) => {
      await page.goto(paths.home);
      await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "ca");
      const tiles = page.locator("#ambits");
      for (const scope of ["ciutadania", "infants", "laboral", "turistic"] as const)
        await expect(tiles.getByRole("link", { name: new RegExp(t(`public.themes.${scope}.label`)) })).toHaveAttribute(
          "href",
          paths.ambit(scope),
        );
      // The hashtag is Catalan in every language.
      await expect(page.locator('#xarxes-title ~ p strong[lang="ca"]')).toHaveText("#penedeslabiciensmou");
    });
  });
}

test("the agenda of a page in English gives its calendar files in English", async ({ page, request }) => {
  await rememberCookieChoice(page);
  await page.goto("/en");
  // The seed's activity, in its English title (decision 062).
  const item = page.locator("#agenda li").filter({ hasText: "Community bike ride along the cycle lanes" }).first();
  await expect(item).toContainText("10:30");
  await expect(item).not.toContainText("10:30 h");
  const link = item.getByRole("link", { name: /^Add to calendar/ });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/agenda\/[\w-]+\.en\.ics$/);
  const ics = await request.get(href);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-disposition"]).toMatch(/filename="activity-\d{4}-\d{2}-\d{2}\.ics"/);
  expect(await ics.text()).toContain("SUMMARY:Community bike ride along the cycle lanes\r\n");
  const missing = await request.get("/agenda/00000000-0000-0000-0000-000000000000.es.ics");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toBe("No encontrado");
});

test("the header's agenda link on the Spanish home page scrolls to the agenda without leaving the page", async ({ page }) => {
  await rememberCookieChoice(page);
  await page.goto("/es");
  await hydrated(page);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.getByRole("navigation", { name: "Navegación principal", exact: true }).getByRole("link", { name: "AGENDA" }).click();
  await expect(page.locator("#agenda")).toBeInViewport();
  expect(new URL(page.url()).pathname).toBe("/es");
  expect(requests.filter((p) => p.endsWith(".data"))).toEqual([]);
});

test("an inactive or missing landing in Spanish or English goes to that language's not-found page", async ({ page }) => {
  for (const locale of ["es", "en"] as const) {
    await page.goto(`/${locale}/landing/no-existeix`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/404$`));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
  }
});

test("the Spanish and English pages say the same things in their own words", async ({ page }) => {
  await rememberCookieChoice(page);
  await page.goto("/es/segueixlavivi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Sigue a la Vivi!");
  await page.goto("/en/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is it about?");
  await expect(page.getByText("Phase 1 · In progress")).toBeVisible();
  await page.goto("/en/children");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("For getting to school");
});
