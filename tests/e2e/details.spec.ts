import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expect, expectAccessible, rememberCookieChoice, signIn, test } from "./fixtures";

// Issue 18's details: the Vivi lightbox, the testimonials' audio player, the Markdown editor of the
// back office, and an activity's time and place in its editor.

const lightbox = (page: Page) => page.getByRole("dialog");
const counter = (page: Page) => lightbox(page).getByText(/^Foto \d+ de \d+$/);

test.describe("the Vivi gallery's lightbox", () => {
  test.beforeEach(async ({ page }) => {
    await rememberCookieChoice(page);
    await page.goto("/segueixlavivi");
  });

  test("opens a photo, moves with the arrow keys and buttons, traps focus, and Escape returns focus to the photo it ended on", async ({
    page,
  }) => {
    const links = page.getByRole("link", { name: /: amplia la foto$/ });
    await expect(links).toHaveCount(6);
    const titles = await page.getByRole("figure").locator("figcaption p.font-bold").allTextContents();
    // Without JavaScript the link is the large photo itself.
    await expect(links.first()).toHaveAttribute("href", /^\/media\/photos\/.+\?w=1920$/);

    await links.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(lightbox(page)).toBeVisible();
    await expect(lightbox(page)).toHaveAccessibleName(titles[1]!);
    await expect(counter(page)).toHaveText("Foto 2 de 6");
    await expect(lightbox(page).getByRole("img", { name: titles[1] })).toHaveAttribute("srcset", /\?w=1920 1920w$/);
    await expectAccessible(page, "lightbox open");
    // Its backdrop is opaque: the page behind does not show through (issue 27, item 14).
    const backdrop = await page.evaluate(() => {
      const content = document.querySelector('[data-slot="lightbox"]')!;
      const overlay = content.previousElementSibling!;
      return getComputedStyle(overlay).backgroundColor;
    });
    expect(backdrop).toBe("rgb(0, 0, 0)");

    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText("Foto 3 de 6");
    await expect(lightbox(page)).toHaveAccessibleName(titles[2]!);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    // From the first photo, back goes round to the last.
    await expect(counter(page)).toHaveText("Foto 6 de 6");
    await lightbox(page).getByRole("button", { name: "Foto següent" }).click();
    await expect(counter(page)).toHaveText("Foto 1 de 6");
    await lightbox(page).getByRole("button", { name: "Foto anterior" }).click();
    await lightbox(page).getByRole("button", { name: "Foto anterior" }).click();
    await expect(counter(page)).toHaveText("Foto 5 de 6");

    // Tab never leaves the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await lightbox(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(lightbox(page)).toBeHidden();
    await expect(links.nth(4)).toBeFocused();
  });

  test("the close button closes it; a swipe changes the photo", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, hasTouch: true, viewport: { width: 390, height: 844 }, locale: "ca-ES" });
    const page = await context.newPage();
    try {
      await page.goto("/segueixlavivi");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page
        .getByRole("link", { name: /: amplia la foto$/ })
        .first()
        .click();
      await expect(counter(page)).toHaveText("Foto 1 de 6");
      const swipe = (fromX: number, toX: number) =>
        lightbox(page).evaluate(
          (el, [a, b]) => {
            const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 400 });
            el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(a!)], changedTouches: [touch(a!)] }));
            el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(b!)] }));
          },
          [fromX, toX],
        );
      await swipe(300, 100);
      await expect(counter(page)).toHaveText("Foto 2 de 6");
      await swipe(100, 300);
      await expect(counter(page)).toHaveText("Foto 1 de 6");
      // A short slide is not a swipe.
      await swipe(200, 180);
      await expect(counter(page)).toHaveText("Foto 1 de 6");
      await expect(lightbox(page).getByText("Llisca el dit cap als costats per canviar de foto.")).toBeVisible();
      await expectAccessible(page, "lightbox on a phone");
      await lightbox(page).getByRole("button", { name: "Tanca" }).click();
      await expect(lightbox(page)).toBeHidden();
      await expect(page.getByRole("link", { name: /: amplia la foto$/ }).first()).toBeFocused();
    } finally {
      await context.close();
    }
  });

  test("under reduced motion the photo appears without a transition", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page
      .getByRole("link", { name: /: amplia la foto$/ })
      .first()
      .click();
    const img = lightbox(page).getByRole("img");
    await expect(img).toBeVisible();
    expect(await img.evaluate((el) => getComputedStyle(el).transitionProperty)).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.keyboard.press("ArrowRight");
    expect(
      await lightbox(page)
        .getByRole("img")
        .evaluate((el) => getComputedStyle(el).transitionProperty),
    ).toBe("opacity");
  });
});

