import path from "node:path";
import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJavaScript,
  rememberCookieChoice,
  test,
  testPagesAnswerAndPassAxe,
  unique,
} from "./fixtures";

// The four ways to take part (issue 4), with JavaScript and without.

const FIXTURES = path.join(import.meta.dirname, "../fixtures");

const toast = (page: Page) => page.locator("[data-sonner-toast]");

test.describe("participation with JavaScript", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("newsletter: disabled until complete, success, then a duplicate in another case", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form", { has: page.getByRole("button", { name: "Subscriu-me" }) });
    const submit = form.getByRole("button", { name: "Subscriu-me" });
    const email = form.getByLabel("Correu electrònic");
    await expect(email).toHaveAttribute("type", "email");
    await expect(submit).toBeDisabled();
    const address = `Nova.${unique()}@Example.cat`;
    await email.fill(address);
    await expect(submit).toBeDisabled();
    await form.getByLabel(/Accepto la/).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    // The answer is beside the form, in a live region, and no toast repeats it (issue 18).
    await expect(form.getByRole("status")).toContainText("Subscripció confirmada!");
    await expect(form.getByRole("status")).toContainText("Gràcies per subscriure't. Rebràs actualitzacions sobre la campanya.");
    await expect(email).toHaveValue("");
    await expect(submit).toBeDisabled();
    await page.waitForTimeout(500);
    await expect(toast(page)).toHaveCount(0);
    await expect(form.getByRole("status")).toContainText("Subscripció confirmada!");

    await email.fill(address.toLowerCase());
    await form.getByLabel(/Accepto la/).check();
    await submit.click();
    await expect(form.getByRole("alert")).toContainText("Ja estàs subscrit");
    await expect(form.getByRole("alert")).toContainText("Aquest correu ja està subscrit a la newsletter.");
    await expect(form.getByRole("status")).toBeEmpty();
    // Scrolled away before the answer comes, the form is out of sight: then a toast says it too.
    await email.fill(address.toUpperCase());
    await form.getByLabel(/Accepto la/).check();
    await page.route("**/newsletter*", async (route) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await route.continue();
    });
    await submit.click();
    await expect(toast(page).filter({ hasText: "Ja estàs subscrit" })).toContainText("Aquest correu ja està subscrit a la newsletter.");
    await page.unroute("**/newsletter*");
    await form.scrollIntoViewIfNeeded();
    await expectAccessible(page, "home with the newsletter error");
  });

  test("map dialog: our map, disabled states, an error and success", async ({ page }) => {
    await page.goto("/participa");
    await page.getByRole("link", { name: "Obre el mapa" }).click();
    const dialog = page.getByRole("dialog", { name: "Mapa interactiu" });
    await expect(dialog).toBeVisible();
    // The seed chooses our own map (issue 17; the external embed is tested in map.spec.ts).
    await expect(dialog.locator(".leaflet-container")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    await expect(dialog.getByRole("application", { name: /Mapa per marcar el lloc/ })).toBeVisible();
    const submit = dialog.getByRole("button", { name: "Envia el comentari" });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Comentari", { exact: true }).fill("   ");
    await dialog.getByLabel(/He llegit i accepto/).check();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Comentari", { exact: true }).fill("Falta un carril bici entre Vilafranca i Santa Margarida");
    await expect(submit).toBeEnabled();
    await dialog.getByLabel("Correu electrònic (opcional)").fill("no-és-un-correu");
    await submit.click();
    await expect(dialog.getByText("Introdueix una adreça de correu vàlida.")).toBeVisible();
    await expect(dialog.getByLabel("Correu electrònic (opcional)")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "map dialog with an error");
    await dialog.getByLabel("Correu electrònic (opcional)").fill("");
    await submit.click();
    // Published at once (publish-then-review mode, the default), and said so (decision 028).
    await expect(toast(page).filter({ hasText: "Gràcies!" })).toContainText(
      "El teu comentari s'ha publicat correctament. L'equip de moderació el revisarà aviat.",
    );
    await expect(dialog).toBeHidden();
  });

  test("reflection dialog: consent appears with an e-mail and is then required; success", async ({ page }) => {
    await page.goto("/participa");
    await page.getByRole("link", { name: "Escriu una reflexió" }).click();
    const dialog = page.getByRole("dialog", { name: "Escriu una reflexió" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "reflection dialog");
    const submit = dialog.getByRole("button", { name: "Envia la reflexió" });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByLabel("La teva reflexió")).toHaveAttribute("rows", "10");
    await dialog.getByLabel("La teva reflexió").fill("Voldria anar a la feina en bici sense por.");
    await expect(submit).toBeEnabled();
    await expect(dialog.getByRole("checkbox")).toHaveCount(0);
    await dialog.getByLabel("Correu electrònic (opcional)").fill(`reflexio.${unique()}@example.cat`);
    await expect(dialog.getByRole("checkbox", { name: /Accepto la/ })).toBeVisible();
    await submit.click();
    await expect(dialog.getByText("Has d'acceptar la política de privacitat per deixar el teu correu")).toBeVisible();
    await expectAccessible(page, "reflection dialog with an error");
    await dialog.getByRole("checkbox", { name: /Accepto la/ }).check();
    await submit.click();
    await expect(toast(page).filter({ hasText: "Reflexió enviada correctament! Gràcies per la teva participació." })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("testimonials page without JavaScript: the grid and its filters are in the HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/testimonis?ambit=infants");
    const grid = page.getByRole("region", { name: "Testimonis" });
    await expect(grid.getByText("Volem anar a l'escola en bici")).toBeVisible();
    await expect(grid.getByText("Un carril segur per anar a la feina")).toHaveCount(0);
    await grid.getByRole("link", { name: "Laboral" }).click();
    await expect(grid.getByText("Un carril segur per anar a la feina")).toBeVisible();
    // An unknown theme is no page of its own: back to all of them.
    await page.goto("/testimonis?ambit=res");
    await expect(page).toHaveURL(/\/testimonis$/);
    await context.close();
  });

  test("testimonials page: filters, the approved grid with durations, one player at a time", async ({ page }) => {
    await page.goto("/testimonis");
    const grid = page.getByRole("region", { name: "Testimonis" });
    await expect(grid.getByText("Un carril segur per anar a la feina")).toBeVisible();
    // The seed's pending testimonial is not public.
    await expect(grid.getByText("Aparcaments segurs a les estacions")).toHaveCount(0);
    await expect(grid.getByText("0:08")).toBeVisible();
    await expect(grid.getByRole("link", { name: "Tots" })).toHaveAttribute("aria-current", "true");
    await grid.getByRole("link", { name: "Infants" }).click();
    await expect(page).toHaveURL(/\/testimonis\?ambit=infants$/);
    await expect(grid.getByRole("link", { name: "Infants" })).toHaveAttribute("aria-current", "true");
    await expect(grid.getByText("Volem anar a l'escola en bici")).toBeVisible();
    await expect(grid.getByText("Un carril segur per anar a la feina")).toHaveCount(0);
    await grid.getByRole("link", { name: "Ciutadania" }).click();
    await expect(grid.getByText("Encara no hi ha testimonis per aquest àmbit")).toBeVisible();
    await expectAccessible(page, "testimonials grid, empty theme");
    await grid.getByRole("link", { name: "Tots" }).click();
    await expect(page).toHaveURL(/\/testimonis$/);
    await grid.getByRole("button", { name: "Reprodueix: Un carril segur per anar a la feina" }).click();
    await expect(grid.getByRole("button", { name: "Pausa: Un carril segur per anar a la feina" })).toBeVisible();
    await grid.getByRole("button", { name: "Reprodueix: Rutes entre vinyes per a tothom" }).click();
    await expect(grid.getByRole("button", { name: "Pausa: Rutes entre vinyes per a tothom" })).toBeVisible();
    await expect(grid.getByRole("button", { name: /^Pausa:/ })).toHaveCount(1);
    await expectAccessible(page, "testimonials grid");
  });

  test("testimonial dialog: a microphone error is told in Catalan", async ({ page }) => {
    await page.goto("/testimonis");
    await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
    const dialog = page.getByRole("dialog", { name: "Envia el teu testimoni" });
    await expect(dialog.getByRole("button", { name: "Envia el testimoni" })).toBeDisabled();
    // No microphone here (no fake device): getUserMedia fails.
    await dialog.getByRole("button", { name: "Comença a gravar" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Error - No s'ha pogut accedir al micròfon");
    await expect(toast(page).filter({ hasText: "Error" })).toContainText("No s'ha pogut accedir al micròfon");
    await expectAccessible(page, "testimonial dialog with the microphone error");
  });

  test("testimonial dialog: upload an existing file instead of recording", async ({ page }) => {
    const title = `Fitxer pujat ${unique()}`;
    await page.goto("/testimonis");
    await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
    const dialog = page.getByRole("dialog", { name: "Envia el teu testimoni" });
    await dialog.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(path.join(FIXTURES, "veu.m4a"));
    await expect(dialog.getByRole("button", { name: "Reprodueix" })).toBeVisible();
    await dialog.getByLabel("Missatge").fill(title);
    await dialog.getByRole("radio", { name: "Turístic" }).check();
    const submit = dialog.getByRole("button", { name: "Envia el testimoni" });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(/Accepto els termes/).check();
    await submit.click();
    await expect(toast(page).filter({ hasText: "Testimoni enviat!" })).toContainText("L'administrador el revisarà aviat.");
    await expect(dialog).toBeHidden();
  });
});

test.describe("participation without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  testPagesAnswerAndPassAxe(["/newsletter", "/participa/mapa", "/participa/reflexio", "/testimonis/enviar"]);

  test("newsletter: the server's messages in the page, then success and the duplicate", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form", { has: page.getByRole("button", { name: "Subscriu-me" }) });
    await form.getByRole("button", { name: "Subscriu-me" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByText("Si us plau, introdueix el teu correu i accepta la política de privacitat.")).toBeVisible();
    await expectAccessibleWithoutJavaScript(page, "/newsletter with an error");
    const address = `sensejs.${unique()}@example.cat`;
    await page.getByLabel("Correu electrònic").fill(address);
    await page.getByRole("button", { name: "Subscriu-me" }).click();
    await expect(page.getByText("Si us plau, introdueix el teu correu i accepta la política de privacitat.")).toBeVisible();
    await page.getByLabel("Correu electrònic").fill(address);
    await page.getByLabel(/Accepto la/).check();
    await page.getByRole("button", { name: "Subscriu-me" }).click();
    await expect(page.getByRole("status")).toContainText("Subscripció confirmada!");
    await page.getByLabel("Correu electrònic").fill(address.toUpperCase());
    await page.getByLabel(/Accepto la/).check();
    await page.getByRole("button", { name: "Subscriu-me" }).click();
    await expect(page.getByRole("alert")).toContainText("Ja estàs subscrit");
    await expect(page.getByRole("alert")).toContainText("Aquest correu ja està subscrit a la newsletter.");
    await expectAccessibleWithoutJavaScript(page, "/newsletter with the duplicate");
  });

  test("map: the link opens the map page; errors, then success", async ({ page }) => {
    await page.goto("/participa");
    await page.getByRole("link", { name: "Obre el mapa" }).click();
    await expect(page).toHaveURL(/\/participa\/mapa$/);
    await expect(page.getByRole("heading", { name: "El mapa en forma de llista" })).toBeVisible();
    await page.getByRole("button", { name: "Envia el comentari" }).click();
    await expect(page.getByText("El comentari no pot estar buit")).toBeVisible();
    await expect(page.getByText("Has d'acceptar la política de privacitat per continuar")).toBeVisible();
    await expectAccessibleWithoutJavaScript(page, "/participa/mapa with errors");
    await page.getByLabel("Comentari", { exact: true }).fill("Un aparcament de bicis a l'estació");
    await page.getByLabel(/He llegit i accepto/).check();
    await page.getByRole("button", { name: "Envia el comentari" }).click();
    await expect(page.getByRole("status")).toContainText("Gràcies!");
    await expect(page.getByRole("status")).toContainText("El teu comentari s'ha publicat correctament.");
  });

  test("reflection: the link opens the form page; errors, then success", async ({ page }) => {
    await page.goto("/participa");
    await page.getByRole("link", { name: "Escriu una reflexió" }).click();
    await expect(page).toHaveURL(/\/participa\/reflexio$/);
    await page.getByRole("button", { name: "Envia la reflexió" }).click();
    await expect(page.getByText("La reflexió és obligatòria")).toBeVisible();
    await expectAccessibleWithoutJavaScript(page, "/participa/reflexio with an error");
    await page.getByLabel("La teva reflexió").fill("Més camins escolars segurs");
    await page.getByLabel("Correu electrònic (opcional)").fill(`nojs.${unique()}@example.cat`);
    await page.getByRole("button", { name: "Envia la reflexió" }).click();
    await expect(page.getByText("Has d'acceptar la política de privacitat per deixar el teu correu")).toBeVisible();
    await expectAccessibleWithoutJavaScript(page, "/participa/reflexio with the consent error");
    // What was typed is kept (the e-mail is never sent back).
    await expect(page.getByLabel("La teva reflexió")).toHaveValue("Més camins escolars segurs");
    await expect(page.getByLabel("Correu electrònic (opcional)")).toHaveValue("");
    await page.getByRole("button", { name: "Envia la reflexió" }).click();
    await expect(page.getByRole("status")).toContainText("Reflexió enviada correctament! Gràcies per la teva participació.");
  });

  test("testimonial: the upload form works; missing data, a renamed non-audio file, then success (pending)", async ({ page }) => {
    await page.goto("/testimonis");
    await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
    await expect(page).toHaveURL(/\/testimonis\/enviar$/);
    const typed = `Sense fitxer ${unique()}`;
    await page.getByLabel("Missatge").fill(typed);
    await page.getByRole("radio", { name: "Infants" }).check();
    await page.getByRole("button", { name: "Envia el testimoni" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Si us plau, grava un àudio, escriu un missatge, selecciona una temàtica i accepta els termes",
    );
    await expectAccessibleWithoutJavaScript(page, "/testimonis/enviar with missing data");
    // What was typed is kept; the file has to be chosen again.
    await expect(page.getByLabel("Missatge")).toHaveValue(typed);
    await expect(page.getByRole("radio", { name: "Infants" })).toBeChecked();
    const title = `Sense JavaScript ${unique()}`;
    await page
      .getByLabel(/Fitxer d'àudio/)
      .setInputFiles({ name: "truc.webm", mimeType: "audio/webm", buffer: Buffer.from("no sóc un àudio ".repeat(300)) });
    await page.getByLabel("Missatge").fill(title);
    await page.getByRole("radio", { name: "Laboral" }).check();
    await page.getByLabel(/Accepto els termes/).check();
    await page.getByRole("button", { name: "Envia el testimoni" }).click();
    await expect(page.getByRole("alert")).toContainText("El fitxer ha de ser un àudio (mp3, wav, webm, ogg o m4a).");
    await expectAccessibleWithoutJavaScript(page, "/testimonis/enviar with a file that is not audio");
    await page.getByLabel(/Fitxer d'àudio/).setInputFiles(path.join(FIXTURES, "veu.mp3"));
    await page.getByLabel("Missatge").fill(title);
    await page.getByRole("radio", { name: "Laboral" }).check();
    await page.getByLabel(/Accepto els termes/).check();
    await page.getByRole("button", { name: "Envia el testimoni" }).click();
    await expect(page.getByRole("status")).toContainText("Testimoni enviat!");
  });
});

test("no stored e-mail address appears in any public page or response", async ({ request }) => {
  const marker = unique();
  const emails = [`news.${marker}@example.cat`, `mapa.${marker}@example.cat`, `reflexio.${marker}@example.cat`];
  const post = (url: string, form: Record<string, string>) => request.post(url, { form });
  expect((await post("/newsletter", { email: emails[0]!, privacy: "on" })).status()).toBe(200);
  expect((await post("/participa/mapa", { comment: `Comentari ${marker}`, email: emails[1]!, privacy: "on" })).status()).toBe(200);
  expect(
    (await post("/participa/reflexio", { reflection: `Reflexió ${marker}`, name: "Anna", email: emails[2]!, privacy: "on" })).status(),
  ).toBe(200);
  // The duplicate answer does not repeat the address either.
  const duplicate = await post("/newsletter", { email: emails[0]!.toUpperCase(), privacy: "on" });
  expect(duplicate.status()).toBe(409);
  expect((await duplicate.text()).toLowerCase()).not.toContain(emails[0]);

  const seeded = ["laia.ferrer@example.cat", "oriol@example.cat"];
  const urls = [
    "/",
    "/_root.data",
    "/participa",
    "/participa.data",
    "/participa/mapa",
    "/participa/mapa.data",
    "/participa/reflexio",
    "/newsletter",
    "/testimonis",
    "/testimonis/enviar",
    "/testimonis?ambit=laboral",
    "/testimonis.data",
    "/aportacions",
    "/aportacions.data",
    "/sitemap.xml",
  ];
  for (const url of urls) {
    const res = await request.get(url);
    expect(res.status(), url).toBeLessThan(500);
    const body = (await res.text()).toLowerCase();
    for (const email of [...emails, ...seeded]) expect(body, `${url} leaks ${email}`).not.toContain(email);
    expect(body, url).not.toMatch(/[a-z0-9._%+-]+@example\.cat/);
  }
});
