import { expect, expectAccessible, expectAccessibleWithoutJavaScript, signIn, test, toast, unique } from "./fixtures";

// Issue 31 (decision 074): the open data page links each file, and each answers with its type;
// the files hold a newly published answer; /aportacions filters by the published answer's state
// with plain links, without JavaScript too.

test("the open data page links each file, which answer with their types, and the contributions filter by answer state without JavaScript", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const text = `Calen voreres més amples per a les bicis ${unique()}`;
  const answer = `Ja és al tram 4 del pla ${unique()}`;
  const email = `autor-${unique()}@example.cat`;
  expect(
    (await request.post("/participa/reflexio", { form: { reflection: text, name: "Persona Anònima", email, privacy: "on" } })).status(),
  ).toBe(200);

  // Staff answer it and publish the answer.
  await signIn(page);
  await page.goto(`/admin/respostes?q=${encodeURIComponent(text)}`);
  const form = page.getByRole("form", { name: "Resposta a aquesta reflexió" });
  await form.getByRole("combobox", { name: "Estat de la resposta" }).selectOption({ label: "Ja prevista al pla" });
  await form.getByLabel("Text de la resposta (Markdown)").fill(answer);
  await form.getByRole("button", { name: "Desa i publica" }).click();
  await expect(toast(page, "Resposta publicada")).toBeVisible();

  // A visitor without JavaScript: the answer filter is a row of links.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await noScript.newPage();
  const filters = visitor.getByRole("navigation", { name: "Filtra per resposta" });
  await expect
    .poll(
      async () => {
        await visitor.goto("/aportacions");
        return filters.getByRole("link", { name: "Ja prevista al pla" }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await filters.getByRole("link", { name: "Ja prevista al pla" }).click();
  await expect(visitor).toHaveURL(/\/aportacions\?resposta=ja-prevista-al-pla$/);
  await expect(filters.getByRole("link", { name: "Ja prevista al pla" })).toHaveAttribute("aria-current", "page");
  await expect(visitor.getByRole("status")).toHaveText(/aportaci(ó|ons) amb la resposta «Ja prevista al pla»/);
  await expect(visitor.locator("article", { hasText: text })).toBeVisible();
  // Every contribution listed has that answer.
  const cards = visitor.locator("main article");
  for (let i = 0; i < (await cards.count()); i++) await expect(cards.nth(i).getByText("Ja prevista al pla", { exact: true })).toBeVisible();
  // The type filter keeps the answer filter.
  await visitor.getByRole("navigation", { name: "Filtra per tipus" }).getByRole("link", { name: "Reflexions" }).click();
  await expect(visitor).toHaveURL(/\/aportacions\?tipus=reflection&resposta=ja-prevista-al-pla$/);
  await expect(visitor.locator("article", { hasText: text })).toBeVisible();
  await expectAccessibleWithoutJavaScript(visitor, "contributions filtered by answer state");

  // The open data page, from the footer.
  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Dades obertes" }).click();
  await expect(visitor).toHaveURL(/\/dades-obertes$/);
  await noScript.close();

  await page.goto("/dades-obertes");
  await expect(page.getByRole("heading", { level: 1, name: "Dades obertes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "CC BY 4.0" })).toHaveAttribute("href", "https://creativecommons.org/licenses/by/4.0/");
  await expectAccessible(page, "open data page");
  const links = page.locator("main a[type]");
  const files = await links.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href")!, type: a.getAttribute("type")! })));
  expect(files.map((f) => f.href).sort()).toEqual(
    [
      "/api/seguiment-del-pla.csv",
      "/api/seguiment-del-pla.geojson",
      "/dades-obertes/aportacions.csv",
      "/dades-obertes/aportacions.geojson",
      "/dades-obertes/cataleg.ttl",
    ].sort(),
  );
  for (const file of files) {
    const response = await request.get(file.href);
    expect(response.status(), file.href).toBe(200);
    expect(response.headers()["content-type"], file.href).toBe(`${file.type}; charset=utf-8`);
  }
  // The contributions' CSV has the new answer (once the kept copy is renewed), and never the author.
  await expect
    .poll(async () => (await (await request.get("/dades-obertes/aportacions.csv")).text()).includes(answer), { timeout: 15_000 })
    .toBe(true);
  const csv = await (await request.get("/dades-obertes/aportacions.csv")).text();
  expect(csv.split("\r\n").find((line) => line.includes(text))).toContain(`,Ja prevista al pla,${answer},`);
  expect(csv).not.toContain(email);
  expect(csv).not.toContain("Persona Anònima");
  const turtle = await (await request.get("/dades-obertes/cataleg.ttl")).text();
  expect(turtle).toContain("dcat:Catalog");
  expect(turtle).toContain("/dades-obertes/aportacions.csv>");

  // In Spanish and English, at their own addresses.
  await page.goto("/es/datos-abiertos");
  await expect(page.getByRole("heading", { level: 1, name: "Datos abiertos" })).toBeVisible();
  await page.goto("/en/open-data");
  await expect(page.getByRole("heading", { level: 1, name: "Open data" })).toBeVisible();
  await expectAccessible(page, "open data page in English");
});