test("a testimonial's player shows its elapsed time and progress, and works from the keyboard", async ({ page }) => {
  test.slow();
  await rememberCookieChoice(page);
  await page.goto("/testimonis");
  const title = "Un carril segur per anar a la feina";
  const card = page.getByRole("listitem").filter({ hasText: title });
  const slider = card.getByRole("slider", { name: `Posició de l'àudio: ${title}` });
  // Before it plays, the slider waits (nothing to seek yet) and the card shows the length.
  await expect(slider).toHaveAttribute("aria-disabled", "true");
  await expect(card).toContainText("0:08");

  await card.getByRole("button", { name: `Reprodueix: ${title}` }).focus();
  await page.keyboard.press("Enter");
  const pause = card.getByRole("button", { name: `Pausa: ${title}` });
  await expect(pause).toBeVisible();
  await expect(slider).toHaveAttribute("aria-valuemax", "8");
  // It moves while it plays.
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(slider).toHaveAttribute("aria-valuetext", /^0:0\d de 0:08$/);
  await expect(card).toContainText(/Temps escoltat: 0:0\d \/ Durada: 0:08/);
  await page.keyboard.press("Space");
  await expect(card.getByRole("button", { name: `Reprodueix: ${title}` })).toBeVisible();
  await expect(slider).not.toHaveAttribute("aria-disabled", "true");
  await expectAccessible(page, "testimonial paused midway");
  const audio = page.locator("audio");
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "2");
  await expect(slider).toHaveAttribute("aria-valuetext", "0:02 de 0:08");
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(2, 1);
  await page.keyboard.press("ArrowLeft");
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(1, 1);
  // Space on the play button again: it plays on from where the slider put it.
  await card.getByRole("button", { name: `Reprodueix: ${title}` }).focus();
  await page.keyboard.press("Space");
  await expect(pause).toBeVisible();
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expectAccessible(page, "testimonial playing");
});

