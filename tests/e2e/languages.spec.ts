import type { Page } from "@playwright/test";
import { CATALOGUES, translators } from "../../app/i18n/catalogues.server";
import { LOCALES, type Locale } from "../../app/i18n/locales";
import { alternatesOf, localePaths, PUBLIC_PAGES, type PublicPage } from "../../app/lib/routes";
import { pageTitle } from "../../app/lib/seo";
import { BASE_URL } from "../../playwright.config";
import { expect, hydrated, rememberCookieChoice, test } from "./fixtures";

// The site in three languages (issue 30, decision 059): every public page answers under its
// address in each, says so in <html lang>, has its own title and description, names its
// alternates, and is in the sitemap; the Spanish and English pages carry no Catalan interface text.

/** A seeded active landing, and a token that is none: each page's parameters filled in. */
const address = (p: PublicPage) => p.path.replace(":slug", "vilafranca-pedala").replace(":token", "no-es-un-enllac");

const attr = (html: string, pattern: RegExp) =>
  pattern
    .exec(html)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

test.describe("three languages", () => {
  test("every public page answers in each language, with its lang, its own title and description, and its alternates", async ({
    request,
  }) => {
    const catalan = new Map<string, number>();
    // A result's own page needs a public result, which the seed has none of (a public one puts the
    // tracker in every header): tests/e2e/results.spec.ts visits it.
    for (const p of PUBLIC_PAGES.filter((q) => !q.path.includes(":id"))) {
      const res = await request.get(address(p), { maxRedirects: 0 });
      // As the Catalan page answers: 200, or 400 for a token that is none, 404 for a report of nothing.
      if (p.locale === "ca") catalan.set(p.name, res.status());
      expect(res.status(), address(p)).toBe(catalan.get(p.name));
      expect(res.status(), address(p)).toBeLessThan(500);
      const html = await res.text();
      expect(attr(html, /<html lang="([^"]+)"/), address(p)).toBe(p.locale);
      if (!p.seo || res.status() !== 200) continue;
      const t = translators[p.locale];
      const title = attr(html, /<title>([^<]*)<\/title>/);
      const own = t(`public.seo.${p.name}.title` as "public.seo.home.title");
      expect(title, address(p)).toBe(p.name === "home" ? `Al Penedès, la bici ens mou! | ${own}` : pageTitle(own));
      expect(attr(html, /<meta name="description" content="([^"]*)"/), address(p)).toBe(
        t(`public.seo.${p.name}.description` as "public.seo.home.description"),
      );
      if (p.seo.noindex) continue;
      const alternates = alternatesOf(p.path)!;
      for (const l of LOCALES)
        expect(html, `${address(p)} hreflang ${l}`).toContain(`<link rel="alternate" hrefLang="${l}" href="${BASE_URL}${alternates[l]}"/>`);
      expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${BASE_URL}${alternates.ca}"/>`);
    }
  });

  test("the sitemap lists every indexable page in each language with its alternates", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    // (The plan's tracker is listed only while a result is public, decision 069: the seed has none.)
    for (const p of PUBLIC_PAGES.filter((q) => q.seo && !q.seo.noindex && q.name !== "tracker")) {
      const alternates = alternatesOf(p.path)!;
      const entry = new RegExp(`<url><loc>${BASE_URL}${p.path}</loc>(.*?)</url>`).exec(xml)?.[1];
      expect(entry, p.path).toBeDefined();
      for (const l of LOCALES) expect(entry, `${p.path} ${l}`).toContain(`hreflang="${l}" href="${BASE_URL}${alternates[l]}"`);
    }
    for (const l of LOCALES) expect(xml).toContain(`<loc>${BASE_URL}${localePaths(l).landing("vilafranca-pedala")}</loc>`);
  });

  test("an unknown address under /es or /en is the not-found page in that language, kept apart from the Catalan one", async ({
    request,
  }) => {
    for (let i = 0; i < 2; i++) {
      const es = await request.get("/es/no-existe-esta-pagina", { maxRedirects: 0 });
      expect(es.status()).toBe(404);
      const html = await es.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toContain("No hemos encontrado esta página.");
      const ca = await request.get("/no-existeix-aquesta-pagina", { maxRedirects: 0 });
      expect(ca.status()).toBe(404);
      expect(await ca.text()).toContain("No hem trobat aquesta pàgina.");
    }
  });

  test("the language switch leads to the same page in the other language, without JavaScript and without a cookie", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/aportacions?tipus=reflection");
    await page.getByRole("link", { name: "ES Castellano" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/es/aportaciones?tipus=reflection`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("link", { name: "EN English" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/contributions?tipus=reflection`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "CA Català" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/aportacions?tipus=reflection`);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  test("on a phone, the menu holds the language switch, and a client-side visit changes the page's language", async ({ page }) => {
    await rememberCookieChoice(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/testimonis");
    await hydrated(page);
    await page.getByRole("button", { name: "Obre el menú" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "EN English" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/testimonials`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Voices of the county | Al Penedès, la bici ens mou!");
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "HAVE YOUR SAY" })).toHaveAttribute("href", "/en/take-part");
  });

  test("the header keeps its one line in every language, from a tablet to a laptop (the longer words and the switch included)", async ({
    page,
  }) => {
    for (const width of [800, 1024, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      for (const home of ["/", "/es", "/en"]) {
        await page.goto(home);
        const header = (await page.getByRole("banner").boundingBox())!;
        expect(header.height, `${home} at ${width}px`).toBeLessThanOrEqual(65);
        const name = (await page.getByRole("banner").getByText("Al Penedès, la bici ens mou!").boundingBox())!;
        expect(name.height, `${home} at ${width}px: the campaign's name on one line`).toBeLessThan(30);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scroll, `${home} at ${width}px`).toBeLessThanOrEqual(width);
      }
    }
  });

  for (const locale of ["es", "en"] as const)
    test(`the ${locale} pages carry no Catalan interface text outside content marked lang="ca"`, async ({ page }) => {
      await rememberCookieChoice(page);
      test.setTimeout(120_000);
      const catalan = catalanTexts(locale);
      // Every page's findings, then one assertion: a run shows all that is left.
      const left: Record<string, string[]> = {};
      for (const p of PUBLIC_PAGES.filter((q) => q.locale === locale)) {
        await page.goto(address(p));
        await hydrated(page);
        const found = await catalanOn(page, locale, catalan);
        if (found.length) left[address(p)] = found;
      }
      expect(left).toEqual({});
    });
});

