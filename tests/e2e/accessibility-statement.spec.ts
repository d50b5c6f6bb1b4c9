import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { adminPaths } from "../../app/lib/admin-paths";
import { localePaths } from "../../app/lib/routes";
import { expect, expectAccessible, expectAccessibleWithoutJavaScript, hydrated, signIn, test, toast, unique, visitor } from "./fixtures";

// The accessibility statement (issue 33): the model's sections in each language, linked from every
// footer, with the parts staff write from the back office, and the last review's date.

test("staff edit the statement's variable parts; the public page follows in each language, staff's words marked Catalan", async ({
  page,
}) => {
  // Four page loads, three saves and two axe runs on a page that now holds the request form.
  test.setTimeout(60_000);
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

// The statement's form (issue 33): communications and requests for accessible information.

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

async function mailTo(address: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (to.toLowerCase() === address) found = mail;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, ...visitor(233) });

  test("a request is refused field by field in Catalan, then sent, acknowledged on the page and by e-mail", async ({ page }) => {
    // Two axe runs on copies of the page, a mail to wait for, a staff sign-in.
    test.setTimeout(90_000);
    const email = `persona-${unique()}@example.cat`;
    await page.goto(localePaths("ca").accessibility);
    const form = page.getByRole("region", { name: "Comunicacions i sol·licituds d'informació accessible" });
    await form.getByLabel("Demanar informació en un format accessible").check();
    await form.getByLabel("Missatge").fill("Necessito el PDF del pla en format de text.");
    await form.getByLabel("Correu electrònic").fill(email);
    await form.getByRole("button", { name: "Envia la sol·licitud" }).click();
    // The page or content was left empty: said beside its field, the rest kept.
    await expect(page.getByText("Indica la pàgina o el contingut de què es tracta.")).toBeVisible();
    await expect(page.getByLabel("Missatge")).toHaveValue("Necessito el PDF del pla en format de text.");
    await expectAccessibleWithoutJavaScript(page);
    await page.getByLabel("Demanar informació en un format accessible").check();
    await page.getByLabel("Pàgina o contingut").fill("Recursos: el document del pla");
    await page.getByLabel("Correu electrònic").fill(email);
    await page.getByRole("button", { name: "Envia la sol·licitud" }).click();
    await expect(page.getByRole("heading", { name: "Hem rebut la teva sol·licitud" })).toBeVisible();
    await expect(page.getByText(/La referència és [0-9A-F]{8}\. T'hem enviat un justificant/)).toBeVisible();
    await expectAccessibleWithoutJavaScript(page);
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/^Hem rebut la teva sol·licitud d'accessibilitat \([0-9A-F]{8}\)$/);
    expect(mail.text).toContain("Recursos: el document del pla");
    // Only the valid send was stored: the queue holds it once.
    const staff = await page.context().browser()!.newContext();
    const admin = await staff.newPage();
    await signIn(admin);
    await admin.goto(`${adminPaths.adminAccessibilityRequests}?q=${encodeURIComponent(email)}`);
    await expect(admin.getByRole("row").filter({ hasText: email })).toHaveCount(1);
    await staff.close();
  });
});

test("with JavaScript: the request is acknowledged in place; staff find it in the queue with its due date and mark it answered", async ({
  page,
}) => {
  // Three axe runs, a mail to wait for, a staff sign-in.
  test.setTimeout(90_000);
  const email = `amb-js-${unique()}@example.cat`;
  await page.goto(localePaths("ca").accessibility);
  const form = page.getByRole("region", { name: "Comunicacions i sol·licituds d'informació accessible" });
  await expectAccessible(page);
  await form.getByLabel("Comunicar un problema d'accessibilitat o fer un suggeriment").check();
  await form.getByLabel("Pàgina o contingut").fill("Mapa de propostes");
  await form.getByLabel("Missatge").fill("No puc marcar un punt amb el teclat.");
  await form.getByLabel("Correu electrònic").fill(email);
  await form.getByLabel("Nom (opcional)").fill("Pere");
  await form.getByRole("button", { name: "Envia la sol·licitud" }).click();
  await expect(form.getByRole("heading", { name: "Hem rebut la teva sol·licitud" })).toBeFocused();
  await expectAccessible(page);
  await mailTo(email);

  await signIn(page);
  await page.goto(adminPaths.adminAccessibility);
  await page.getByRole("link", { name: /^Sol·licituds rebudes/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sol·licituds d'accessibilitat" })).toBeVisible();
  await page.goto(`${adminPaths.adminAccessibilityRequests}?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Comunicació");
  await expect(row).toContainText("No puc marcar un punt amb el teclat.");
  await expect(row.locator('td[data-label="Data límit"] time')).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  await expect(row).toContainText("Pendent");
  await expectAccessible(page);
  await row.getByRole("button", { name: /^Marca com a resposta/ }).click();
  await expect(toast(page, "Sol·licitud marcada com a resposta")).toBeVisible();
  await expect(row).toContainText("Resposta");
  await expect(row.getByRole("button", { name: /^Torna a pendent/ })).toBeVisible();
});
