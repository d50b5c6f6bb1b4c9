// Screenshots of the public forms' success panel and in-place failure (issue 27), at 390 px and
// 1366 px. Usage, against a running seeded server (its writes add demo contributions):
//   npx tsx scripts/screenshots-forms.ts http://127.0.0.1:3000 docs/screenshots
import { mkdirSync } from "node:fs";
import { chromium as playwright, type Page } from "@playwright/test";
import { chromium } from "../playwright.config";
import { screenshotContext, WIDTHS } from "./screenshot-context";

const [base, out] = process.argv.slice(2);
if (!base || !out) throw new Error("Usage: npx tsx scripts/screenshots-forms.ts <base-url> <out-dir>");
mkdirSync(out, { recursive: true });

async function openReflection(page: Page) {
  await page.goto(`${base}/participa`, { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("link", { name: "Escriu una reflexió" }).click();
  const dialog = page.getByRole("dialog", { name: "Escriu una reflexió" });
  await dialog
    .getByLabel("La teva reflexió")
    .fill("M'agradaria anar en bici de Vilafranca a Sant Sadurní per un camí separat dels cotxes.");
  await dialog.getByLabel("Nom (opcional)").fill("Núria");
  return dialog;
}

const browser = await playwright.launch(chromium);
for (const width of WIDTHS) {
  const context = await screenshotContext(browser, width);
  const page = await context.newPage();

  // The connection drops as the reflection is sent: the dialog keeps it and says so.
  let dialog = await openReflection(page);
  await page.route(/\/participa\/reflexio\.data/, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await dialog.getByRole("button", { name: "Envia la reflexió" }).click();
  await dialog.getByRole("alert").getByText("Error en enviar la reflexió").waitFor();
  await page.unroute(/\/participa\/reflexio\.data/);
  await page.screenshot({ path: `${out}/form-error-${width}.png` });

  // Sent on the next try: the success panel in the dialog.
  await dialog.getByRole("button", { name: "Envia la reflexió" }).click();
  await dialog.getByRole("link", { name: "Veure la teva aportació" }).waitFor();
  await page.screenshot({ path: `${out}/form-success-${width}.png` });

  // The newsletter on the home page.
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const section = page.getByRole("region", { name: "Subscriu-te a la newsletter" });
  await section.getByLabel("Correu electrònic").fill(`veina.${Date.now().toString(36)}@example.cat`);
  await section.getByLabel(/Accepto la/).check();
  await section.getByRole("button", { name: "Subscriu-me" }).click();
  await section.getByRole("link", { name: "Subscriu una altra adreça" }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${out}/newsletter-success-${width}.png` });

  // A map comment with a place: the panel under the map, the new pin on it.
  await page.goto(`${base}/participa`, { waitUntil: "networkidle" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("link", { name: "Obre el mapa" }).click();
  dialog = page.getByRole("dialog", { name: "Mapa interactiu" });
  const map = dialog.locator(".leaflet-container");
  await map.and(page.locator("[data-ready=true]")).waitFor({ timeout: 30_000 });
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.45);
  await dialog.getByLabel("Comentari", { exact: true }).fill("Aquí cal una travessera segura per a bicis.");
  await dialog.getByLabel(/He llegit i accepto/).check();
  await dialog.getByRole("button", { name: "Envia el comentari" }).click();
  await dialog.getByRole("link", { name: "Veure la teva aportació" }).waitFor();
  await dialog.locator(".leaflet-container[data-ready=true]").waitFor({ timeout: 30_000 });
  await page.screenshot({ path: `${out}/map-comment-success-${width}.png` });
  await context.close();
}
await browser.close();
