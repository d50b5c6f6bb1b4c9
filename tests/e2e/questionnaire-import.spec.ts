import { expect, expectAccessible, signIn, test, unique } from "./fixtures";

// Issue 32 (decision 076): staff upload the questionnaire's CSV, map its columns over a preview,
// import it and find its answers on the coding screen; a visitor chooses a municipality in the
// reflection form; axe (wcag22aa) on each step of the new screen.

test("staff upload a questionnaire CSV, map its columns, see the preview, import, and code the answers", async ({ page }) => {
  test.slow();
  const marker = unique();
  const csv =
    "\uFEFFMarca de temps;Municipi;Què milloraries?\r\n" +
    `23/11/2026 10:05:00;SANT SADURNI D'ANOIA;"Un carril segur fins a l'escola ${marker};\nsobretot al matí"\r\n` +
    `24/11/2026 18:30:00;Barcelona;Aparcaments a l'estació ${marker}\r\n`;
  await signIn(page);
  await page.goto("/admin/questionari");
  await expect(page.getByRole("heading", { name: "Importa el qüestionari" })).toBeVisible();
  await expectAccessible(page, "questionnaire upload step");
  await page
    .getByLabel("Fitxer del qüestionari")
    .setInputFiles({ name: `questionari-${marker}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Puja i continua" }).click();
  await expect(page).toHaveURL(/\/admin\/questionari\?fitxer=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: `2. Tria les columnes de «questionari-${marker}.csv»` })).toBeVisible();
  const preview = page.getByTestId("questionnaire-preview");
  await expect(preview.getByRole("columnheader")).toHaveText(["Marca de temps", "Municipi", "Què milloraries?"]);
  await expect(preview.getByRole("row")).toHaveCount(3);
  await expect(preview).toContainText(`Un carril segur fins a l'escola ${marker};`);
  // The municipality and the date are guessed from the headers; the text is chosen by staff.
  await expect(page.getByLabel("Columna del municipi")).toHaveValue("1");
  await expect(page.getByLabel("Columna de la data")).toHaveValue("0");
  await expectAccessible(page, "questionnaire mapping step");
  await page.getByLabel("Columna del text (obligatòria)").selectOption({ label: "Què milloraries?" });
  await page.getByRole("button", { name: "Importa 2 files" }).click();
  const result = page.getByRole("status").filter({ hasText: "S'han importat 2 respostes." });
  await expect(result).toContainText("1 resposta té un municipi que no és de la llista");
  await expectAccessible(page, "questionnaire imported");
  await result.getByRole("link", { name: "Codifica les respostes del qüestionari" }).click();
  await expect(page).toHaveURL(/\/admin\/codificacio\?tipus=questionnaire$/);
  await page.goto(`/admin/codificacio?tipus=questionnaire&q=${marker}`);
  const rows = page.locator("li").filter({ hasText: marker });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Un carril segur" })).toContainText("Sant Sadurní d'Anoia");
  await expect(rows.first()).toContainText("Resposta al qüestionari");
  await expect(rows.first()).toContainText("Privada");
});

test("a visitor chooses a municipality in the reflection form, and staff see it", async ({ page }) => {
  const marker = unique();
  await page.goto("/participa/reflexio");
  await page.getByLabel("La teva reflexió").fill(`Un camí segur ${marker}`);
  const municipality = page.getByLabel("El teu municipi (opcional)");
  await expect(municipality.locator("option").first()).toHaveText("Prefereixo no dir-ho");
  await municipality.selectOption("Gelida");
  await page.getByRole("button", { name: "Envia la reflexió" }).click();
  await expect(page.getByRole("region", { name: "Reflexió enviada correctament! Gràcies per la teva participació." })).toBeVisible();
  await signIn(page);
  await page.goto(`/admin/reflexions?q=${marker}&municipi=Gelida`);
  await expect(page.locator("li").filter({ hasText: marker })).toContainText("Gelida");
});
