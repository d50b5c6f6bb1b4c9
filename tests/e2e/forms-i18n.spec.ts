import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, rememberCookieChoice, test, visitor } from "./fixtures";
import { catalanLeftIn } from "./i18n-support";

// The public forms in Spanish and English (issue 30): the validation messages and the answers in
// the page's language, with JavaScript and without; a sign-up made from /es/ gets its e-mail, and
// the pages its links open, in Spanish. The Catalan forms are participation.spec.ts's.

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function mailTo(address: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files.sort().reverse()) {
        const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (to.toLowerCase() === address.toLowerCase()) return (found = mail);
      }
      return undefined;
    })
    .toBeDefined();
  return found!;
}

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test.describe("the forms in English, with JavaScript", () => {
  test.use(visitor(131));

  test("the reflection form: English labels, and the browser's check says it in English", async ({ page }) => {
    await page.goto("/en/take-part/reflection");
    await expect(page.getByRole("heading", { level: 1, name: "Write a reflection" })).toBeVisible();
    await page.getByLabel("Your reflection").fill("More safe cycle lanes to the station");
    await page.getByLabel("E-mail address (optional)").fill("not-an-address");
    await expect(page.getByLabel(/I accept the privacy policy and agree to receive the newsletter/)).toBeVisible();
    await page.getByRole("button", { name: "Send the reflection" }).click();
    await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
    expect(catalanLeftIn(await page.locator("main").innerText(), "en", "forms")).toEqual([]);
  });

  test("the map's comment form posts to the English page and answers in English", async ({ page }) => {
    await page.goto("/en/take-part/map");
    const form = page.locator("form", { has: page.getByRole("button", { name: "Send the comment" }) });
    await form.getByLabel("Comment").fill("A cycle lane along the N-340, please");
    await form.getByLabel(/I have read and accept the privacy policy/).check();
    await form.getByRole("button", { name: "Send the comment" }).click();
    const done = page.getByRole("region", { name: "Thank you!" });
    await expect(done).toContainText("Your comment has been published.");
    await expect(done.getByRole("link", { name: "See your contribution" })).toHaveAttribute("href", /^\/en\/contributions\?/);
    expect(catalanLeftIn(await page.locator("main").innerText(), "en", "forms")).toEqual([]);
  });
});

test.describe("the forms in English, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, ...visitor(132) });

  test("the server's messages come back in English", async ({ page }) => {
    await page.goto("/en/take-part/reflection");
    await page.getByRole("button", { name: "Send the reflection" }).click();
    await expect(page).toHaveURL(/\/en\/take-part\/reflection$/);
    await expect(page.getByText("Please write your reflection")).toBeVisible();
    await page.goto("/en/newsletter");
    await page.getByRole("button", { name: "Sign me up" }).click();
    await expect(page.getByText("Please enter your e-mail address and accept the privacy policy.")).toBeVisible();
    expect(catalanLeftIn(await page.locator("main").innerText(), "en", "forms")).toEqual([]);
  });
});

test.describe("a sign-up from /es/", () => {
  test.use(visitor(133));

  test("is answered, written to and confirmed in Spanish", async ({ page }) => {
    const address = `es.${unique()}@example.cat`;
    await page.goto("/es/newsletter");
    const section = page.getByRole("region", { name: "Suscríbete a la newsletter" });
    await section.getByLabel("Correo electrónico").fill(address);
    await section.getByLabel(/Acepto la política de privacidad/).check();
    await section.getByRole("button", { name: "Suscríbeme" }).click();
    const done = section.getByRole("region", { name: "¡Suscripción confirmada!" });
    await expect(done).toContainText("te hemos enviado un correo para confirmar la dirección");
    await expect(done).toContainText(`Dirección: ${address}`);
    expect(catalanLeftIn(await page.locator("main").innerText(), "es", "forms")).toEqual([]);

    const mail = await mailTo(address);
    expect(mail.subject).toBe("Confirma tu suscripción a la newsletter");
    expect(mail.text).toContain("Hemos recibido una petición para suscribir esta dirección");
    expect(catalanLeftIn(`${mail.text}`, "es", "emails")).toEqual([]);
    const confirm = (mail.text ?? "").match(/https?:\/\/\S+\/es\/newsletter\/confirmar\/\S+/)![0];
    await page.goto(new URL(confirm).pathname);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "Confirma la suscripción" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¡Suscripción confirmada!" })).toBeVisible();
    await expect(page.getByText("Gracias por suscribirte. Recibirás novedades sobre la campaña.")).toBeVisible();
    expect(catalanLeftIn(await page.locator("main").innerText(), "es", "public", "newsletterLinks.")).toEqual([]);
  });
});
