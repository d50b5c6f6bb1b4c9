import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, expectAccessible, hydrated, rememberCookieChoice, signIn, test, toast, unique } from "./fixtures";

// Following a result of the plan (issue 35, decision 069), through the built site: a visitor
// follows a public result with only an e-mail address, confirms from the outbox's message (the e2e
// server has no SMTP_URL), staff add a timeline entry, and the news e-mail is in the outbox with
// its one-click way out. The result is deleted at the end (the header's tracker link is there only
// while a result is public, and the other specs read the header as seeded).

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

/** The message the site wrote to this address whose subject matches (waits for it). */
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
        for (const file of files.sort().reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
          if (to.toLowerCase() === address.toLowerCase() && subject.test(mail.subject ?? "")) return (found = mail);
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

test("a visitor follows a result, confirms from the e-mail, and hears of the staff's new timeline entry", async ({ page, browser }) => {
  test.slow();
  const title = `Aparcament de bicis ${unique()}`;
  const address = `segueix.${unique()}@example.cat`;

  await signIn(page);
  await page.goto("/admin/seguiment");
  await hydrated(page);
  await page.getByRole("button", { name: "Nova actuació" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nova actuació" });
  await dialog.getByLabel("Títol", { exact: true }).fill(title);
  await dialog.getByRole("combobox", { name: "Estat" }).selectOption({ label: "En projecte" });
  await dialog.getByText("Publicada (es veu al seguiment del pla)").click();
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Actuació creada correctament")).toBeVisible();

  try {
    // The visitor finds it on the tracker (a kept page may be 2 s stale, decision 026) and follows it.
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await rememberCookieChoice(site);
    const link = site.getByTestId("tracker-list").getByRole("link", { name: title });
    await expect(async () => {
      await site.goto("/seguiment-del-pla");
      await expect(link).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000, intervals: [500] });
    await link.click();
    await expect(site.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await hydrated(site);
    const form = site.getByTestId("follow-form");
    await form.getByLabel("Correu electrònic").fill(address);
    await form.getByRole("button", { name: "Segueix-la" }).click();
    await expect(form.getByRole("status")).toContainText("T'hem enviat un correu.");
    await expectAccessible(site, "result page with the follow form answered");
    await expect(site.getByText(address)).toHaveCount(0);

    // The confirmation: opening the link only asks; the button confirms.
    const confirmation = await mailTo(address, /^Confirma que vols seguir/);
    const confirm = (confirmation.text ?? "").match(/https?:\/\/\S+\/seguiment-del-pla\/confirma\/\S+/)![0];
    await site.goto(confirm);
    await expect(site.getByRole("heading", { level: 1 })).toHaveText("Confirma el seguiment");
    await site.getByRole("button", { name: "Confirma-ho" }).click();
    await expect(site.getByRole("heading", { level: 1 })).toHaveText("Seguiment confirmat!");
    await expectAccessible(site, "follow confirmed");
    await visitor.close();

    // Staff add a timeline entry: the follower's news e-mail is in the outbox.
    await page.getByRole("link", { name: "Fites de les actuacions" }).click();
    await hydrated(page);
    await page.getByRole("button", { name: "Nova fita" }).first().click();
    const entry = page.getByRole("dialog", { name: "Nova fita" });
    await entry.getByRole("combobox", { name: "Actuació" }).selectOption({ label: title });
    await entry.getByLabel("Data").fill("2026-11-20");
    await entry.getByLabel("Text", { exact: true }).fill("Aprovat el projecte");
    await entry.getByRole("button", { name: "Desa" }).click();
    await expect(toast(page, "Fita afegida correctament")).toBeVisible();

    const news = await mailTo(address, /^Novetats de l'actuació/);
    expect(news.subject).toBe(`Novetats de l'actuació: ${title}`);
    expect(news.text).toContain("Aprovat el projecte");
    const header = (name: string) => news.headerLines.find((h) => h.key === name)?.line;
    expect(header("list-unsubscribe")).toMatch(/\/seguiment-del-pla\/baixa\//);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  } finally {
    await page.goto("/admin/seguiment");
    await hydrated(page);
    await page.getByRole("button", { name: `Elimina ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
    await expect(toast(page, "Actuació eliminada correctament")).toBeVisible();
  }
});
