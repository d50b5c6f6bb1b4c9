import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJavaScript,
  failSends,
  forgetFailedSends,
  rememberCookieChoice,
  test,
  testPagesAnswerAndPassAxe,
  unique,
  visitor,
  type SendFailure,
} from "./fixtures";

// The four ways to take part (issue 4), with JavaScript and without.

const FIXTURES = path.join(import.meta.dirname, "../fixtures");

const toast = (page: Page) => page.locator("[data-sonner-toast]");

test.describe("participation with JavaScript", () => {
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));

  test("newsletter: disabled until complete, the success panel, then the same pending address in another case", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Subscriu-te a la newsletter" });
    const form = section.locator("form");
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
    // The form becomes the success panel (issue 27): the spec's title, the e-mail on its way and its
    // validity, the address, what happens next; the focus on its heading; no toast over the header.
    const panel = section.getByRole("region", { name: "Subscripció confirmada!" });
    await expect(panel).toContainText(
      "Gràcies per subscriure't. Només falta un pas: t'hem enviat un correu per confirmar l'adreça. Obre l'enllaç que hi trobaràs en els propers 7 dies.",
    );
    await expect(panel).toContainText(`Adreça: ${address}`);
    await expect(panel).toContainText("Fins que no confirmis l'adreça no t'enviarem cap newsletter.");
    await expect(panel.getByRole("heading", { name: "Subscripció confirmada!" })).toBeFocused();
    await expect(form).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(toast(page)).toHaveCount(0);
    await expectAccessible(page, "home with the newsletter's success panel");

    // Another address: an empty form again, its first field focused. The same address, still
    // pending, is told the e-mail went out a moment ago (not 'Ja estàs subscrit').
    await panel.getByRole("link", { name: "Subscriu una altra adreça" }).click();
    await expect(email).toHaveValue("");
    await expect(submit).toBeDisabled();
    await email.fill(address.toLowerCase());
    await form.getByLabel(/Accepto la/).check();
    await submit.click();
    await expect(section.getByRole("region", { name: "Ja t'hem enviat l'enllaç" })).toContainText(
      "Fa poca estona que t'hem enviat el correu per confirmar aquesta adreça.",
    );
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
    // Published at once (publish-then-review mode, the default), and said so (decision 028), in a
    // success panel in the dialog with a link to it (issue 27).
    const panel = dialog.getByRole("region", { name: "Gràcies!" });
    await expect(panel).toContainText("El teu comentari s'ha publicat correctament. L'equip de moderació el revisarà aviat.");
    await expect(panel.getByRole("heading", { name: "Gràcies!" })).toBeFocused();
    await expect(panel.getByRole("link", { name: "Veure la teva aportació" })).toHaveAttribute(
      "href",
      /^\/aportacions\?tipus=map_comment#aportacio-[0-9a-f-]{36}$/,
    );
    await expect(toast(page)).toHaveCount(0);
    await expectAccessible(page, "map dialog with the success panel");
    await panel.getByRole("link", { name: "Deixa'n una altra" }).click();
    await expect(dialog.getByLabel("Comentari", { exact: true })).toHaveValue("");
    await expect(submit).toBeDisabled();
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
    const panel = dialog.getByRole("region", { name: "Reflexió enviada correctament! Gràcies per la teva participació." });
    await expect(panel).toContainText("Ja es pot llegir a la pàgina d'aportacions.");
    await expect(panel.getByRole("heading")).toBeFocused();
    await expect(panel.getByRole("link", { name: "Deixa'n una altra" })).toBeVisible();
    // "Veure la teva aportació" leads to its card, marked; the dialog closes.
    await panel.getByRole("link", { name: "Veure la teva aportació" }).click();
    await expect(page).toHaveURL(/\/aportacions\?tipus=reflection#aportacio-[0-9a-f-]{36}$/);
    await expect(dialog).toBeHidden();
    const id = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`li[id="${id}"]`)).toContainText("Voldria anar a la feina en bici sense por.");
    await expect(page.locator(`li[id="${id}"]`)).toBeInViewport();
  });

  test("testimonials page without JavaScript: the grid and its filters are in the HTML", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/testimonis?ambit=infants");
    const grid = page.getByRole("region", { name: "Testimonis" });
    await expect(grid.getByText("Volem anar a l'escola en bici", { exact: true })).toBeVisible();
    await expect(grid.getByText("Un carril segur per anar a la feina")).toHaveCount(0);
    await grid.getByRole("link", { name: "Laboral" }).click();
    await expect(grid.getByText("Un carril segur per anar a la feina", { exact: true })).toBeVisible();
    // An unknown theme is no page of its own: back to all of them.
    await page.goto("/testimonis?ambit=res");
    await expect(page).toHaveURL(/\/testimonis$/);
    await context.close();
  });

  test("testimonials page: filters, the approved grid with durations, one player at a time", async ({ page }) => {
    await page.goto("/testimonis");
    const grid = page.getByRole("region", { name: "Testimonis" });
    await expect(grid.getByText("Un carril segur per anar a la feina", { exact: true })).toBeVisible();
    // The seed's pending testimonial is not public.
    await expect(grid.getByText("Aparcaments segurs a les estacions")).toHaveCount(0);
    await expect(grid.getByText("0:08")).toBeVisible();
    await expect(grid.getByRole("link", { name: "Tots" })).toHaveAttribute("aria-current", "true");
    await grid.getByRole("link", { name: "Infants" }).click();
    await expect(page).toHaveURL(/\/testimonis\?ambit=infants$/);
    await expect(grid.getByRole("link", { name: "Infants" })).toHaveAttribute("aria-current", "true");
    await expect(grid.getByText("Volem anar a l'escola en bici", { exact: true })).toBeVisible();
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
    await expect(dialog.getByRole("alert").filter({ hasText: "micròfon" })).toHaveText("Error - No s'ha pogut accedir al micròfon");
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
    // Waits for moderation: no link, and what happens next.
    const panel = dialog.getByRole("region", { name: "Testimoni enviat!" });
    await expect(panel).toContainText("Gràcies per compartir la teva visió. L'administrador el revisarà aviat.");
    await expect(panel).toContainText("Quan l'equip l'aprovi, el podràs escoltar a la pàgina de testimonis.");
    await expect(panel.getByRole("link", { name: "Veure la teva aportació" })).toHaveCount(0);
    await expect(panel.getByRole("heading", { name: "Testimoni enviat!" })).toBeFocused();
    await expectAccessible(page, "testimonial dialog with the success panel");
  });
});

