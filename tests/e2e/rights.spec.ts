import fs from "node:fs";
import path from "node:path";
import JSZip from "jszip";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { adminPaths } from "../../app/lib/admin-paths";
import { localePaths } from "../../app/lib/routes";
import { expect, expectAccessible, postFrom, rememberCookieChoice, signIn, test, unique } from "./fixtures";

// People's rights over their data (issue 34, decision 072), through the built site: a person who
// sent a reflection asks from the legal notice to erase their data, confirms it from the e-mail in
// the outbox (the e2e server has no SMTP_URL), and staff find the request, export the address's
// data as a ZIP and erase it.

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

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("a person asks to erase their data and confirms by e-mail; staff export it as a ZIP and erase it", async ({ page }) => {
  // Four axe runs, a mail to wait for, a download, a staff sign-in.
  test.setTimeout(90_000);
  const email = `drets-${unique()}@example.cat`;
  const text = `Vull un carril bici fins a l'estació ${unique()}`;
  // The person's contribution, sent as a browser without JavaScript sends it.
  const sent = await postFrom("127.0.0.34", "/participa/reflexio", { reflection: text, name: "Roser", email, privacy: "on" });
  expect(sent.status).toBe(200);

  // From the legal notice to the form.
  await page.goto(localePaths("ca").legal);
  await page.getByRole("link", { name: "formulari de drets sobre les dades" }).click();
  await expect(page).toHaveURL(localePaths("ca").rightsRequest);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drets sobre les teves dades");
  await expectAccessible(page, "rights request form");
  await page.getByLabel("Correu electrònic").fill("no-és-un-correu");
  await page.getByLabel("Que esborreu les meves dades").check();
  await page.getByRole("button", { name: "Envia la sol·licitud" }).click();
  // Said in Catalan beside its field; nothing stored (the queue below holds the valid one only).
  await expect(page.getByText("Introdueix una adreça de correu vàlida.")).toBeVisible();
  await page.getByLabel("Correu electrònic").fill(email);
  await page.getByLabel("Comentaris (opcional)").fill("Esborreu només el nom i l'adreça.");
  await page.getByRole("button", { name: "Envia la sol·licitud" }).click();
  await expect(page.getByRole("heading", { name: "Mira el teu correu" })).toBeVisible();
  // Nothing on the page names the address.
  expect(await page.content()).not.toContain(email);

  const mail = await mailTo(email);
  expect(mail.subject).toBe("Confirma la teva sol·licitud sobre les teves dades");
  const link = (mail.text ?? "").match(/https?:\/\/\S+\/drets\/confirma\/\S+/)?.[0];
  expect(link).toBeDefined();
  expect(decodeURIComponent(link!)).not.toContain("@");
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirma la sol·licitud");
  await expectAccessible(page, "rights confirmation");
  await page.getByRole("button", { name: "Confirma la sol·licitud" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sol·licitud confirmada");
  await expect(page.getByText(/La referència és [0-9A-F]{8}\. Et respondrem per correu electrònic com a màxim el/)).toBeVisible();

  // Staff: the queue, the address's data, the ZIP, the erasure.
  await signIn(page);
  await page.goto(adminPaths.adminRights);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drets sobre les dades");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Supressió");
  await expect(row).toContainText("Pendent");
  await row.getByRole("link", { name: email }).click();
  const found = page.getByRole("region", { name: `Dades de ${email}` });
  await expect(found).toContainText("Reflexions: 1");
  await expect(found.getByRole("cell", { name: text })).toBeVisible();
  await expectAccessible(page, "rights screen with an address");

  const [download] = await Promise.all([page.waitForEvent("download"), found.getByRole("link", { name: /Exporta en ZIP/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^dades-personals-[0-9a-f]{16}\.zip$/);
  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  const json = JSON.parse(await zip.file("dades.json")!.async("string")) as Record<string, { reflection?: string }[]>;
  expect(json.reflexions!.map((r) => r.reflection)).toEqual([text]);
  expect(await zip.file("reflexions.csv")!.async("string")).toContain(text);

  await found.getByLabel(/Només les dades personals/).check();
  await found.getByRole("button", { name: "Esborra les dades" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("els textos es mantindran, anònims");
  await dialog.getByRole("button", { name: "Esborra" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Dades esborrades" }).first()).toBeVisible();
  await expect(found).toContainText("Reflexions: 0");
  // The request is done, and keeps no address.
  await page.goto(adminPaths.adminRights);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});
