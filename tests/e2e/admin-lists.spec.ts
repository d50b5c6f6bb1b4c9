import { expect, expectAccessible, postFrom, signIn, test, unique } from "./fixtures";

// The admin lists are searched, sorted, filtered and paged on the server, and the URL carries it
// all: a reload, the back button and the export links keep what the list shows (decision 036).

test("reflections: search, sort and dates travel in the URL and back; the export links carry the filters", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/reflexions");
  await expect(page.getByRole("status").filter({ hasText: "Mostrant 1–3 de 3 reflexions" })).toBeVisible();

  await page.getByLabel("Cerca (text, nom o correu)").fill("BICI");
  await page.getByLabel("Ordena per").selectOption("nom");
  await page.getByLabel("Ordre").selectOption("asc");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=BICI(&|$)/);
  await expect(page).toHaveURL(/ordre=nom&sentit=asc/);
  const status = page.getByRole("status").filter({ hasText: /Mostrant 1–\d de \d reflexions \(3 en total\)/ });
  await expect(status).toBeVisible();
  const shown = await page.locator("li:has(time)").count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(3);
  await expect(page.getByRole("link", { name: "Exporta les reflexions en CSV" })).toHaveAttribute(
    "href",
    // The form sends every field, the municipality (issue 32) too: empty is every one.
    "/admin/export/reflections.csv?q=BICI&des-de=&fins-a=&municipi=&ordre=nom&sentit=asc",
  );

  // A reload keeps the list and the form as they were.
  await page.reload();
  await expect(status).toBeVisible();
  await expect(page.getByLabel("Cerca (text, nom o correu)")).toHaveValue("BICI");
  await expect(page.getByLabel("Ordena per")).toHaveValue("nom");
  await expect(page.getByLabel("Ordre")).toHaveValue("asc");
  await expectAccessible(page, "reflections, filtered");

  // A date range no reflection falls in, then back to the search.
  await page.getByLabel("Des del dia").fill("2001-01-01");
  await page.getByLabel("Fins al dia").fill("2001-01-31");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/des-de=2001-01-01&fins-a=2001-01-31/);
  await expect(page.getByText("Cap reflexió coincideix amb la cerca.")).toBeVisible();
  await page.goBack();
  await expect(status).toBeVisible();

  await page.getByRole("link", { name: "Neteja els filtres" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mostrant 1–3 de 3 reflexions" })).toBeVisible();
});

test("testimonials: the status and theme filters page on the server and the URL keeps them", async ({ page }) => {
  await signIn(page);
  // The list's old address (the spec's statuses) lands on the queue's testimonial view, filtered.
  await page.goto("/admin/testimonis?status=approved&theme=infants");
  await expect(page).toHaveURL(/\/admin\/testimonis\?estat=published&ambit=infants$/);
  await expect(page.getByRole("link", { name: /^Publicats \(\d+\)/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Àmbit")).toHaveValue("infants");
  const cards = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.locator("audio") });
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Infants");
  await expect(page.getByRole("link", { name: "Exporta els testimonis en Àudios (ZIP)" })).toHaveAttribute(
    "href",
    "/admin/export/testimonials.zip?estat=published&ambit=infants",
  );
  // A new search keeps the status chosen with the tabs.
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/estat=published/);
  await expectAccessible(page, "testimonials, filtered");
});