// Issue 27: on flaky mobile data or during a deploy a send fails on the way. Each public form keeps
// its dialog and everything typed (and recorded: recorder.spec.ts), says so in place with the spec's
// failure, and sends on the next try; the row is stored once.
test.describe("a failed send keeps the form", () => {
  // A visitor of its own: the suite sends more testimonials than one visitor may in an hour.
  test.use(visitor(71));
  test.beforeEach(async ({ page }) => rememberCookieChoice(page));
  const FAILURES: SendFailure[] = ["abort", 503];

  /** Sends with the connection dropped, then with a 503: each time the form is there, untouched,
   * with its failure beside the button; `kept` checks what was typed. */
  async function failTwice(
    page: Page,
    consoleErrors: string[],
    {
      path: pathname,
      scope,
      submit,
      alert,
      kept,
    }: { path: string; scope: Locator; submit: Locator; alert: string[]; kept: () => Promise<void> },
  ) {
    for (const how of FAILURES) {
      const { failed, stop } = await failSends(page, pathname, how);
      await submit.click();
      await expect.poll(failed, `the send failed (${how})`).toBe(1);
      const error = scope.getByRole("alert");
      for (const text of alert) await expect(error, `after ${how}`).toContainText(text);
      await stop();
      // The page is still the page (no route error screen), the form still the form.
      await expect(page.getByRole("heading", { name: /error|Service Unavailable/i })).toHaveCount(0);
      await kept();
      await expect(submit).toBeEnabled();
    }
    forgetFailedSends(consoleErrors);
  }

  test("newsletter", async ({ page, consoleErrors }) => {
    const address = `reintent.${unique()}@example.cat`;
    await page.goto("/");
    const section = page.getByRole("region", { name: "Subscriu-te a la newsletter" });
    const email = section.getByLabel("Correu electrònic");
    await email.fill(address);
    await section.getByLabel(/Accepto la/).check();
    const submit = section.getByRole("button", { name: "Subscriu-me" });
    await failTwice(page, consoleErrors, {
      path: "/newsletter",
      scope: section,
      submit,
      alert: ["Hi ha hagut un error en processar la subscripció. Torna-ho a provar.", "No hem pogut connectar amb el web."],
      kept: async () => {
        await expect(email).toHaveValue(address);
        await expect(section.getByLabel(/Accepto la/)).toBeChecked();
      },
    });
    await expectAccessible(page, "newsletter with the in-place failure");
    await submit.click();
    await expect(section.getByRole("region", { name: "Subscripció confirmada!" })).toContainText(`Adreça: ${address}`);
    // Stored once: one confirmation e-mail went to the address.
    const outbox = path.join(E2E_DATA_DIR, "outbox");
    await expect
      .poll(() => fs.readdirSync(outbox).filter((f) => fs.readFileSync(path.join(outbox, f), "utf8").includes(address)).length)
      .toBe(1);
  });

  test("reflection dialog", async ({ page, consoleErrors }) => {
    const text = `Reflexió que torna ${unique()}`;
    await page.goto("/participa");
    await page.getByRole("link", { name: "Escriu una reflexió" }).click();
    const dialog = page.getByRole("dialog", { name: "Escriu una reflexió" });
    await dialog.getByLabel("La teva reflexió").fill(text);
    await dialog.getByLabel("Nom (opcional)").fill("Núria");
    const submit = dialog.getByRole("button", { name: "Envia la reflexió" });
    await failTwice(page, consoleErrors, {
      path: "/participa/reflexio",
      scope: dialog,
      submit,
      alert: ["Error en enviar la reflexió: no hem pogut connectar amb el web.", "No has perdut res"],
      kept: async () => {
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel("La teva reflexió")).toHaveValue(text);
        await expect(dialog.getByLabel("Nom (opcional)")).toHaveValue("Núria");
      },
    });
    await expectAccessible(page, "reflection dialog with the in-place failure");
    await submit.click();
    await expect(dialog.getByRole("region", { name: /Reflexió enviada correctament!/ })).toBeVisible();
    await page.goto("/aportacions?tipus=reflection");
    await expect(page.getByText(text)).toHaveCount(1);
  });

  test("map comment dialog; the new pin is drawn on the map", async ({ page, consoleErrors }) => {
    const text = `Comentari que torna ${unique()}`;
    await page.goto("/participa");
    await page.getByRole("link", { name: "Obre el mapa" }).click();
    const dialog = page.getByRole("dialog", { name: "Mapa interactiu" });
    const map = dialog.locator(".leaflet-container");
    await expect(map).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.3);
    await expect(dialog.getByText(/^Punt marcat a prop de /)).toBeVisible();
    await dialog.getByLabel("Comentari", { exact: true }).fill(text);
    await dialog.getByLabel(/He llegit i accepto/).check();
    const submit = dialog.getByRole("button", { name: "Envia el comentari" });
    await failTwice(page, consoleErrors, {
      path: "/participa/mapa",
      scope: dialog,
      submit,
      alert: ["Hi ha hagut un problema enviant el comentari. Torna-ho a provar.", "No hem pogut connectar amb el web."],
      kept: async () => {
        await expect(dialog.getByLabel("Comentari", { exact: true })).toHaveValue(text);
        await expect(dialog.getByText(/^Punt marcat a prop de /)).toBeVisible();
        await expect(dialog.getByLabel(/He llegit i accepto/)).toBeChecked();
      },
    });
    await expectAccessible(page, "map dialog with the in-place failure");
    // Sent: the map is drawn again with the comments read afresh, the new one among them.
    const redrawn = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/map-comments.geojson" && new URL(r.url()).search !== "",
    );
    await submit.click();
    await expect(dialog.getByRole("region", { name: "Gràcies!" })).toBeVisible();
    expect(await (await redrawn).text()).toContain(text);
    await expect(dialog.locator(".leaflet-container")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    await page.goto("/aportacions?tipus=map_comment");
    await expect(page.getByText(text)).toHaveCount(1);
  });

  test("testimonial upload page", async ({ page, consoleErrors }) => {
    const title = `Pujada que torna ${unique()}`;
    // With JavaScript the page offers the recorder, and its file upload, as the dialog does.
    await page.goto("/testimonis/enviar");
    const form = page.locator("main form");
    await form.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(path.join(FIXTURES, "veu.mp3"));
    await form.getByLabel("Missatge").fill(title);
    await form.getByRole("radio", { name: "Laboral" }).check();
    await form.getByLabel(/Accepto els termes/).check();
    const submit = form.getByRole("button", { name: "Envia el testimoni" });
    await failTwice(page, consoleErrors, {
      path: "/testimonis/enviar",
      scope: page.locator("main"),
      submit,
      alert: ["No s'ha pogut enviar el testimoni. Torna-ho a provar.", "Conservem l'àudio i el que has escrit"],
      kept: async () => {
        await expect(form.getByLabel("Missatge")).toHaveValue(title);
        await expect(form.getByRole("radio", { name: "Laboral" })).toBeChecked();
        // The chosen file is still the one ready to send.
        await expect(form.getByText("Àudio preparat")).toBeVisible();
        await expect(form.getByRole("button", { name: "Reprodueix" })).toBeVisible();
      },
    });
    await submit.click();
    await expect(page.getByRole("region", { name: "Testimoni enviat!" })).toBeVisible();
  });

  test("testimonial dialog with a file", async ({ page, consoleErrors }) => {
    const title = `Fitxer que torna ${unique()}`;
    await page.goto("/testimonis");
    await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
    const dialog = page.getByRole("dialog", { name: "Envia el teu testimoni" });
    await dialog.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(path.join(FIXTURES, "veu.m4a"));
    await dialog.getByLabel("Missatge").fill(title);
    await dialog.getByRole("radio", { name: "Turístic" }).check();
    await dialog.getByLabel(/Accepto els termes/).check();
    const submit = dialog.getByRole("button", { name: "Envia el testimoni" });
    await failTwice(page, consoleErrors, {
      path: "/testimonis/enviar",
      scope: dialog,
      submit,
      alert: ["No s'ha pogut enviar el testimoni. Torna-ho a provar.", "Conservem l'àudio i el que has escrit"],
      kept: async () => {
        await expect(dialog.getByText("Àudio preparat")).toBeVisible();
        await expect(dialog.getByRole("button", { name: "Reprodueix" })).toBeVisible();
        await expect(dialog.getByLabel("Missatge")).toHaveValue(title);
      },
    });
    await expectAccessible(page, "testimonial dialog with the in-place failure");
    await submit.click();
    await expect(dialog.getByRole("region", { name: "Testimoni enviat!" })).toBeVisible();
  });

  test("report dialog", async ({ page, consoleErrors }) => {
    await page.goto("/aportacions?tipus=reflection");
    const card = page.getByRole("article").first();
    await card.getByRole("link", { name: "Denuncia" }).click();
    const dialog = page.getByRole("dialog", { name: "Denuncia aquesta aportació" });
    await dialog.getByRole("radio", { name: "Un altre motiu" }).check();
    await dialog.getByLabel(/Explica el motiu/).fill("Prova de reintent");
    const submit = dialog.getByRole("button", { name: "Envia la denúncia" });
    await failTwice(page, consoleErrors, {
      path: "/denuncia",
      scope: dialog,
      submit,
      alert: ["No s'ha pogut enviar la denúncia. Torna-ho a provar.", "No hem pogut connectar amb el web."],
      kept: async () => {
        await expect(dialog.getByRole("radio", { name: "Un altre motiu" })).toBeChecked();
        await expect(dialog.getByLabel(/Explica el motiu/)).toHaveValue("Prova de reintent");
      },
    });
    await submit.click();
    await expect(dialog.getByRole("region", { name: "Gràcies per avisar-nos" })).toBeVisible();
    // Stored: the same visitor reporting it again is told so.
    await page.keyboard.press("Escape");
    await card.getByRole("link", { name: "Denuncia" }).click();
    await dialog.getByRole("radio", { name: "Correu brossa o publicitat" }).check();
    await submit.click();
    await expect(dialog.getByRole("alert")).toContainText("Ja l'havies denunciada");
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
    await expect(page.getByRole("region", { name: "Subscripció confirmada!" })).toContainText("en els propers 7 dies");
    await expectAccessibleWithoutJavaScript(page, "/newsletter with the success panel");
    // "Subscriu una altra adreça" is a link to the empty form; the same address, still pending, is
    // told the e-mail went out a moment ago.
    await page.getByRole("link", { name: "Subscriu una altra adreça" }).click();
    await page.getByLabel("Correu electrònic").fill(address.toUpperCase());
    await page.getByLabel(/Accepto la/).check();
    await page.getByRole("button", { name: "Subscriu-me" }).click();
    await expect(page.getByRole("region", { name: "Ja t'hem enviat l'enllaç" })).toContainText("correu brossa");
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
    const panel = page.getByRole("region", { name: "Gràcies!" });
    await expect(panel).toContainText("El teu comentari s'ha publicat correctament.");
    await expect(panel.getByRole("link", { name: "Veure la teva aportació" })).toBeVisible();
    await expectAccessibleWithoutJavaScript(page, "/participa/mapa with the success panel");
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
    await expect(page.getByRole("region", { name: "Reflexió enviada correctament! Gràcies per la teva participació." })).toBeVisible();
    // Without JavaScript "Deixa'n una altra" is a link to the empty form.
    await page.getByRole("link", { name: "Deixa'n una altra" }).click();
    await expect(page.getByLabel("La teva reflexió")).toHaveValue("");
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
    await expect(page.getByRole("region", { name: "Testimoni enviat!" })).toContainText("Quan l'equip l'aprovi");
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
  // The answer to the same (pending) address again does not repeat the address either.
  const duplicate = await post("/newsletter", { email: emails[0]!.toUpperCase(), privacy: "on" });
  expect(duplicate.status()).toBe(200);
  expect(await duplicate.text()).toContain("Ja t'hem enviat l'enllaç");
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
