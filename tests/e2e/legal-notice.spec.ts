import { adminPaths } from "../../app/lib/admin-paths";
import { localePaths } from "../../app/lib/routes";
import { expect, expectAccessible, hydrated, signIn, test, toast, unique } from "./fixtures";

// The legal notice from settings (issue 34, decision 071): staff write a part and set the retention
// period; the public notice follows in each language, staff's words marked Catalan.

test("staff edit the notice's DPO contact and the retention period; the public notice follows", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto(adminPaths.adminSettings);
  await hydrated(page);
  const months = page.getByLabel("Mesos que es conserven després del tancament");
  await months.fill("9");
  await page.getByRole("button", { name: "Desa el termini" }).click();
  await expect(toast(page, "Termini de conservació desat correctament")).toBeVisible();

  await page.getByRole("link", { name: "Avís legal i privacitat" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Avís legal i privacitat" })).toBeVisible();
  await hydrated(page);
  const dpo = `Delegat de protecció de dades ${unique()}: a través de la seu electrònica del Consell.`;
  const field = page.getByLabel("Contacte del delegat de protecció de dades");
  try {
    await field.fill("Escriu a dpd@exemple.cat");
    await page.getByRole("button", { name: "Desa" }).click();
    await expect(page.getByText(/no pot contenir cap adreça de correu/)).toBeVisible();
    await field.fill(dpo);
    await page.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Avís legal desat correctament")).toBeVisible();

    await page.goto(localePaths("ca").legal);
    await expect(page.getByText(dpo)).toBeVisible();
    await expect(page.getByText(/9 mesos després del seu tancament/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reutilització de la informació" })).toBeVisible();

    await page.goto(localePaths("en").legal);
    await expect(page.getByText(dpo)).toBeVisible();
    await expect(page.getByText(dpo).locator("xpath=ancestor::div[@lang='ca']")).toHaveCount(1);
    await expect(page.getByText(/for 9 months after it closes/)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await page.goto(adminPaths.adminLegalNotice);
    await hydrated(page);
    await page.getByLabel("Contacte del delegat de protecció de dades").fill("");
    await page.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Avís legal desat correctament")).toBeVisible();
    await page.goto(adminPaths.adminSettings);
    await hydrated(page);
    await page.getByLabel("Mesos que es conserven després del tancament").fill("6");
    await page.getByRole("button", { name: "Desa el termini" }).click();
    await expect(toast(page, "Termini de conservació desat correctament")).toBeVisible();
  }
});
