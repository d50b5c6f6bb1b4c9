import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, expectAccessibleWithoutJavaScript, hydrated, signIn, test, toast, unique } from "./fixtures";

// Issue 32 (decision 065): staff code ten contributions from the keyboard, bulk-code a filtered
// list, keep the codebook, and the coding screen works without JavaScript; axe on each screen.

/** Ten reflections that share a marker, each from its own address (the forms' rate limit). */
async function tenReflections(request: APIRequestContext, marker: string) {
  const base = 1 + Math.floor(Math.random() * 200);
  for (let i = 0; i < 10; i++) {
    const res = await request.post("/participa/reflexio", {
      form: { reflection: `Reflexió ${i} ${marker}: la cruïlla de l'escola és perillosa` },
      headers: { "X-Forwarded-For": `203.0.113.${base + i}` },
    });
    expect(res.status()).toBe(200);
  }
}

const codeButton = (page: Page, name: string | RegExp) =>
  page.getByRole("form", { name: "Codis d'aquesta aportació" }).getByRole("button", { name });
/** The code's button says it is on (or off), and the form takes the next key again. */
async function pressed(page: Page, name: RegExp, value: "true" | "false") {
  await expect(codeButton(page, name)).toHaveAttribute("aria-pressed", value, { timeout: 15_000 });
  await expect(codeButton(page, name)).toBeEnabled({ timeout: 15_000 });
}

test("staff code ten contributions from the keyboard: 1-9 toggle codes, J and K move", async ({ page, request }) => {
  // Ten contributions, thirteen toggles, each answered and revalidated: minutes on a busy machine.
  test.setTimeout(300_000);
  const marker = unique();
  await tenReflections(request, marker);
  await signIn(page);
  await page.goto(`/admin/codificacio?q=${marker}`);
  await expect(page.getByRole("status").filter({ hasText: "sense codificar" })).toBeVisible();
  await expectAccessible(page, "coding list");
  await page.getByRole("link", { name: "Comença per la primera sense codificar" }).click();
  await hydrated(page);
  await expect(page.getByTestId("coding-text")).toContainText("Reflexió 9");
  await expectAccessible(page, "coding one contribution");

  const seen: string[] = [];
  for (let i = 0; i < 10; i++) {
    const text = (await page.getByTestId("coding-text").textContent())!;
    seen.push(text);
    await page.keyboard.press("1");
    await pressed(page, /Seguretat/, "true");
    if (i % 3 === 0) {
      await page.keyboard.press("5");
      await pressed(page, /Manteniment/, "true");
      // Pressed again: off.
      await page.keyboard.press("5");
      await pressed(page, /Manteniment/, "false");
    }
    if (i < 9) {
      await page.keyboard.press("j");
      await expect(page.getByTestId("coding-text")).not.toHaveText(text);
    }
  }
  expect(new Set(seen).size).toBe(10);
  // K: back to the one before.
  await page.keyboard.press("k");
  await expect(page.getByTestId("coding-text")).toHaveText(seen[8]!);
  await expect(codeButton(page, /Seguretat/)).toHaveAttribute("aria-pressed", "true");

  // Nothing of the ten is left uncoded.
  await page.goto(`/admin/codificacio?q=${marker}&sense-codi=1`);
  await expect(page.getByText("No hi ha cap aportació amb aquests filtres.")).toBeVisible();
  await page.goto(`/admin/codificacio?q=${marker}`);
  await expect(page.locator("li").filter({ hasText: marker }).getByText("Seguretat")).toHaveCount(10);
});

