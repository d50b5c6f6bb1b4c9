import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutJavaScript, hydrated, signIn, test, toast, unique } from "./fixtures";

// Issue 35 (decision 067): staff create a result of the plan linked to two segments of the seeded
// network and a contribution, and add a timeline entry, from a phone; a visitor finds it on the
// tracker (with and without JavaScript) and on its page with the entry and the contribution.
// The result is deleted at the end: the header's link to the tracker is there only while a result
// is public, and the other specs read the header as seeded.

/** Deletes a result on its admin screen (the test's own end, or after a failure: a public result
 * left behind would put its link in the header of every later spec's pages). */
async function deleteResult(page: Page, title: string) {
  await page.goto("/admin/seguiment");
  await hydrated(page);
  await page.getByRole("button", { name: `Elimina ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(toast(page, "Actuació eliminada correctament")).toBeVisible();
}

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  let leftBehind: string | null = null;
  test.afterEach(async ({ page }) => {
    if (leftBehind) await deleteResult(page, leftBehind);
    leftBehind = null;
  });

  test("staff create a result with two segments, a contribution and a timeline entry; a visitor follows it on the tracker", async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const title = `Carril bici de l'estació ${unique()}`;
    const note = `Un carril bici fins a l'estació ${unique()}`;
    expect((await request.post("/participa/reflexio", { form: { reflection: note } })).status()).toBe(200);

    await signIn(page);
    await page.goto("/admin/seguiment");
    await hydrated(page);
    await expectAccessible(page, "results screen");
    await page.getByRole("button", { name: "Nova actuació" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nova actuació" });
    await dialog.getByLabel("Títol", { exact: true }).fill(title);
    await dialog.getByRole("combobox", { name: "Estat" }).selectOption({ label: "En obres" });
    await dialog.getByLabel("Avenç (%)").fill("40");
    await dialog.getByRole("searchbox", { name: "Cerca: Municipis" }).fill("Vilafranca");
    await dialog.getByRole("checkbox", { name: "Vilafranca del Penedès", exact: true }).check();
    const segments = dialog.getByRole("searchbox", { name: "Cerca: Trams de la xarxa (capes del mapa)" });
    await segments.fill("Sant Sadurní d'Anoia - Gelida");
    await dialog
      .getByRole("checkbox", { name: /^Sant Sadurní d'Anoia - Gelida/ })
      .first()
      .check();
    await segments.fill("Santa Margarida");
    await dialog
      .getByRole("checkbox", { name: /^Vilafranca - Santa Margarida i els Monjos/ })
      .first()
      .check();
    await dialog.getByRole("searchbox", { name: "Cerca: Aportacions que l'han originada" }).fill(note);
    await dialog.getByRole("checkbox", { name: new RegExp(note) }).check();
    await expectAccessible(page, "result dialog");
    await dialog.getByText("Publicada (es veu al seguiment del pla)").click();
    await dialog.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Actuació creada correctament")).toBeVisible();
    leftBehind = title;
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    await page.getByRole("link", { name: "Fites de les actuacions" }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Nova fita" }).first().click();
    const entry = page.getByRole("dialog", { name: "Nova fita" });
    await entry.getByRole("combobox", { name: "Actuació" }).selectOption({ label: title });
    await entry.getByLabel("Data").fill("2026-11-20");
    await entry.getByLabel("Text", { exact: true }).fill("Inici d'obres");
    await entry.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Fita afegida correctament")).toBeVisible();

    // The visitor: the tracker lists it. A page kept from before (another spec's visit) may still be
    // sent for MAX_STALE_MS (2 s) after the write while it is rendered again (decision 026).
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const site = await visitor.newPage();
    const item = site.getByTestId("tracker-list").getByRole("listitem").filter({ hasText: title });
    // The map's segments are their own request, made only once the map comes near the screen: on a
    // short screen (a phone held sideways) it starts far below the first view.
    await site.setViewportSize({ width: 390, height: 400 });
    const mapRequests: string[] = [];
    site.on("request", (r) => {
      if (r.url().includes("/api/seguiment-del-pla/mapa.json")) mapRequests.push(r.url());
    });
    await expect(async () => {
      await site.goto("/seguiment-del-pla");
      await expect(item).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000, intervals: [500] });
    await expect(item.getByText("Avenç: 40 %")).toBeVisible();
    await expect(site.getByTestId("tracker-share")).toContainText("km");
    await hydrated(site);
    const map = site.getByTestId("tracker-map");
    expect(mapRequests, "no map data before the map is near the screen").toEqual([]);
    await expect(map.locator(".leaflet-container")).toHaveCount(0);
    expect((await map.boundingBox())!.y, "the map starts more than 300 px below the screen").toBeGreaterThan(400 + 300);
    await map.scrollIntoViewIfNeeded();
    // Drawn in the browser: the result's two segments, each a control named after it, in its state's colour.
    await expect(map.locator(".leaflet-container")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    expect(mapRequests).toEqual([expect.stringMatching(/\/api\/seguiment-del-pla\/mapa\.json$/)]);
    const works = await item.getByText("En obres", { exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    for (const name of [/^Sant Sadurní d'Anoia - Gelida/, /^Vilafranca - Santa Margarida i els Monjos/]) {
      const segment = map.getByRole("button", { name }).first();
      await expect(segment).toBeAttached();
      const stroke = await segment.evaluate((el) => getComputedStyle(el).stroke);
      expect(stroke, String(name)).toBe(works);
    }
    // The map shows the drawn segments, not the whole county: together they span most of its width
    // or height (at the county's view these two spanned about a third).
    const span = await map.evaluate((box) => {
      const paths = [...box.querySelectorAll(".leaflet-overlay-pane path")].map((p) => p.getBoundingClientRect());
      const frame = box.getBoundingClientRect();
      const width = Math.max(...paths.map((r) => r.right)) - Math.min(...paths.map((r) => r.left));
      const height = Math.max(...paths.map((r) => r.bottom)) - Math.min(...paths.map((r) => r.top));
      return Math.max(width / frame.width, height / frame.height);
    });
    expect(span).toBeGreaterThan(0.6);
    await site.setViewportSize({ width: 390, height: 844 });
    // The connection drops while the map's data comes: the map says so, and points to the list.
    const dropped = await visitor.newPage();
    await dropped.route("**/api/seguiment-del-pla/mapa.json*", (route) => route.abort("connectionreset"));
    await dropped.goto("/seguiment-del-pla");
    await hydrated(dropped);
    await dropped.getByTestId("tracker-map").scrollIntoViewIfNeeded();
    await expect(dropped.getByTestId("tracker-map").getByRole("status")).toHaveText(
      "No s'ha pogut carregar el mapa. La llista d'actuacions té la mateixa informació.",
    );
    await dropped.close();
    await expect(
      // On a phone the header's nav is hidden behind the menu: counted in the document all the same.
      site
        .getByRole("navigation", { name: "Navegació principal", includeHidden: true })
        .getByRole("link", { name: "SEGUIMENT DEL PLA", includeHidden: true }),
    ).toHaveCount(1);
    await expectAccessible(site, "tracker");
    // A filter is a link; another municipality's filter hides it.
    await site.getByRole("link", { name: "Vilafranca del Penedès" }).first().click();
    await expect(site).toHaveURL(/municipi=Vilafranca/);
    await expect(item).toBeVisible();

    await item.getByRole("link", { name: title }).click();
    await expect(site.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(site.getByTestId("result-timeline")).toContainText("Inici d'obres");
    await expect(site.getByText(note)).toBeVisible();
    await expect(site.getByText("Sant Sadurní d'Anoia - Gelida")).toBeVisible();
    await expectAccessible(site, "result page");
    await visitor.close();

    // Without JavaScript: the list and the filters are there, as links.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const noJs = await plain.newPage();
    await noJs.goto("/seguiment-del-pla?municipi=Vilafranca%20del%20Pened%C3%A8s");
    await expect(noJs.getByRole("link", { name: title })).toBeVisible();
    await expectAccessibleWithoutJavaScript(noJs, "tracker without JavaScript");
    await plain.close();

    // Cleaned up: deleted with its timeline.
    await deleteResult(page, title);
    leftBehind = null;
  });
});
