import { expect, expectAccessible, signIn, test } from "./fixtures";

// Staff texts in three languages (decision 062): an editor writes an activity's Spanish title in its
// tab; /es/ shows it, /en/ shows the Catalan title marked lang="ca", and "Falten traduccions" lists
// the missing English.

test("an activity's Spanish title from its tab reaches /es/; /en/ shows the Catalan marked lang=ca; the missing English is listed", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/activitats");
  await page.getByRole("button", { name: "Nova activitat" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Títol").fill("Pedalada trilingüe E2E");
  await dialog.getByLabel("Data").fill("2030-07-01");
  await dialog.getByRole("tab", { name: "Castellano" }).click();
  // Only the open tab's fields are on the page; the Catalan ones stay in the form, hidden.
  await expect(dialog.getByLabel("Títol en castellà")).toBeVisible();
  await expect(dialog.getByLabel("Títol en anglès")).toHaveCount(0);
  await dialog.getByLabel("Títol en castellà").fill("Pedaleada trilingüe E2E");
  await expectAccessible(page, "activity dialog, Spanish tab");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Activitat creada correctament" }).first()).toBeVisible();

  // The Spanish tab keeps what was saved.
  await page.getByRole("button", { name: "Edita Pedalada trilingüe E2E" }).click();
  await page.getByRole("dialog").getByRole("tab", { name: "Castellano" }).click();
  await expect(page.getByRole("dialog").getByLabel("Títol en castellà")).toHaveValue("Pedaleada trilingüe E2E");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel·la" }).click();

  await page.goto("/es");
  const spanish = page.getByRole("heading", { name: "Pedaleada trilingüe E2E" });
  await expect(spanish).toBeVisible();
  expect(await spanish.getAttribute("lang")).toBeNull();
  await expect(page.getByText("Pedalada trilingüe E2E", { exact: true })).toHaveCount(0);

  await page.goto("/en");
  const english = page.getByRole("heading", { name: "Pedalada trilingüe E2E" });
  await expect(english).toBeVisible();
  await expect(english).toHaveAttribute("lang", "ca");

  await page.goto("/");
  const catalan = page.getByRole("heading", { name: "Pedalada trilingüe E2E" });
  await expect(catalan).toBeVisible();
  expect(await catalan.getAttribute("lang")).toBeNull();

  await page.goto("/admin/traduccions");
  await expect(page.getByRole("heading", { name: "Falten traduccions", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Pedalada trilingüe E2E" });
  await expect(row.getByRole("cell").nth(0)).toHaveText("Activitat");
  // Spanish: only the link's text is missing; English: the title and the link's text.
  await expect(row.getByRole("cell").nth(2)).toHaveText("Text de l'enllaç");
  await expect(row.getByRole("cell").nth(3)).toHaveText("Títol, Text de l'enllaç");
  await expectAccessible(page, "missing translations");
  await page.getByRole("link", { name: "Només anglès" }).click();
  await expect(page).toHaveURL(/\/admin\/traduccions\?llengua=en$/);
  await expect(page.getByRole("row").filter({ hasText: "Pedalada trilingüe E2E" }).getByRole("cell").nth(2)).toHaveText("—");

  // Leave nothing behind.
  await page.goto("/admin/activitats");
  await page.getByRole("button", { name: "Elimina Pedalada trilingüe E2E" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByRole("button", { name: "Elimina Pedalada trilingüe E2E" })).toHaveCount(0);
});
