import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, expectAccessible, hydrated, signIn, test, toast, unique } from "./fixtures";

// Issue 31 (decision 061): staff answer a contribution from a phone, publish every answer at once,
// and a visitor sees the answer with the contribution; the new screens and dialogs pass axe.

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("staff answer from the answering screen, publish all, and a visitor sees the answer under the contribution", async ({
    page,
    request,
  }) => {
    test.slow();
    const text = `Cal un aparcament de bicis a l'estació ${unique()}`;
    expect((await request.post("/participa/reflexio", { form: { reflection: text } })).status()).toBe(200);

    await signIn(page);
    await page.goto(`/admin/respostes?resposta=sense&q=${encodeURIComponent(text)}`);
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "sense resposta" })).toBeVisible();
    await expectAccessible(page, "answering screen");
    // N: the next contribution without an answer, its state field focused.
    await page.keyboard.press("n");
    const state = page.getByRole("combobox", { name: "Estat de la resposta" });
    await expect(state).toBeFocused();
    await state.selectOption({ label: "Acceptada" });
    const form = page.getByRole("form", { name: "Resposta a aquesta reflexió" });
    await form.getByLabel("Text de la resposta (Markdown)").fill("L'Ajuntament ho **incorpora** al pla.\n\n- Estació de Vilafranca");
    await form.getByRole("button", { name: "Desa l'esborrany" }).click();
    await expect(toast(page, "Resposta desada com a esborrany")).toBeVisible();

    // A draft is not public.
    const visitor = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    const publicPage = await visitor.newPage();
    await publicPage.goto("/aportacions?tipus=reflection");
    await expect(publicPage.locator("article", { hasText: text })).toBeVisible();
    await expect(publicPage.locator("article", { hasText: text }).getByText("Resposta de l'Ajuntament")).toHaveCount(0);

    await page.getByRole("button", { name: "Publica totes les respostes" }).click();
    const dialog = page.getByRole("dialog", { name: "Publica totes les respostes" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "publish-all dialog");
    await dialog.getByRole("button", { name: /^Publica \d/ }).click();
    await expect(toast(page, "publicad")).toBeVisible();

    // The visitor sees it, once the page cache has caught up (decision 026).
    const card = publicPage.locator("article", { hasText: text });
    await expect
      .poll(
        async () => {
          await publicPage.goto("/aportacions?tipus=reflection");
          return card.getByText("Resposta de l'Ajuntament").count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await expect(card.getByText("Acceptada", { exact: true })).toBeVisible();
    await hydrated(publicPage);
    await card.getByRole("button", { name: "Veure aportació" }).click();
    const opened = publicPage.getByRole("dialog");
    await expect(opened.locator("strong", { hasText: "incorpora" })).toBeVisible();
    await expect(opened.getByRole("listitem").filter({ hasText: "Estació de Vilafranca" })).toBeVisible();
    await expectAccessible(publicPage, "contribution dialog with its answer");

    // The report page counts it.
    await publicPage.goto("/que-hem-escoltat");
    await expect(publicPage.getByRole("heading", { level: 1, name: "Què hem escoltat i què en farem" })).toBeVisible();
    const byState = publicPage.getByRole("table").first();
    await expect(byState.getByRole("row", { name: /Acceptada \d/ }).first()).toBeVisible();
    await expect(publicPage.getByText(/Aportacions amb resposta: \d+ de \d+\./)).toBeVisible();
    await expectAccessible(publicPage, "report page");

    // In Spanish and English the state's label is the translated one (decision 062), and the
    // filter's address keeps its Catalan word.
    await publicPage.goto("/es/aportaciones?tipus=reflection&resposta=acceptada");
    await expect(card.getByText("Aceptada", { exact: true })).toBeVisible();
    await expect(card.getByText("Acceptada", { exact: true })).toHaveCount(0);
    const filter = publicPage.getByRole("navigation", { name: "Filtrar por respuesta" });
    await expect(filter.getByRole("link", { name: "Aceptada", exact: true })).toHaveAttribute("aria-current", "page");
    await expectAccessible(publicPage, "contributions in Spanish with an answer");
    await publicPage.goto("/en/what-we-heard");
    await expect(
      publicPage
        .getByRole("table")
        .first()
        .getByRole("row", { name: /^Accepted \d/ })
        .first(),
    ).toBeVisible();
    await visitor.close();
  });
});

test("the answer states screen lists the defaults and refuses a colour white text cannot be read on", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/estats-resposta");
  await hydrated(page);
  for (const label of ["Acceptada", "Acceptada parcialment", "No acceptada", "Ja prevista al pla", "En estudi"])
    await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();
  await expectAccessible(page, "answer states");
  await page.getByRole("button", { name: "Nou estat" }).click();
  const dialog = page.getByRole("dialog", { name: "Nou estat" });
  // The label in Spanish and English, in the language tabs (decision 062).
  await dialog.getByRole("tab", { name: "English" }).click();
  await expect(dialog.getByLabel("Nom públic en anglès")).toBeVisible();
  await dialog.getByRole("tab", { name: "Català" }).click();
  await dialog.getByLabel("Nom públic").fill(`Estat ${unique()}`);
  await dialog.getByLabel("Color").fill("#ffeb3b");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(dialog.getByText(/El color és massa clar/)).toBeVisible();
  await expectAccessible(page, "answer state dialog with an error");
});

