import type { Page } from "@playwright/test";
import { ADMIN_SCREEN_LIST, type AdminScreenName } from "../../app/domain/admin-screens";
import { BASE_URL } from "../../playwright.config";
import { expect, expectAccessible, footerTexts, restoreFooterTexts, signIn, signOut, subscribeOnHome, test } from "./fixtures";

const mp4 = (bytes: number) => {
  const b = Buffer.alloc(bytes);
  Buffer.from([
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32,
  ]).copy(b);
  return b;
};
// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
/** Deletes through the in-page confirmation (no browser dialog: one would fail the test). */
/** Signs in, opens an admin screen and its dialog for a new item: that dialog. */
async function openNewItem(page: Page, screen: string, button: string | RegExp) {
  await signIn(page);
  await page.goto(screen);
  await page.getByRole("button", { name: button }).first().click();
  return page.getByRole("dialog");
}

async function confirmDelete(page: Page, name: string, question: string) {
  await page.getByRole("button", { name: `Elimina ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(question);
  await dialog.getByRole("button", { name: "Elimina" }).click();
}

test("sign-out ends the session and shows the spec's notice", async ({ page }) => {
  await signIn(page);
  await expect(toast(page, "Benvingut!")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("qualsevol-cosa", "1"));
  await signOut(page);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("status").filter({ hasText: "Has sortit del backoffice correctament." })).toBeVisible();
  await expect(toast(page, "Sessió tancada")).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expectAccessible(page, "login after sign-out");
  await page.goto("/admin/videos");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
});

test("activities: create, edit and delete; the agenda on the home page follows", async ({ page }) => {
  const dialog = await openNewItem(page, "/admin/activitats", "Nova activitat");
  await expect(dialog.getByLabel("Text de l'enllaç")).toHaveValue("Inscriu-te");
  await expect(dialog.getByLabel("Data")).not.toHaveValue("");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(dialog.getByText("El títol és obligatori")).toBeVisible();
  await expectAccessible(page, "activities dialog");
  await dialog.getByLabel("Títol").fill("Pedalada de prova E2E");
  await dialog.getByLabel("Data").fill("2030-06-15");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Activitat creada correctament")).toBeVisible();
  await page.getByRole("button", { name: "Edita Pedalada de prova E2E" }).click();
  await page.getByRole("dialog").getByLabel("Títol").fill("Pedalada editada E2E");
  await page.getByRole("dialog").getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Activitat actualitzada correctament")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Pedalada editada E2E" })).toBeVisible();
  await page.goto("/admin/activitats");
  // The confirmation is in the page: it holds the focus, Escape cancels and gives the focus back.
  const remove = page.getByRole("button", { name: "Elimina Pedalada editada E2E" });
  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmar eliminació" });
  await expect(confirm).toContainText("Estàs segur que vols eliminar aquesta activitat?");
  await expectAccessible(page, "activity delete confirmation");
  await expect(confirm.getByRole("button", { name: "Cancel·la" })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await confirm.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByRole("heading", { name: "Pedalada editada E2E" })).toBeVisible();
  await confirmDelete(page, "Pedalada editada E2E", "Estàs segur que vols eliminar aquesta activitat?");
  await expect(toast(page, "Activitat eliminada correctament")).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("Pedalada editada E2E")).toHaveCount(0);
});

test("footer: edit the texts and add, hide and delete a logo; every public page follows", async ({ page }) => {
  // Every public page twice, in three languages, and more pages than a test's default share of time.
  test.slow();
  await signIn(page);
  await page.goto("/admin/peu");
  await page.getByRole("button", { name: "Edita els textos" }).click();
  await expectAccessible(page, "footer texts dialog");
  // The e2e server is shared: the seeded texts are put back at the end.
  const original = await footerTexts(page);
  await page.getByRole("dialog").getByLabel("Text principal").fill("Text de footer E2E");
  await page.getByRole("dialog").getByLabel("Text de col·laboradors").fill("Col·laboradors E2E");
  await page.getByRole("dialog").getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Configuració del footer actualitzada correctament")).toBeVisible();

  await page.getByRole("button", { name: "Nou logo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nom").fill("Logo E2E");
  await dialog.getByLabel("Imatge").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expectAccessible(page, "logo dialog");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Logo creat correctament")).toBeVisible();
  await page.goto("/de-que-va");
  await expect(page.getByRole("contentinfo")).toContainText("Text de footer E2E");
  await expect(page.getByRole("contentinfo").getByAltText("Logo E2E")).toBeVisible();

  await page.goto("/admin/peu");
  await page.getByRole("switch", { name: "Actiu: Logo E2E" }).click();
  await expect(toast(page, "Logo desactivat correctament")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByAltText("Logo E2E")).toHaveCount(0);
  await page.goto("/admin/peu");
  await confirmDelete(page, "Logo E2E", "Estàs segur que vols eliminar aquest logo?");
  await expect(toast(page, "Logo eliminat correctament")).toBeVisible();
  await restoreFooterTexts(page, original);
});

test("landings: create with an automatic slug, preview the Markdown, toggle, and see it at /landing/<slug>", async ({ page }) => {
  const dialog = await openNewItem(page, "/admin/pagines-aterratge", "Nova landing page");
  await dialog.getByLabel("Títol").fill("Fira de la Bici Àrea");
  await expect(dialog.getByLabel("Slug")).toHaveValue("fira-de-la-bici-area");
  await dialog.getByLabel("Descripció (Markdown)").fill("**Negreta** i [enllaç](javascript:alert(1))");
  await dialog.getByRole("tab", { name: "Previsualitza" }).click();
  await expect(dialog.locator("strong")).toHaveText("Negreta");
  await expect(dialog.locator("a[href^='javascript']")).toHaveCount(0);
  await expectAccessible(page, "landing dialog");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Landing page creada correctament")).toBeVisible();
  await expect(page.getByRole("link", { name: /Veure Fira de la Bici Àrea/ })).toHaveAttribute("href", "/landing/fira-de-la-bici-area");

  await page.getByRole("button", { name: "Edita Fira de la Bici Àrea" }).click();
  await expect(page.getByRole("dialog").getByLabel("Slug")).toHaveAttribute("readonly", "");
  await page.getByRole("dialog").getByLabel("Títol").fill("Fira editada");
  await page.getByRole("dialog").getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Landing page actualitzada correctament")).toBeVisible();
  await page.goto("/landing/fira-de-la-bici-area");
  await expect(page.getByRole("heading", { name: "Fira editada" })).toBeVisible();

  await page.goto("/admin/pagines-aterratge");
  await page.getByRole("button", { name: "Elimina Fira editada" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Confirmar eliminació");
  await expectAccessible(page, "landing delete dialog");
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(toast(page, "Landing page eliminada correctament")).toBeVisible();
  await page.goto("/landing/fira-de-la-bici-area");
  await expect(page).toHaveURL(/\/404$/);
});

test("videos: an upload shows its progress bar, then toggle and delete", async ({ page }) => {
  const dialog = await openNewItem(page, "/admin/videos", "Nou vídeo");
  await dialog.getByLabel("Títol").fill("Vídeo E2E");
  await dialog.getByLabel("Fitxer de vídeo").setInputFiles({ name: "v.mp4", mimeType: "video/mp4", buffer: mp4(4 * 1024 * 1024) });
  await expectAccessible(page, "video dialog");
  // Slow the upload down so the progress bar can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(dialog.getByRole("progressbar", { name: "Progrés de la pujada" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Pujant..." })).toBeDisabled();
  await expect(toast(page, "Vídeo creat correctament")).toBeVisible({ timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByText("4,0 MB")).toBeVisible();
  await page.getByRole("switch", { name: "Actiu: Vídeo E2E" }).click();
  await expect(toast(page, "Vídeo desactivat correctament")).toBeVisible();
  await confirmDelete(page, "Vídeo E2E", "Estàs segur que vols eliminar aquest vídeo?");
  await expect(toast(page, "Vídeo eliminat correctament")).toBeVisible();
});

test("dashboard: the pending card counts what the moderation queue counts, and opens it", async ({ page }) => {
  await signIn(page);
  const card = page.getByRole("link", { name: "Aportacions pendents de moderació" });
  await expect(card).toHaveAttribute("href", "/admin/moderacio");
  // Other tests may send contributions meanwhile: the two readings are taken again until they agree.
  await expect(async () => {
    await page.goto("/admin/dashboard");
    const figure = Number(await page.locator("dd").first().textContent());
    await card.click();
    await expect(page).toHaveURL(/\/admin\/moderacio$/);
    const tab = page.getByRole("navigation", { name: "Estat de les aportacions" }).getByRole("link", { name: /^Pendents/ });
    expect(figure).toBe(Number(/\((\d+)\)/.exec((await tab.textContent())!)![1]));
  }).toPass({ timeout: 20_000 });
});

// Every screen of the registry's shell (decision 055): its page, its entry in the navigation
// marked as the current one, and no accessibility violations.
const HEADING: Partial<Record<AdminScreenName, string>> = {
  dashboard: "Dashboard",
  reflections: "Reflexions",
  mapComments: "Comentaris del Mapa",
  resources: "Recursos",
  homeBackground: "Fons de la Home",
  biciFucsia: "Gestió Fotos Vivi",
  testimonials: "Testimonis",
  activities: "Gestió d'Activitats",
  videos: "Gestió de Vídeos",
  footer: "Gestió del Footer",
  landings: "Landing Pages",
  settings: "Configuració",
  subscribers: "Subscriptors",
  moderation: "Moderació",
  mapLayers: "Capes del mapa",
};
for (const { name, path, nav } of ADMIN_SCREEN_LIST.filter((s) => s.shell)) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await signIn(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, ...(HEADING[name] ? { name: HEADING[name] } : {}) })).toBeVisible();
    // The nav's link is the screen's label, the moderation queue's with its count of what waits;
    // the account's own screen is in the header's menu; a screen reached from another (the answer
    // states, the accessibility statement) has no entry of its own.
    if (nav && nav.group !== "account") {
      const label = new RegExp(`^${nav.label.replace(/[()]/g, "\\$&")}( ?\\d+ pendents)?$`);
      await expect(page.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    }
    await expectAccessible(page, path);
  });
}

test("subscribers: a new subscription is found by its e-mail and erased after the in-page confirmation", async ({ page }) => {
  // The public form, the sign-in and the screen: more than one page's share of time.
  test.slow();
  const address = `baixa.${Date.now()}@exemple.cat`;
  await subscribeOnHome(page, address);

  await signIn(page);
  await page.getByRole("link", { name: "Subscriptors", exact: true }).click();
  await page.getByLabel("Cerca per correu").fill(address.toUpperCase());
  await page.getByRole("button", { name: "Cerca" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mostrant 1–1 de 1 subscriptors" })).toBeVisible();
  await expect(page.getByRole("cell", { name: address, exact: true })).toBeVisible();
  await confirmDelete(page, address, `Estàs segur que vols eliminar ${address} de la newsletter?`);
  await expect(toast(page, "Subscriptor eliminat correctament")).toBeVisible();
  await expect(page.getByText("Cap subscriptor coincideix amb la cerca.")).toBeVisible();
});

test("resources, Vivi photos and home background: create, toggle and delete", async ({ page }) => {
  // Three screens, each delete confirmed in the page: more than one screen's share of time.
  test.slow();
  const dialog = await openNewItem(page, "/admin/recursos", /Nou recurs|Afegir el primer recurs/);
  await dialog.getByLabel("Títol").fill("Recurs E2E");
  await dialog.getByLabel("Fes servir una URL externa").click();
  await dialog.getByLabel("URL externa", { exact: true }).fill("https://vimeo.com/1");
  await expectAccessible(page, "resource dialog");
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Recurs creat correctament")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recurs E2E" })).toBeVisible();
  await page.getByRole("switch", { name: "Actiu: Recurs E2E" }).click();
  await expect(toast(page, "Recurs actualitzat correctament")).toBeVisible();
  await confirmDelete(page, "Recurs E2E", "Segur que vols eliminar aquest recurs?");
  await expect(toast(page, "Recurs eliminat correctament")).toBeVisible();

  await page.goto("/admin/bici-fucsia");
  await page.getByLabel("Títol").first().fill("Foto E2E");
  await page.getByLabel("Imatge").setInputFiles({ name: "f.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Afegeix la foto" }).click();
  await expect(toast(page, "Foto afegida correctament")).toBeVisible();
  await page.getByRole("button", { name: "Amaga Foto E2E" }).click();
  await expect(toast(page, "Foto amagada")).toBeVisible();
  await confirmDelete(page, "Foto E2E", "Estàs segur que vols eliminar aquesta foto?");
  await expect(toast(page, "Foto eliminada correctament")).toBeVisible();

  await page.goto("/admin/fons-inici");
  await page.getByLabel("Puja una imatge o un vídeo de fons").setInputFiles({ name: "b.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(page, "Mitjà pujat correctament")).toBeVisible();
  await page.getByRole("button", { name: "Activa", exact: true }).first().click();
  await expect(toast(page, "Fons activat")).toBeVisible();
  await page
    .getByRole("button", { name: /^Elimina/ })
    .first()
    .click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "Estàs segur que vols eliminar aquest mitjà de fons? Aquesta acció no es pot desfer.",
  );
  await expectAccessible(page, "background delete dialog");
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(toast(page, "Mitjà eliminat correctament")).toBeVisible();
});

test("map and questionnaire: a new questionnaire address shows on /participa and is allowed by the CSP at once; clearing it hides the button", async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole("link", { name: "Configuració" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configuració" })).toBeVisible();
  await expectAccessible(page, "settings");
  const field = page.getByLabel("Adreça del qüestionari");
  const save = page.getByRole("button", { name: "Desa", exact: true });
  // The e2e server is shared: the seeded address is put back at the end.
  const original = await field.inputValue();
  expect(original).toMatch(/^https:\/\//);
  const frameSrc = async () =>
    (await fetch(`${BASE_URL}/participa`)).headers.get("content-security-policy")!.match(/frame-src ([^;]*)/)![1]!;

  await field.fill("http://enquestes.example.org/bici");
  await save.click();
  const error = page.getByText("L'adreça del qüestionari ha de començar per https:// (http:// només es permet per a localhost)");
  await expect(error).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAttribute("aria-describedby", new RegExp(`${await error.getAttribute("id")}$`));
  await expectAccessible(page, "settings with an error");
  expect(await frameSrc()).not.toContain("enquestes.example.org");

  await field.fill("https://enquestes.example.org/bici?font=web");
  await expect(page.getByText("En desar-la, la web permetrà incrustar contingut de https://enquestes.example.org.")).toBeVisible();
  await save.click();
  await expect(toast(page, "Adreces del mapa i del qüestionari desades correctament")).toBeVisible();
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("code").filter({ hasText: "https://enquestes.example.org" })).toBeVisible();
  // No restart: the very next response allows the new host, and the page (cache cleared) has the button.
  expect((await frameSrc()).split(" ")).toContain("https://enquestes.example.org");
  await page.goto("/participa");
  await page.getByRole("button", { name: "Respon el qüestionari" }).click();
  // A frame the CSP refused would be a console error, which fails the test.
  const frame = page.getByRole("dialog", { name: "Qüestionari participatiu" }).locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://enquestes.example.org/bici?font=web");
  await expect(frame).toHaveAttribute("sandbox", /allow-forms/);
  await expect(page.frameLocator("iframe[title^='Qüestionari']").getByText("Contingut extern")).toBeVisible();

  await page.goto("/admin/configuracio");
  await page.getByLabel("Adreça del qüestionari").fill("");
  await expect(page.getByText("Buida: el botó del qüestionari no es mostra.")).toBeVisible();
  await save.click();
  await expect(toast(page, "Adreces del mapa i del qüestionari desades correctament")).toBeVisible();
  await page.goto("/participa");
  await expect(page.getByRole("heading", { name: "Qüestionari participatiu" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Respon el qüestionari" })).toHaveCount(0);
  expect(await frameSrc()).not.toContain("enquestes.example.org");

  await page.goto("/admin/configuracio");
  await page.getByLabel("Adreça del qüestionari").fill(original);
  await save.click();
  await expect(toast(page, "Adreces del mapa i del qüestionari desades correctament")).toBeVisible();
  expect((await frameSrc()).split(" ")).toContain(new URL(original).origin);
});

test("at 1280×650 every sidebar entry fits and the current one is in sight on every screen; the account menu holds the account and sign-out", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 650 });
  await signIn(page);
  const sidebar = page.getByTestId("admin-sidebar");
  const nav = sidebar.getByRole("navigation", { name: "Navegació del backoffice" });
  // Moderació first in its group, with its count; the newsletter's two screens together.
  await expect(nav.getByRole("list", { name: "Participació" }).getByRole("link").first()).toHaveText(/^Moderació/);
  await expect(nav.getByRole("list", { name: "Newsletter" }).getByRole("link")).toHaveText(["Subscriptors", "Enviar newsletter"]);
  const screens = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(screens.length).toBeGreaterThanOrEqual(18);
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    // Everything fits: the column does not scroll, and every entry is inside the window.
    expect(await sidebar.evaluate((el) => el.scrollHeight - el.clientHeight), path).toBeLessThanOrEqual(0);
    for (const link of await nav.getByRole("link").all()) await expect(link, `${path}: ${await link.textContent()}`).toBeInViewport();
    const current = nav.locator('[aria-current="page"]');
    await expect(current, path).toHaveAttribute("href", path);
    await expect(current, path).toBeInViewport();
  }

  // The account's own screen and sign-out are in the header's menu, with the keyboard too.
  await page.goto("/admin/dashboard");
  const account = page.getByRole("button", { name: "Compte: gestor@penedes.cat" });
  await account.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["El meu compte", "Sortir"]);
  await expectAccessible(page, "account menu open");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await account.click();
  await page.getByRole("menuitem", { name: "El meu compte" }).click();
  await expect(page).toHaveURL(/\/admin\/compte$/);
  await expect(page.getByRole("heading", { level: 1, name: "El meu compte" })).toBeVisible();
});

test("the dashboard opens with what needs doing, and links the export of every contribution; the queue links it with its filters", async ({
  page,
}) => {
  await signIn(page);
  const todo = page.getByRole("region", { name: "Què cal fer" });
  await expect(todo).toBeVisible();
  // The seeded site was never given a closing date, and the campaign's default has passed.
  await expect(todo).toContainText("La consulta no té data de tancament");
  await expect(todo.getByRole("link", { name: "Indica la data" })).toHaveAttribute("href", "/admin/configuracio#calendar-settings");
  await expect(todo.getByRole("link", { name: "Modera" })).toHaveAttribute("href", "/admin/moderacio");
  await expect(todo.getByRole("link", { name: "Revisa les denúncies" })).toBeVisible();
  await expect(todo.getByRole("link", { name: "Newsletter" })).toBeVisible();
  const csv = todo.getByRole("link", { name: "Exporta totes les aportacions en CSV" });
  await expect(csv).toHaveAttribute("href", "/admin/export/contributions.csv");
  const download = await page.request.get((await csv.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("text/csv");
  await expect(todo.getByRole("link", { name: "Exporta totes les aportacions en Excel" })).toHaveAttribute(
    "href",
    "/admin/export/contributions.xlsx",
  );
  await expectAccessible(page, "dashboard");

  await page.goto("/admin/moderacio?estat=published&tipus=reflection&q=bici");
  const xlsx = page.getByRole("link", { name: "Exporta aquestes aportacions en Excel" });
  await expect(xlsx).toHaveAttribute("href", "/admin/export/contributions.xlsx?q=bici&estat=published&tipus=reflection");
  const file = await page.request.get((await xlsx.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("spreadsheetml");
});

test("a deadline set in the calendar shows on the public pages; a pròrroga replaces it; a past date is never shown", async ({ page }) => {
  test.slow();
  await signIn(page);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const long = (iso: string) =>
    new Intl.DateTimeFormat("ca-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const save = async (closesOn: string, extendedTo: string) => {
    await page.goto("/admin/configuracio");
    const form = page.locator("section", { has: page.getByRole("heading", { name: "Calendari de la consulta", exact: true }) });
    await form.getByLabel("Data de tancament").fill(closesOn);
    await form.getByLabel("Pròrroga fins al").fill(extendedTo);
    await form.getByRole("button", { name: "Desa el calendari" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Calendari de la consulta desat correctament" })).toBeVisible();
  };
  try {
    // Ten days ahead: the pages name it, and the dashboard warns.
    await save(day(10), "");
    await page.goto("/participa");
    await expect(page.getByText(`tens temps fins al ${long(day(10))}`)).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("region", { name: "Què cal fer" })).toContainText(`La participació es tanca el ${long(day(10))}`);

    // Passed two days ago, extended by a pròrroga: the pròrroga is the deadline, the past date is never shown.
    await save(day(-2), day(20));
    await page.goto("/");
    await expect(page.getByText(`Digues la teva fins al ${long(day(20))}.`)).toBeVisible();
    await expect(page.getByText(long(day(-2)))).toHaveCount(0);
  } finally {
    await save("", "");
  }
  await page.goto("/de-que-va");
  await expect(page.getByText("La consulta és oberta.")).toBeVisible();
});
