import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, unique } from "./fixtures";

// Issue 32 (decision 077): the analysis screen's cross-tab opens the contributions behind a cell (the
// coding list, filtered, with the cell's count), switches dimension by link, the map of the coded
// comments shows over the network, and the screen fits 390 px (its table scrolls inside its region);
// axe on each screen.

/** Three map comments with a place and a marker, each from its own address (the forms' rate limit). */
async function threeComments(request: APIRequestContext, marker: string) {
  const base = 1 + Math.floor(Math.random() * 200);
  for (let i = 0; i < 3; i++) {
    const res = await request.post("/participa/mapa", {
      form: {
        comment: `Comentari ${i} ${marker}: cal senyalitzar el carril`,
        lat: (41.3 + i / 20).toFixed(4),
        lng: (1.6 + i / 20).toFixed(4),
        category: "senyalitzacio",
        privacy: "on",
      },
      headers: { "X-Forwarded-For": `198.51.100.${base + i}` },
    });
    expect(res.status()).toBe(200);
  }
}

/** Codes every contribution of the coding list at `query` with the code, from the bulk form. */
async function bulkCode(page: Page, query: string, code: string) {
  await page.goto(`/admin/codificacio?${query}`);
  const bulk = page.getByRole("form", { name: "Codifica en bloc" });
  await bulk.getByLabel("Acció").selectOption("add");
  await bulk.getByLabel("Codi", { exact: true }).selectOption({ label: code });
  await bulk.getByLabel("A quines").selectOption("all");
  await bulk.getByRole("button", { name: "Aplica" }).click();
  await expect(page.getByText(/afegit a \d/).first()).toBeVisible({ timeout: 15_000 });
}

test("the cross-tab: a cell opens its contributions, with its count; the dimension switches by link; the coded map shows", async ({
  page,
  request,
}) => {
  test.slow();
  const marker = unique();
  await threeComments(request, marker);
  await signIn(page);
  await bulkCode(page, `q=${marker}&tipus=map_comment`, "Problema: Senyalització");

  await page.goto("/admin/codificacio");
  await page.getByRole("link", { name: "Anàlisi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Anàlisi de la codificació" })).toBeVisible();
  // The switch by link, in the list dialect: kind of contribution.
  const switcher = page.getByRole("navigation", { name: "Creua els codis amb" });
  await switcher.getByRole("link", { name: "Tipus d'aportació" }).click();
  await expect(page).toHaveURL(/\?per=tipus$/);
  await expect(switcher.getByRole("link", { name: "Tipus d'aportació" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: /Codis per tipus d'aportació/ });
  await expect(table.getByRole("columnheader", { name: "Comentari al mapa" })).toBeVisible();
  await expectAccessible(page, "analysis by type");

  // The cell of Senyalització × map comments: its count, then the list behind it.
  const cell = table.getByRole("link", { name: /aportacions amb «Senyalització» i tipus d'aportació Comentari al mapa/ });
  const label = (await cell.getAttribute("aria-label"))!;
  const count = Number(label.match(/^([\d.]+) aportacions/)![1]!.replace(/\./g, ""));
  expect(count).toBeGreaterThanOrEqual(3);
  await cell.click();
  await expect(page).toHaveURL(/\/admin\/codificacio\?.*tipus=map_comment/);
  await expect(page).toHaveURL(/codi=/);
  await expect(
    page.getByText(`${count === 1 ? "1 aportació" : `${count.toLocaleString("ca-ES")} aportacions`} amb aquests filtres`),
  ).toBeVisible();

  // The other dimensions.
  await page.goto("/admin/analisi?per=tipus");
  await page.getByRole("navigation", { name: "Creua els codis amb" }).getByRole("link", { name: "Municipi" }).click();
  await expect(page).toHaveURL(/\?per=municipi$/);
  await expect(page.getByRole("table", { name: /Codis per municipi/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Creua els codis amb" }).getByRole("link", { name: "Àmbit" }).click();
  await expect(page.getByRole("table", { name: /Codis per àmbit/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Sense àmbit" })).toBeVisible();
  // The counts over time: a chart and its table.
  await expect(page.getByRole("img", { name: /Aportacions per codi, per mesos/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Període" }).getByRole("link", { name: "Per setmanes" }).click();
  await expect(page.getByRole("img", { name: /per setmanes/ })).toBeVisible();
  await page.getByText("Taula de les xifres del gràfic").click();
  await expect(page.getByRole("table", { name: /per setmanes/ }).getByRole("columnheader", { name: "Senyalització" })).toBeVisible();

  // The map of the coded comments, filtered by the code.
  await page.getByRole("link", { name: "Mapa dels codis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mapa dels codis" })).toBeVisible();
  await page.getByLabel("Codi", { exact: true }).selectOption({ label: "Problema: Senyalització" });
  await page.getByRole("search").getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/codi=/);
  await expect(page.getByRole("heading", { name: "Comentaris amb el codi «Senyalització»" })).toBeVisible();
  await expect(page.getByTestId("coded-list").getByText(`Comentari 0 ${marker}`)).toBeVisible();
  const map = page.getByRole("application", { name: "Mapa dels comentaris codificats" });
  await expect(map).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  expect(Number(await map.getAttribute("data-pins"))).toBeGreaterThanOrEqual(3);
  await expectAccessible(page, "analysis map");
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the analysis screen fits: the cross-tab scrolls inside its labelled region", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/analisi?per=municipi");
    const region = page.getByRole("region", { name: /Codis per municipi/ });
    await expect(region).toBeVisible();
    const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll).toBeGreaterThan(client);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "analysis at 390 px");
  });
});