// Issue 31, second round (decision 068): a template, bulk answering of the filtered set, and the
// author who asked for it gets the answer by e-mail once (the e2e server writes mail to its outbox).
const OUTBOX = path.join(E2E_DATA_DIR, "outbox");
async function answerMailsTo(address: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
  const mails: ParsedMail[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
    const ours = ["L'Ajuntament ha respost la teva aportació", "L'Ajuntament ha actualitzat la resposta a la teva aportació"];
    if (to.toLowerCase() === address && ours.includes(mail.subject ?? "")) mails.push(mail);
  }
  return mails;
}

test("staff keep a template, answer a filtered set in bulk, publish, and the author who asked gets one e-mail", async ({
  page,
  request,
}) => {
  test.slow();
  const mark = unique();
  const email = `autora-${mark}@example.cat`.toLowerCase();
  const post = (form: Record<string, string>) => request.post("/participa/reflexio", { form });
  expect((await post({ reflection: `Bicis a l'estació ${mark}`, email, privacy: "on", answerConsent: "on" })).status()).toBe(200);
  expect((await post({ reflection: `Més carrils ${mark}` })).status()).toBe(200);

  await signIn(page);
  await page.goto("/admin/plantilles-resposta");
  await hydrated(page);
  await page.getByRole("button", { name: "Nova plantilla" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova plantilla" });
  await dialog.getByLabel("Estat").selectOption({ label: "Acceptada" });
  const title = `Acceptada ${mark}`;
  await dialog.getByLabel("Nom (només per a l'equip)").fill(title);
  await dialog.getByLabel("Text (Markdown)").fill("Gràcies: ho **incorporem** al pla director.");
  await expectAccessible(page, "template dialog");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Plantilla afegida correctament")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(page, "answer templates");

  await page.goto(`/admin/respostes?resposta=sense&q=${encodeURIComponent(mark)}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Resposta en bloc" }).click();
  const bulk = page.getByRole("dialog", { name: "Resposta en bloc" });
  await bulk.getByLabel("Estat").selectOption({ label: "Acceptada" });
  await bulk.getByLabel("Plantilla").selectOption({ label: title });
  await bulk.getByRole("radio", { name: /Totes les dels filtres/ }).check();
  await expectAccessible(page, "bulk answer dialog");
  await bulk.getByRole("button", { name: "Continua" }).click();
  await expect(bulk.getByRole("status")).toContainText("com a esborrany de 2 aportacions");
  await bulk.getByRole("button", { name: "Respon 2 aportacions" }).click();
  await expect(toast(page, "2 respostes desades com a esborrany")).toBeVisible();
  await expect(page.getByText("No hi ha cap aportació amb aquests filtres.")).toBeVisible();

  await page.getByRole("button", { name: "Publica totes les respostes" }).click();
  await page
    .getByRole("dialog", { name: "Publica totes les respostes" })
    .getByRole("button", { name: /^Publica \d/ })
    .click();
  await expect(toast(page, "publicad")).toBeVisible();

  await expect.poll(async () => (await answerMailsTo(email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await answerMailsTo(email);
  expect(mail!.text).toContain(`Bicis a l'estació ${mark}`);
  expect(mail!.text).toContain("Estat: Acceptada");
  expect(mail!.text).toContain("Gràcies: ho **incorporem** al pla director.");
  expect(mail!.text).toMatch(/\/aportacions\?tipus=reflection#aportacio-[0-9a-f-]{36}/);
  // Once: publishing all again (nothing new), and the worker's next rounds, send no second one.
  await page.waitForTimeout(7_000);
  expect(await answerMailsTo(email)).toHaveLength(1);

  // Staff correct the published answer and choose to tell the author: one more e-mail, saying so.
  await page.goto(`/admin/respostes?q=${encodeURIComponent(`Bicis a l'estació ${mark}`)}`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Resposta a aquesta reflexió" });
  await expect(form.getByRole("button", { name: "Torna a avisar l'autor" })).toHaveCount(0);
  await form.getByLabel("Text de la resposta (Markdown)").fill("Gràcies: ho incorporem al pla director, amb un aparcament tancat.");
  await form.getByRole("button", { name: "Desa i publica" }).click();
  await expect(toast(page, "Resposta publicada")).toBeVisible();
  await form.getByRole("button", { name: "Torna a avisar l'autor" }).click();
  await expect(toast(page, "L'autor rebrà la resposta nova per correu")).toBeVisible();
  await expect(form.getByRole("button", { name: "Torna a avisar l'autor" })).toHaveCount(0);
  await expect.poll(async () => (await answerMailsTo(email)).length, { timeout: 20_000 }).toBe(2);
  const updated = (await answerMailsTo(email)).find((m) => m.subject === "L'Ajuntament ha actualitzat la resposta a la teva aportació")!;
  expect(updated.text).toContain("amb un aparcament tancat");

  // The author follows the e-mail's way out: the page asks first, then stops the answers.
  const stop = /\/respostes\/baixa\/\S+/.exec(updated.text ?? "")![0];
  await page.context().clearCookies();
  await page.goto(stop);
  await expect(page.getByRole("heading", { name: "Vols deixar de rebre respostes per correu?" })).toBeVisible();
  await expectAccessible(page, "answer e-mails' way out");
  await page.getByRole("button", { name: "Deixa de rebre-les" }).click();
  await expect(page.getByRole("heading", { name: "Ja no rebràs respostes per correu" })).toBeVisible();
  await page.goto(stop);
  await expect(page.getByRole("heading", { name: "Ja no reps respostes per correu" })).toBeVisible();
});