/** The Catalan catalogue's texts that read differently in `locale` (long enough to be told apart). */
function catalanTexts(locale: Locale): string[] {
  const out = new Set<string>();
  for (const [area, messages] of Object.entries(CATALOGUES.ca))
    for (const [key, text] of Object.entries(messages)) {
      const plain = text
        .replace(/<\/?\w+>/g, "")
        .replace(/\{[^}]*\}/g, "")
        .trim();
      const other = (CATALOGUES[locale] as Record<string, Record<string, string>>)[area]![key]!;
      if (plain.length >= 12 && !/[{}]/.test(plain) && other.trim() !== text.trim()) out.add(plain);
    }
  return [...out];
}

/** Words only Catalan uses (never Spanish or English words); "d'" and "l'" before a lower-case
 * word only, so that place names ("Sant Sadurní d'Anoia") are not taken for sentences. */
const CATALAN_WORDS =
  /(?:^|[\s(«"¡¿])([Aa]mb|[Dd]els|[Pp]els|[Aa]questa|[Aa]questes|[Aa]quests|[Tt]eva|[Tt]eves|[Tt]ambé|[Pp]erquè|[Pp]erò|[Mm]és|[Ee]ncara|[Mm]itjançant|[Vv]ostra|[Vv]ostre|[LlDd]'[a-zàèéíòóú]+|s'ha|n'hi|[Qq]uè|[Ss]ón|[Hh]i ha)(?=[\s.,;:!?)»"]|$)/u;

/** The Catalan the page shows outside elements marked with another language than its own: text,
 * and the names and descriptions in alt, aria-label, title and placeholder. */
async function catalanOn(page: Page, locale: Locale, catalan: string[]): Promise<string[]> {
  const texts = await page.evaluate((lang) => {
    const out: string[] = [];
    const own = (el: Element | null) => (el?.closest("[lang]")?.getAttribute("lang") ?? lang).slice(0, 2) === lang;
    // Content marked as another language (a visitor's title) may be quoted in a control's name
    // ("Reproducir: Volem anar…"): it is left out of the names as it is of the text.
    const marked = [...document.body.querySelectorAll("[lang]")]
      .filter((el) => !own(el))
      .map((el) => el.textContent?.trim() ?? "")
      .filter((text) => text.length >= 8);
    const unquoted = (value: string) => marked.reduce((rest, text) => rest.split(text).join(" "), value);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest("script, style, noscript, template") || !own(parent)) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[alt], [aria-label], [title], [placeholder]"))
      if (own(el))
        for (const name of ["alt", "aria-label", "title", "placeholder"]) {
          const value = el.getAttribute(name)?.trim();
          if (value) out.push(unquoted(value));
        }
    out.push(document.title);
    return out;
  }, locale);
  const found = new Set<string>();
  for (const text of texts) {
    const word = CATALAN_WORDS.exec(text);
    if (word) found.add(`${word[1]} in «${text.slice(0, 80)}»`);
    // A whole word's match: "aportació" is not found in "aportación".
    for (const c of catalan) {
      const at = text.indexOf(c);
      if (at >= 0 && !/\p{L}/u.test(text[at + c.length] ?? "")) found.add(`«${c.slice(0, 60)}»`);
    }
  }
  return [...found];
}