test("staff bulk-code a filtered list, then take the code off a selection", async ({ page, request }) => {
  test.slow();
  const marker = unique();
  await tenReflections(request, marker);
  await signIn(page);
  await page.goto(`/admin/codificacio?q=${marker}&tipus=reflection`);
  const bulk = page.getByRole("form", { name: "Codifica en bloc" });
  await bulk.getByLabel("Acció").selectOption("add");
  await bulk.getByLabel("Codi", { exact: true }).selectOption({ label: "Problema: Aparcament" });
  await bulk.getByLabel("A quines").selectOption("all");
  await bulk.getByRole("button", { name: "Aplica" }).click();
  await expect(toast(page, "Codi «Aparcament» afegit a 10 aportacions")).toBeVisible();
  const rows = page.locator("li").filter({ hasText: marker });
  await expect(rows.getByText("Aparcament", { exact: true })).toHaveCount(10);
  await expectAccessible(page, "coding list after a bulk change");

  // Two ticked rows: the code comes off those two only.
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await bulk.getByLabel("Acció").selectOption("remove");
  await bulk.getByLabel("Codi", { exact: true }).selectOption({ label: "Problema: Aparcament" });
  await bulk.getByLabel("A quines").selectOption("selected");
  await bulk.getByRole("button", { name: "Aplica" }).click();
  await expect(toast(page, "Codi «Aparcament» tret de 2 aportacions")).toBeVisible();
  await expect(rows.getByText("Aparcament", { exact: true })).toHaveCount(8);
});

test("the codebook: add a code, rename it, merge another into it, retire it", async ({ page }) => {
  test.slow();
  const name = `Il·luminació ${unique()}`;
  await signIn(page);
  await page.goto("/admin/codis");
  await expectAccessible(page, "codebook");
  const problema = page.getByRole("region", { name: "Problema" });
  const add = async (code: string) => {
    // Opened (once: a second click on the summary would close it again).
    await problema
      .locator("summary", { hasText: "Codi nou a «Problema»" })
      .evaluate((s) => ((s.parentElement as HTMLDetailsElement).open = true));
    await problema.getByLabel("Nom del codi").last().fill(code);
    await problema.getByLabel("Posició (ordre)").last().fill("50");
    await problema.getByRole("button", { name: "Afegeix el codi" }).click();
    await expect(toast(page, "Codi afegit")).toBeVisible();
    // The code itself, not only a toast (the first add's may still be showing for the second).
    await expect(page.getByRole("listitem", { name: `Codi ${code}`, exact: true })).toBeVisible();
  };
  await add(name);
  await add(`${name} bis`);
  const row = page.getByRole("listitem", { name: `Codi ${name}`, exact: true });
  await row.getByText(`Edita o canvia el nom de «${name}»`).click();
  await row.getByLabel("Nom del codi").fill(`${name} nit`);
  await row.getByRole("button", { name: "Desa el codi" }).click();
  await expect(toast(page, "Codi desat")).toBeVisible();
  const bis = page.getByRole("listitem", { name: `Codi ${name} bis` });
  await bis.getByLabel(`Fusiona «${name} bis» amb`).selectOption({ label: `${name} nit` });
  await bis.getByRole("button", { name: "Fusiona" }).click();
  await expect(toast(page, "fusionat amb")).toBeVisible();
  await expect(bis).toHaveCount(0);
  const renamed = page.getByRole("listitem", { name: `Codi ${name} nit` });
  await renamed.getByRole("button", { name: /Retira/ }).click();
  await expect(renamed.getByText("Retirat", { exact: true })).toBeVisible();
  await renamed.getByRole("button", { name: /Elimina/ }).click();
  await expect(toast(page, "Codi eliminat")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the coding screen codes a contribution with plain forms and links", async ({ page, request }) => {
    test.slow();
    const marker = unique();
    const res = await request.post("/participa/reflexio", {
      form: { reflection: `Sense scripts ${marker}: falta aparcament` },
      headers: { "X-Forwarded-For": `203.0.113.${220 + Math.floor(Math.random() * 30)}` },
    });
    expect(res.status()).toBe(200);
    await signIn(page);
    await page.goto(`/admin/codificacio?q=${marker}`);
    await page.getByRole("link", { name: "Codifica aquesta aportació" }).click();
    await expect(page.getByTestId("coding-text")).toContainText(marker);
    await codeButton(page, /Aparcament/).click();
    await expect(page.getByRole("status").filter({ hasText: "Codi «Aparcament» afegit" })).toBeVisible();
    await expect(codeButton(page, /Aparcament/)).toHaveAttribute("aria-pressed", "true");
    await expectAccessibleWithoutJavaScript(page, "coding without JavaScript");
  });
});
