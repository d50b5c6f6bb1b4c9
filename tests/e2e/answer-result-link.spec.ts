import fs from "node:fs";
import type { Page } from "@playwright/test";
import { screenshotContext, WIDTHS } from "../../scripts/screenshot-context";
import { expect, expectAccessible, hydrated, saveSettings, signIn, test, toast, unique } from "./fixtures";

// Decision 075: staff link a contribution's answer to a result of the plan and publish it; a
// visitor sees "Ho seguim aquí" under the contribution and follows it to the result's page, which
// lists the contribution. The report shows the introduction staff wrote and the contribution they
// featured; in phase 2 the home points to it. Everything is put back at the end: the e2e server is
// shared (a public result puts its link in every page's header; the phase changes the home).

const SHOTS = "test-results/answer-result-link";

async function deleteResult(page: Page, title: string) {
  await page.goto("/admin/seguiment");
  await hydrated(page);
  await page.getByRole("button", { name: `Elimina ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(toast(page, "Actuació eliminada correctament")).toBeVisible();
}

async function saveIntro(page: Page, text: string) {
  await page.goto("/admin/respostes");
  await hydrated(page);
  await page.getByRole("button", { name: "Introducció de l'informe" }).click();
  const dialog = page.getByRole("dialog", { name: "Introducció de l'informe" });
  await dialog.getByLabel("Introducció (Markdown)").fill(text);
  return dialog;
}

test("staff link an answer to a result, feature it and write the report's introduction; a visitor follows «Ho seguim aquí»", async ({
  page,
  browser,
  request,
}) => {
  // Staff's steps, then the header in three languages at four widths, then the project page: long on
  // a loaded machine (90 s was not enough beside a full run).
  test.setTimeout(240_000);
  const mark = unique();
  const title = `Aparcament segur a l'estació ${mark}`;
  const note = `Calen aparcaments segurs a l'estació ${mark}`;
  expect((await request.post("/participa/reflexio", { form: { reflection: note } })).status()).toBe(200);
  await signIn(page);
  let resultMade = false;
  let featured = false;
  let introWritten = false;
  let phaseChanged = false;
  try {
    // A public result of the plan.
    await page.goto("/admin/seguiment");
    await hydrated(page);
    await page.getByRole("button", { name: "Nova actuació" }).first().click();
    const made = page.getByRole("dialog", { name: "Nova actuació" });
    await made.getByLabel("Títol", { exact: true }).fill(title);
    await made.getByRole("combobox", { name: "Estat" }).selectOption({ label: "En projecte" });
    await made.getByText("Publicada (es veu al seguiment del pla)").click();
    await made.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Actuació creada correctament")).toBeVisible();
    resultMade = true;

    // The answer, linked to it, published at once.
    await page.goto(`/admin/respostes?q=${encodeURIComponent(note)}`);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Resposta a aquesta reflexió" });
    await form.getByRole("combobox", { name: "Estat de la resposta" }).selectOption({ label: "Acceptada" });
    await form.getByLabel("Text de la resposta (Markdown)").fill("L'incorporem al pla: **aparcaments** a totes les estacions.");
    await form.getByRole("combobox", { name: "Actuació del pla que en fa el seguiment" }).selectOption({ label: title });
    await expectAccessible(page, "answer form with its result");
    await form.getByRole("button", { name: "Desa i publica" }).click();
    await expect(toast(page, "Resposta publicada")).toBeVisible();
    // The header now links to the report, in every language, beside the tracker: six items that
    // fit in one row from 1280 px; narrower screens keep them in the menu (issue 31).
    const shotsOfHeader = [390, 1024, 1280, 1366] as const;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [home, nav, label] of [
      ["/", "Navegació principal", "QUÈ HEM ESCOLTAT"],
      ["/es", "Navegación principal", "QUÉ HEMOS ESCUCHADO"],
      ["/en", "Main navigation", "WHAT WE HEARD"],
    ] as const)
      for (const width of shotsOfHeader) {
        const context = await screenshotContext(browser, width);
        const shot = await context.newPage();
        const item = shot
          .getByRole("navigation", { name: nav, includeHidden: true })
          .getByRole("link", { name: label, includeHidden: true });
        await expect(async () => {
          await shot.goto(home);
          await expect(item).toHaveCount(1, { timeout: 500 });
        }).toPass({ timeout: 15_000, intervals: [500] });
        const header = shot.locator("header").first();
        // One row: the header keeps its height, and nothing in it runs past the screen's edge.
        expect((await header.boundingBox())!.height).toBeLessThanOrEqual(66);
        if (width >= 1280) {
          await expect(item).toBeVisible();
          const links = shot.getByRole("navigation", { name: nav }).getByRole("link");
          for (const box of await Promise.all((await links.all()).map((l) => l.boundingBox())))
            expect(box!.x + box!.width).toBeLessThanOrEqual(width);
          // The site's name, on one line, ends before the first item starts.
          const name = (await header.getByRole("link").first().boundingBox())!;
          expect(name.height).toBeLessThanOrEqual(44);
          expect(name.x + name.width).toBeLessThan((await links.first().boundingBox())!.x);
        } else await expect(item).toBeHidden();
        await shot.screenshot({ path: `${SHOTS}/header${home.replace("/", "-")}-${width}.png` });
        await context.close();
      }

    // Featured in the report.
    const feature = page.getByRole("button", { name: "Destacada a l'informe" });
    await expect(feature).toHaveAttribute("aria-pressed", "false");
    await feature.click();
    await expect(toast(page, "Aportació destacada a l'informe")).toBeVisible();
    featured = true;
    await expect(feature).toHaveAttribute("aria-pressed", "true");
    // The report's introduction.
    const intro = await saveIntro(page, `Gràcies per participar. Aquí teniu **el nostre retorn** ${mark}.`);
    await expectAccessible(page, "report introduction dialog");
    await intro.getByRole("button", { name: "Desa la introducció" }).click();
    await expect(toast(page, "Introducció de l'informe desada")).toBeVisible();
    introWritten = true;

    // The visitor: the card says where it is followed up (once the page cache has caught up).
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await visitor.newPage();
    const card = tab.locator("article", { hasText: note });
    await expect
      .poll(
        async () => {
          await tab.goto("/aportacions?tipus=reflection");
          return card.getByText("Ho seguim aquí:").count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await expect(card.getByRole("link", { name: title })).toBeVisible();
    await hydrated(tab);
    await card.getByRole("button", { name: "Veure aportació" }).click();
    const opened = tab.getByRole("dialog");
    await expect(opened.getByText("Ho seguim aquí:")).toBeVisible();
    await expectAccessible(tab, "contribution dialog with «Ho seguim aquí»");
    await opened.getByRole("link", { name: title }).click();
    await expect(tab).toHaveURL(/\/seguiment-del-pla\/[0-9a-f-]{36}$/);
    await expect(tab.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(tab.locator("#aportacions + ul")).toContainText(note);

    // The report: the introduction (Markdown rendered) and the featured contribution with its answer.
    await tab.goto("/que-hem-escoltat");
    await expect(tab.getByTestId("heard-intro").locator("strong", { hasText: "el nostre retorn" })).toBeVisible();
    const featuredList = tab.locator("section", { has: tab.getByRole("heading", { name: "Aportacions destacades" }) });
    const featuredCard = featuredList.locator("article", { hasText: note });
    await expect(featuredCard).toBeVisible();
    await expect(featuredCard.getByRole("link", { name: title })).toBeVisible();
    await expectAccessible(tab, "report with its introduction and featured contributions");
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of WIDTHS) {
      const context = await screenshotContext(browser, width);
      const shot = await context.newPage();
      await shot.goto("/que-hem-escoltat");
      await hydrated(shot);
      await shot.screenshot({ path: `${SHOTS}/report-${width}.png`, fullPage: true });
      await context.close();
    }

    // The home: no pointer in phase 1; in phase 2, one to the report and one to the tracker.
    const pointer = tab.getByRole("region", { name: "Ja pots llegir les nostres respostes" });
    await tab.goto("/");
    await expect(pointer).toHaveCount(0);
    await tab.goto("/de-que-va");
    await expect(pointer).toHaveCount(0);
    await saveSettings(page, "Calendari de la consulta", async (f) => {
      await f.getByLabel("Fase actual del pla").selectOption("2");
    });
    phaseChanged = true;
    await expect
      .poll(
        async () => {
          await tab.goto("/");
          return pointer.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect(pointer.getByRole("link", { name: "Seguiment del pla" })).toBeVisible();
    await expectAccessible(tab, "home pointing to the report");
    for (const width of WIDTHS) {
      const context = await screenshotContext(browser, width);
      const shot = await context.newPage();
      await shot.goto("/");
      await shot.getByRole("region", { name: "Ja pots llegir les nostres respostes" }).scrollIntoViewIfNeeded();
      await shot.screenshot({ path: `${SHOTS}/home-${width}.png` });
      await context.close();
    }
    await pointer.getByRole("link", { name: "Què hem escoltat i què en farem" }).click();
    await expect(tab).toHaveURL(/\/que-hem-escoltat$/);
    // The project page points to it as well, in the visitor's language.
    await expect
      .poll(
        async () => {
          await tab.goto("/de-que-va");
          return pointer.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect(pointer.getByRole("link", { name: "Seguiment del pla" })).toBeVisible();
    await expectAccessible(tab, "project page pointing to the report");
    await tab.goto("/en/about");
    const english = tab.getByRole("region", { name: "You can now read our answers" });
    await expect(english.getByRole("link", { name: "What we heard and what we will do" })).toHaveAttribute("href", "/en/what-we-heard");
    const shot = await screenshotContext(browser, 390);
    const phone = await shot.newPage();
    await phone.goto("/de-que-va");
    await phone.getByRole("region", { name: "Ja pots llegir les nostres respostes" }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${SHOTS}/project-390.png` });
    await shot.close();
    await visitor.close();
  } finally {
    if (phaseChanged)
      await saveSettings(page, "Calendari de la consulta", async (f) => {
        await f.getByLabel("Fase actual del pla").selectOption("1");
      });
    if (featured) {
      await page.goto(`/admin/respostes?q=${encodeURIComponent(note)}`);
      await hydrated(page);
      await page.getByRole("button", { name: "Destacada a l'informe" }).click();
      await expect(toast(page, "Aportació retirada dels destacats de l'informe")).toBeVisible();
    }
    if (introWritten) {
      const intro = await saveIntro(page, "");
      await intro.getByRole("button", { name: "Desa la introducció" }).click();
      await expect(toast(page, "Introducció de l'informe desada")).toBeVisible();
    }
    if (resultMade) await deleteResult(page, title);
  }
});