test("map comments: the next page, the order and a search are the server's; a reload and the back button keep what the URL says", async ({
  page,
}) => {
  // Sixty posts, then a dozen page loads: more than test.slow() gives on a busy machine.
  test.setTimeout(240_000);
  const tag = unique();
  const text = (i: number) => `Paginació ${tag} ${String(i).padStart(2, "0")}`;
  // 60 comments, the newest last, from two clients of their own (each may write 30 in 15 minutes).
  for (let i = 0; i < 60; i++) {
    const res = await postFrom(`127.0.0.${40 + (i % 2)}`, "/participa/mapa", { comment: text(i), privacy: "on" });
    expect(res.status, res.body.slice(0, 200)).toBe(200);
  }
  await signIn(page);
  await page.goto(`/admin/comentaris-mapa?q=${tag}`);
  const items = page.getByRole("listitem").filter({ hasText: `Paginació ${tag}` });
  const status = (text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
  await expect(status(/^Mostrant 1–50 de 60 comentaris \([\d.]+ en total\)$/)).toBeVisible();
  await expect(items.first()).toContainText(text(59));
  await expect(items).toHaveCount(50);

  // The next page, by its link: the URL says so.
  await page.getByRole("navigation", { name: "Pàgines de comentaris" }).getByRole("link", { name: "Següent" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&pagina=2$`));
  await expect(status(/^Mostrant 51–60 de 60 comentaris/)).toBeVisible();
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText(text(9));
  await expect(page.getByText("Pàgina 2 de 2")).toBeVisible();

  // The oldest first: a new order starts again at page 1.
  await page.getByLabel("Ordre").selectOption("asc");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&.*ordre=data&sentit=asc$`));
  await expect(items.first()).toContainText(text(0));
  await page.getByRole("link", { name: "Següent" }).click();
  await expect(page).toHaveURL(/sentit=asc&pagina=2$/);
  await expect(items.first()).toContainText(text(50));

  // A reload keeps the page, the order and the search.
  await page.reload();
  await expect(items.first()).toContainText(text(50));
  await expect(page.getByLabel("Ordre")).toHaveValue("asc");
  await expect(page.getByLabel("Cerca (comentari o correu)")).toHaveValue(tag);

  // A narrower search: ten of them, one page, no pager.
  await page.getByLabel("Cerca (comentari o correu)").fill(`${tag} 4`);
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(status(/^Mostrant 1–10 de 10 comentaris/)).toBeVisible();
  await expect(items.first()).toContainText(text(40));
  await expect(page.getByRole("navigation", { name: "Pàgines de comentaris" })).toHaveCount(0);
  await expectAccessible(page, "map comments, searched");

  // Back, step by step, through what was shown.
  await page.goBack();
  await expect(page).toHaveURL(/sentit=asc&pagina=2$/);
  await expect(items.first()).toContainText(text(50));
  await expect(page.getByLabel("Cerca (comentari o correu)")).toHaveValue(tag);
  await page.goBack();
  await expect(items.first()).toContainText(text(0));
  await page.goBack();
  await expect(page).toHaveURL(/pagina=2$/);
  await expect(items.first()).toContainText(text(9));
  await expect(page.getByLabel("Ordre")).toHaveValue("desc");
});

test("one list dialect: old addresses redirect, the queue's export keeps 'only reported', the audit log uses the same controls", async ({
  page,
}) => {
  await signIn(page);
  // Decision 036's English spelling lands, permanently, on the same list in the one dialect (056).
  const old = await page.request.get("/admin/reflexions?page=1&sort=name&dir=asc&from=2026-01-01", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()["location"]).toBe("/admin/reflexions?pagina=1&ordre=nom&sentit=asc&des-de=2026-01-01");
  await page.goto("/admin/subscriptors?status=confirmed");
  await expect(page).toHaveURL(/\/admin\/subscriptors\?estat=confirmed$/);
  await expect(page.getByLabel("Estat", { exact: true })).toHaveValue("confirmed");

  // The queue: its filters in the shared sheet; its export carries every filter, 'only reported' too.
  await page.goto("/admin/moderacio?estat=published");
  await page.getByLabel("Només amb denúncies").check();
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/[?&]estat=published(&|$)/);
  await expect(page).toHaveURL(/[?&]denunciades=1(&|$)/);
  await expect(page.getByRole("link", { name: "Exporta aquestes aportacions en CSV" })).toHaveAttribute(
    "href",
    "/admin/export/contributions.csv?estat=published&denunciades=1",
  );

  // The audit log: the same form, the same words.
  await page.goto("/admin/auditoria");
  await page.getByLabel("Des del dia").fill("2001-01-01");
  await page.getByLabel("Fins al dia").fill("2001-01-31");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/[?&]des-de=2001-01-01&fins-a=2001-01-31(&|$)/);
  await expect(page.getByText("Cap entrada coincideix amb els filtres.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Exporta CSV" })).toHaveAttribute(
    "href",
    "/admin/export/audit.csv?des-de=2001-01-01&fins-a=2001-01-31",
  );
  await expectAccessible(page, "audit log, filtered");
});