test("the landing editor's Markdown toolbar, shortcuts and help; the list shows text, not Markdown", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto("/admin/pagines-aterratge");
  await page.getByRole("button", { name: "Nova landing page" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Títol").fill("Markdown E2E");
  const text = dialog.getByLabel("Descripció (Markdown)");
  await text.fill("Vine a pedalar");
  await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 14));
  const toolbar = dialog.getByRole("toolbar", { name: "Format del text" });
  await toolbar.getByRole("button", { name: "Negreta" }).click();
  await expect(text).toHaveValue("Vine a **pedalar**");
  // The toolbar is one tab stop; the arrow keys move along it.
  await toolbar.getByRole("button", { name: "Negreta" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Cursiva" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "Títol de secció" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(text).toHaveValue("## Vine a **pedalar**");
  await expect(text).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type("\n\nMés ");
  await page.keyboard.press("Control+i");
  await expect(text).toHaveValue("## Vine a **pedalar**\n\nMés *text en cursiva*");
  await page.keyboard.type("informació");
  await expect(text).toHaveValue("## Vine a **pedalar**\n\nMés *informació*");
  await dialog.getByText("Ajuda de Markdown").click();
  await expect(dialog.getByText("[text](https://adreça)")).toBeVisible();
  await expectAccessible(page, "landing editor with the Markdown help open");
  await dialog.getByRole("tab", { name: "Previsualitza" }).click();
  await expect(dialog.getByRole("heading", { name: "Vine a pedalar" })).toBeVisible();
  await expect(dialog.locator("em")).toHaveText("informació");
  await expectAccessible(page, "landing editor preview");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const card = page.getByRole("listitem").filter({ hasText: "Markdown E2E" });
  await expect(card).toContainText("Vine a pedalar");
  await expect(card).toContainText("Més informació");
  await expect(card).not.toContainText("**");
  await expect(card).not.toContainText("##");
  await page.getByRole("button", { name: "Elimina Markdown E2E" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Markdown E2E" })).toHaveCount(0);
});

test("the footer editor offers bold, italic and link, and the footer renders them", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto("/admin/peu");
  await page.getByRole("button", { name: "Edita els textos" }).click();
  const dialog = page.getByRole("dialog");
  const main = dialog.getByLabel("Text principal");
  const original = await main.inputValue();
  const toolbars = dialog.getByRole("toolbar", { name: "Format del text" });
  await expect(toolbars).toHaveCount(2);
  await expect(toolbars.first().getByRole("button")).toHaveText(["Negreta", "Cursiva", "Enllaç"]);
  await main.fill("Impulsat pel Consell");
  await main.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(13, 20));
  await toolbars.first().getByRole("button", { name: "Enllaç" }).click();
  await expect(main).toHaveValue("Impulsat pel [Consell](https://)");
  await page.keyboard.type("https://www.ccapenedes.cat");
  await main.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 8));
  await page.keyboard.press("Control+b");
  await expect(main).toHaveValue("**Impulsat** pel [Consell](https://www.ccapenedes.cat)");
  await dialog.getByRole("tab", { name: "Previsualitza" }).first().click();
  await expect(dialog.locator("strong")).toHaveText("Impulsat");
  await expectAccessible(page, "footer editor preview");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/de-que-va");
  const footer = page.getByRole("contentinfo");
  await expect(footer.locator("strong")).toHaveText("Impulsat");
  await expect(footer.getByRole("link", { name: /^Consell \(s'obre/ })).toHaveAttribute("href", "https://www.ccapenedes.cat/");
  await expect(footer).not.toContainText("**");

  // The shared server's footer is put back.
  await page.goto("/admin/peu");
  await page.getByRole("button", { name: "Edita els textos" }).click();
  await page.getByRole("dialog").getByLabel("Text principal").fill(original);
  await page.getByRole("dialog").getByRole("button", { name: "Desa" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("activities: a time and a place, checked in the editor, shown on the card and in the agenda", async ({ page }) => {
  // The home page's axe check is long on a loaded machine.
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/admin/activitats");
  await page.getByRole("button", { name: "Nova activitat" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Títol").fill("Taller E2E amb hora");
  await dialog.getByLabel("Lloc (opcional)").fill("x".repeat(200));
  await dialog.getByLabel("Lloc (opcional)").evaluate((el: HTMLInputElement) => {
    // Past the field's own limit, as a request could send it: the action's schema answers.
    el.removeAttribute("maxlength");
    el.value = "x".repeat(201);
  });
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(dialog.getByText("El lloc pot tenir com a màxim 200 caràcters")).toBeVisible();
  await expect(dialog.getByLabel("Lloc (opcional)")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "activity dialog with an error");
  await dialog.getByLabel("Hora d'inici (opcional)").fill("19:45");
  await dialog.getByLabel("Lloc (opcional)").fill("Biblioteca de Vilafranca");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ hasText: "Taller E2E amb hora" });
  await expect(card).toContainText("19:45 h");
  await expect(card).toContainText("Biblioteca de Vilafranca");

  await page.goto("/");
  const item = page.locator("#agenda li").filter({ hasText: "Taller E2E amb hora" }).first();
  await expect(item).toContainText("19:45 h");
  await expect(item).toContainText("Biblioteca de Vilafranca");
  await expectAccessible(page, "home with an activity's time and place");

  await page.goto("/admin/activitats");
  await page.getByRole("button", { name: "Elimina Taller E2E amb hora" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Taller E2E amb hora" })).toHaveCount(0);
});

test("an embedded questionnaire that cannot load leaves a message and its address, not an empty box", async ({ page }) => {
  // The host answers nothing worth showing: a blank page.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title></title>" }),
  );
  await page.goto("/participa");
  await page.getByRole("button", { name: "Respon el qüestionari" }).click();
  const dialog = page.getByRole("dialog", { name: "Qüestionari participatiu" });
  const src = await dialog.locator("iframe").getAttribute("src");
  await expect(dialog.getByText("Carregant el qüestionari…")).toBeVisible();
  await expect(dialog.getByText(/Si el qüestionari no es carrega/)).toBeVisible();
  const link = dialog.getByRole("link", { name: /obre'l en una pestanya nova/ });
  await expect(link).toHaveAttribute("href", src!);
  await expect(link).toHaveAttribute("target", "_blank");
  // Behind the frame: the frame still gets the clicks and the screen.
  const box = (await dialog.locator("iframe").boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.tagName, [box.x + box.width / 2, box.y + box.height / 2])).toBe(
    "IFRAME",
  );
  await expectAccessible(page, "questionnaire dialog with a blank frame");
});
