import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_ADMIN, E2E_DATA_DIR } from "../../playwright.config";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJavaScript,
  rememberCookieChoice,
  signIn,
  subscribeOnHome,
  test,
} from "./fixtures";

// The newsletter's double opt-in and unsubscribe (decision 023), through the built site: the
// server has no SMTP_URL, so its messages are .eml files in the data folder's outbox.

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The message the site wrote to this address (waits for it), the last one with `subject` if given. */
async function mailTo(address: string, subject?: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files.sort().reverse()) {
        const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (to.toLowerCase() === address.toLowerCase() && (subject === undefined || mail.subject === subject)) return (found = mail);
      }
      return undefined;
    })
    .toBeDefined();
  return found!;
}

function linksOf(mail: ParsedMail) {
  const urls = (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  for (const url of urls) expect(decodeURIComponent(url), "no e-mail address in a link").not.toMatch(/@/);
  return {
    confirm: urls.find((u) => u.includes("/newsletter/confirma/"))!,
    unsubscribe: urls.find((u) => u.includes("/newsletter/baixa/"))!,
  };
}

test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("subscribe on the home page, confirm from the e-mail's link, unsubscribe from it", async ({ page, request }) => {
  // Three pages, three axe-core runs and a dozen navigations: about 25 s on a quiet machine.
  test.slow();
  const address = `Confirma.${unique()}@Example.cat`;
  await subscribeOnHome(page, address);

  const mail = await mailTo(address);
  expect(mail.subject).toBe("Confirma la teva subscripció a la newsletter");
  expect(mail.text).toContain("a la newsletter d'Al Penedès, la bici ens mou!");
  const { confirm, unsubscribe } = linksOf(mail);
  // (mailparser folds the List-* headers into one object: the lines are as sent.)
  const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, " ");
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribe}>`);

  // Opening the link only asks (a mail gateway's link scanner opens every link); the button confirms.
  const opened = await page.goto(confirm);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirma la subscripció");
  await expectAccessible(page, "newsletter confirmation asked");
  await page.getByRole("button", { name: "Confirma la subscripció" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscripció confirmada!");
  await expect(page.getByText("Gràcies per subscriure't.")).toBeVisible();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expectAccessible(page, "newsletter confirmed");
  // Following it again says the same; the page was never kept for another visitor.
  await page.goto(confirm);
  await expect(page.getByText("Aquesta subscripció ja estava confirmada.")).toBeVisible();

  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vols donar-te de baixa de la newsletter?");
  await expectAccessible(page, "newsletter unsubscribe");
  await page.getByRole("button", { name: "Dona'm de baixa" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("T'has donat de baixa");
  await expect(page.getByRole("status")).toContainText("hem esborrat la teva adreça de correu");
  await expectAccessible(page, "newsletter unsubscribed");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ja no estàs subscrit");
  // The confirmation link of the erased subscription.
  const gone = await request.get(confirm);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain("Aquesta subscripció ja no existeix");
});

test("a page with a token is never kept by the page cache, and no address reaches it", async ({ request }) => {
  const address = `cache.${unique()}@example.cat`;
  const res = await request.post("/newsletter", { form: { email: address, privacy: "on" } });
  expect(res.status()).toBe(200);
  const { confirm, unsubscribe } = linksOf(await mailTo(address));
  for (const url of [unsubscribe, confirm, unsubscribe]) {
    for (let i = 0; i < 2; i++) {
      const page = await request.get(url);
      expect(page.status(), url).toBe(200);
      expect(page.headers()["x-cache"], url).toBe("MISS");
      expect(page.headers()["cache-control"], url).toBe("no-store");
      expect(await page.text()).not.toMatch(/[\w.+-]+@example\.cat/i);
    }
  }
});

test("the one-click POST of a mail client unsubscribes, idempotently, without a session or JavaScript", async ({ request }) => {
  const address = `unclic.${unique()}@example.cat`;
  expect((await request.post("/newsletter", { form: { email: address, privacy: "on" } })).status()).toBe(200);
  const { unsubscribe } = linksOf(await mailTo(address));
  for (let i = 0; i < 2; i++) {
    // As RFC 8058 has it: a form body, from the mail provider's server (no Origin, no cookie).
    const res = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("T&#x27;has donat de baixa");
  }
  expect(await (await request.get(unsubscribe)).text()).toContain("Ja no estàs subscrit");
  // Subscribing again is a new subscription, not the duplicate message.
  expect((await request.post("/newsletter", { form: { email: address, privacy: "on" } })).status()).toBe(200);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the unsubscribe button works, and a forged link gets a clear page", async ({ page, request }) => {
    const address = `sensejs.${unique()}@example.cat`;
    expect((await request.post("/newsletter", { form: { email: address, privacy: "on" } })).status()).toBe(200);
    const { unsubscribe } = linksOf(await mailTo(address));
    await page.goto(unsubscribe);
    await expectAccessibleWithoutJavaScript(page, "unsubscribe without JavaScript");
    await page.getByRole("button", { name: "Dona'm de baixa" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("T'has donat de baixa");

    const forged = await page.goto(unsubscribe.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(forged?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enllaç no vàlid");
    await expectAccessibleWithoutJavaScript(page, "forged unsubscribe link");
    const badConfirm = await page.goto("/newsletter/confirma/no-és-un-enllaç");
    expect(badConfirm?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enllaç no vàlid");
  });
});

test("staff compose a newsletter with a live preview, send themselves a test, then send it and watch it go", async ({ page, request }) => {
  // A subscription confirmed from its e-mail, the sign-in, two sends and an axe-core run.
  test.slow();
  const address = `lector.${unique()}@example.cat`;
  expect((await request.post("/newsletter", { form: { email: address, privacy: "on" } })).status()).toBe(200);
  // The confirmation page's button (a POST, as the page sends it).
  expect((await request.post(linksOf(await mailTo(address)).confirm)).status()).toBe(200);

  await signIn(page);
  await page.getByRole("link", { name: "Enviar newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enviar newsletter" })).toBeVisible();
  const subject = `Novetats ${unique()}`;
  await page.getByLabel("Assumpte").fill(subject);
  await page.getByLabel("Text (Markdown)").fill("## El traçat\n\nJa és **definitiu**: mira [el mapa](/participa).");
  // The preview follows the typing, rendered as the site renders Markdown.
  const preview = page.getByRole("region", { name: "Previsualització" });
  await expect(preview.getByRole("heading", { level: 2, name: "El traçat" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("definitiu");
  await expect(preview.getByRole("link", { name: "el mapa" })).toHaveAttribute("href", "/participa");
  await expect(preview).toContainText(subject);
  await expectAccessible(page, "newsletter compose");

  await page.getByRole("button", { name: "Envia'm una prova" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Prova enviada a ${E2E_ADMIN.email}` })).toBeVisible();
  const trial = await mailTo(E2E_ADMIN.email, `[Prova] ${subject}`);
  expect(String(trial.html)).toContain("<strong>definitiu</strong>");

  await page.getByRole("button", { name: /^Envia a \d+ subscriptors?$/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Enviar la newsletter" });
  await expect(dialog).toContainText("Un cop comenci l'enviament no es pot aturar.");
  await dialog.getByRole("button", { name: "Envia", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /Newsletter en cua per a \d+ subscriptors?/ })).toBeVisible();
  // Progress while it goes (the worker looks at the queue every 2 s), then the history.
  await expect(page.getByRole("heading", { name: `S'està enviant «${subject}»` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Enviats: \d+ · Fallits: 0 · Pendents: \d+/ })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row.getByText("Enviada")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: `S'està enviant «${subject}»` })).toHaveCount(0);
  // The editor is empty again, for the next one.
  await expect(page.getByLabel("Assumpte")).toHaveValue("");

  // The subscriber's message: their own unsubscribe link, in the text and in the headers, works.
  const mail = await mailTo(address, subject);
  const { unsubscribe } = linksOf(mail);
  const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, " ");
  expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${unsubscribe}>`);
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(String(mail.html)).toMatch(/<a href="http:\/\/[^"]+\/participa">el mapa<\/a>/);
  expect((await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
  expect(await (await request.get(unsubscribe)).text()).toContain("Ja no estàs subscrit");
});
