import { adminPaths } from "../../app/lib/admin-paths";
import { localePaths } from "../../app/lib/routes";
import { expect, expectAccessible, hydrated, signIn, test, toast, unique } from "./fixtures";

// The accessibility statement (issue 33): the model's sections in each language, linked from every
// footer, with the parts staff write from the back office, and the last review's date.

test("staff edit the statement's variable parts; the public page follows in each language, staff's words marked Catalan", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(adminPaths.adminAccessibility);
  await hydrated(page);
  await expectAccessible(page);
  const unit = `Àrea de Mobilitat ${unique()}`;
  const field = page.getByLabel("Unitat responsable");
  const original = await field.inputValue();
  try {
    await field.fill(unit);
    await page.getByLabel("Plenament conforme").check();
    await page.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Declaració d'accessibilitat desada correctament")).toBeVisible();

    await page.goto(localePaths("ca").accessibility);
    await expect(page.getByRole("heading", { level: 1, name: "Declaració d'accessibilitat" })).toBeVisible();
    await expect(page.getByText("Aquest web és plenament conforme amb el Reial decret 1112/2018.")).toBeVisible();
    await expect(page.getByText(unit)).toBeVisible();
    const today = new Intl.DateTimeFormat("ca-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" }).format(
      new Date(),
    );
    await expect(page.getByText(`Darrera revisió de la declaració: ${today}.`)).toBeVisible();

    await page.goto(localePaths("en").accessibility);
    await expect(page.getByRole("heading", { level: 1, name: "Accessibility statement" })).toBeVisible();
    await expect(page.getByText("This website is fully compliant with Royal Decree 1112/2018.")).toBeVisible();
    await expect(page.getByText(unit)).toHaveAttribute("lang", "ca");
    await expectAccessible(page);
  } finally {
    await page.goto(adminPaths.adminAccessibility);
    await page.getByLabel("Unitat responsable").fill(original);
    await page.getByLabel("Parcialment conforme").check();
    await page.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Declaració d'accessibilitat desada correctament")).toBeVisible();
  }
});

test("every footer links to the statement in its language", async ({ page }) => {
  for (const [path, name, to] of [
    ["/", "Declaració d'accessibilitat", localePaths("ca").accessibility],
    ["/es/testimonios", "Declaración de accesibilidad", localePaths("es").accessibility],
    ["/en/take-part", "Accessibility statement", localePaths("en").accessibility],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name })).toHaveAttribute("href", to);
  }
});
