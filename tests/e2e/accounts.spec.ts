import fs from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { simpleParser } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, expectAccessible, signIn, signOut, test, unique } from "./fixtures";

// Staff accounts (decisions 032 and 033) through the built site: an administrator invites a
// moderator, who accepts through the link in the outbox, enrols the second factor, signs in with
// it, and finds the accounts and content screens closed.

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

async function invitationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (to.toLowerCase() === address) link = (mail.text ?? "").match(/https?:\/\/\S+\/admin\/invitacio\/\S+/)?.[0];
      }
      return link;
    })
    .toBeDefined();
  return link!;
}

const code = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

test("invite, accept, enrol the second factor, sign in with it; the moderator's nav and refusals", async ({ page, browser }) => {
  // A long story, with four password hashings and six axe runs.
  test.setTimeout(120_000);
  const email = `moderadora-${unique()}@penedes.cat`;
  const password = "una-contrasenya-llarga";

  await signIn(page);
  await page.goto("/admin/comptes");
  await expect(page.getByRole("heading", { name: "Comptes", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Correu electrònic").fill(email);
  await page.getByLabel("Rol", { exact: true }).selectOption("moderator");
  await page.getByRole("button", { name: "Convida una persona" }).click();
  await expect(page.getByText(`Invitació enviada a ${email}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Invitacions pendents" })).toBeVisible();

  // The colleague, in a browser of their own.
  const link = await invitationLink(email);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { name: "Invitació al backoffice" })).toBeVisible();
  await expectAccessible(other);
  await other.getByLabel("Contrasenya nova").fill(password);
  await other.getByLabel("Repeteix la contrasenya").fill(password);
  await other.getByRole("button", { name: "Crea el compte" }).click();
  await expect(other).toHaveURL(/\/admin\/compte$/);
  await expect(other.getByRole("heading", { name: "El meu compte" })).toBeVisible();

  // The moderator's nav: contributions, not content nor accounts.
  const nav = other.getByRole("navigation", { name: "Navegació del backoffice" });
  await expect(nav.getByRole("link", { name: "Testimonis" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Subscriptors" })).toBeVisible();
  for (const hidden of ["Comptes", "Activitats", "Vídeos", "Mapa i qüestionari", "Registre d'activitat"])
    await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

  // Enrolment: QR code and key, then a code, then the recovery codes once.
  await other.getByRole("button", { name: "Activa la verificació en dos passos" }).click();
  await expect(other.getByRole("img", { name: /Codi QR/ })).toBeVisible();
  await expectAccessible(other);
  const secret = (await other.getByTestId("totp-secret").textContent())!.trim();
  await other.getByLabel("Codi de 6 xifres").fill(code(secret));
  await other.getByRole("button", { name: "Confirma" }).click();
  await expect(other.getByRole("list", { name: "Codis de recuperació" }).getByRole("listitem")).toHaveCount(10);
  await expectAccessible(other);

  // Signing in again: the password, then the code (of the next step: each step serves once).
  await signOut(other);
  await expect(other).toHaveURL(/\/admin\/login/);
  await other.getByLabel("Correu electrònic").fill(email);
  await other.getByLabel("Contrasenya").fill(password);
  await other.getByRole("button", { name: "Entra" }).click();
  await expect(other).toHaveURL(/\/admin\/verificacio$/);
  await expectAccessible(other);
  await other.getByLabel("Codi").fill("000000");
  await other.getByRole("button", { name: "Verifica" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "El codi no és correcte" })).toBeVisible();
  await other.getByLabel("Codi").fill(code(secret, Date.now() + 30_000));
  await other.getByRole("button", { name: "Verifica" }).click();
  await expect(other).toHaveURL(/\/admin\/dashboard$/);

  // What a moderator may not open is refused by the server, not just hidden.
  for (const closed of ["/admin/comptes", "/admin/activitats", "/admin/auditoria"]) {
    const res = await other.goto(closed);
    expect(res!.status(), closed).toBe(403);
    await expect(other.getByRole("heading", { name: "No tens permís" })).toBeVisible();
  }
  await expectAccessible(other);
  expect((await other.goto("/admin/export/audit.csv").catch(() => null))?.status() ?? 403).toBe(403);
  // The same addresses spelled otherwise are the same pages to the router, and to the roles (issue
  // 29: the audit log was the moderator's at audit%2Ecsv); a path encoded twice, or with an encoded
  // slash, is nobody's.
  for (const spelling of ["/admin/export/audit%2Ecsv", "/admin/export/%61udit.csv", "/ADMIN/EXPORT/AUDIT.CSV", "/admin/%63omptes"])
    expect((await other.request.get(spelling, { maxRedirects: 0 })).status(), spelling).toBe(403);
  for (const ambiguous of ["/admin/export%2Faudit.csv", "/admin/export/%2561udit.csv"])
    expect((await other.request.get(ambiguous, { maxRedirects: 0 })).status(), ambiguous).toBe(400);
  const open = await other.goto("/admin/testimonis?estat=published");
  expect(open!.status()).toBe(200);
  // A moderator hides; deleting is the administrators' (decision 051): no "Més accions" at all.
  await expect(other.getByRole("button", { name: "Amaga" }).first()).toBeVisible();
  await expect(other.getByRole("button", { name: /^Més accions/ })).toHaveCount(0);
  await other.goto("/admin/moderacio?estat=hidden");
  await expect(other.getByRole("heading", { level: 1, name: "Moderació" })).toBeVisible();
  await expect(other.getByRole("button", { name: /^Més accions/ })).toHaveCount(0);
  await expect(other.getByRole("button", { name: /Elimina/ })).toHaveCount(0);
  await context.close();

  // The administrator sees it all in the log.
  await page.goto(`/admin/auditoria?compte=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Registre d'activitat" })).toBeVisible();
  // In Catalan, never by the action's code.
  await expect(page.getByRole("cell", { name: "Inici de sessió fallit" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Activació de la verificació en dos passos" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "sign_in_failed" })).toHaveCount(0);
  await expectAccessible(page);
  const csv = await page.request.get(`/admin/export/audit.csv?compte=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  expect((await csv.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
});
