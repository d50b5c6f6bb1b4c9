import type { Page } from "@playwright/test";
import { chromium } from "../../playwright.config";
import {
  expect,
  expectAccessible,
  failSends,
  forgetFailedSends,
  rememberCookieChoice,
  signIn,
  test,
  unique,
  type SendFailure,
} from "./fixtures";

// The recorder with Chromium's fake microphone (a test file of its own: launch options need a new worker).
test.use({
  launchOptions: { ...chromium, args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] },
});

const toast = (page: Page) => page.locator("[data-sonner-toast]");

test.use({
  launchOptions: { ...chromium, args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] },
});
test.beforeEach(async ({ page }) => rememberCookieChoice(page));

test("record, stop at the 1-minute limit, play, discard, record again, submit: pending in the admin queue, not public", async ({
  page,
}) => {
  const title = `Gravat amb el micròfon ${unique()}`;
  // The page's clock is ours, so the 60 s limit (unchanged) takes no minute of the test.
  await page.clock.install();
  await page.goto("/testimonis");
  await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
  const dialog = page.getByRole("dialog", { name: "Envia el teu testimoni" });
  const submit = dialog.getByRole("button", { name: "Envia el testimoni" });
  await expect(submit).toBeDisabled();
  await expectAccessible(page, "testimonial dialog");

  await dialog.getByRole("button", { name: "Comença a gravar" }).click();
  await expect(toast(page).filter({ hasText: "Gravació iniciada" })).toBeVisible();
  await expect(dialog.getByText("Gravant... (màxim 1 minut)")).toBeVisible();
  await page.clock.fastForward("00:51");
  const warning = dialog.getByText("Queden menys de 10 segons: la gravació s'aturarà a 1 minut.");
  await expect(warning).toBeVisible();
  await expect(warning).toHaveClass(/text-red-700/);
  await expect(dialog.getByText(/Temps restant: 0:0\d/)).toHaveClass(/text-red-700/);
  await expectAccessible(page, "testimonial dialog recording, with the warning");
  await page.clock.fastForward("00:10");
  await expect(toast(page).filter({ hasText: "Gravació aturada automàticament" })).toContainText("Has arribat al límit d'1 minut");
  await expect(dialog.getByText("Àudio preparat (1:00)")).toBeVisible();

  await dialog.getByRole("button", { name: "Reprodueix" }).click();
  await expect(dialog.getByRole("button", { name: "Pausa" })).toBeVisible();
  await dialog.getByRole("button", { name: "Pausa" }).click();
  await expect(dialog.getByRole("button", { name: "Reprodueix" })).toBeVisible();
  await dialog.getByRole("button", { name: "Descarta" }).click();
  await expect(dialog.getByRole("button", { name: "Comença a gravar" })).toBeVisible();

  await dialog.getByRole("button", { name: "Comença a gravar" }).click();
  // The microphone opens asynchronously: move the clock only once recording has started.
  await expect(dialog.getByText("Gravant... (màxim 1 minut)")).toBeVisible();
  await page.clock.fastForward("00:03");
  await dialog.getByRole("button", { name: "Atura la gravació" }).click();
  await expect(toast(page).filter({ hasText: "Gravació finalitzada" })).toBeVisible();
  // About three seconds (the page clock also runs with real time, which a busy machine stretches).
  await expect(dialog.getByText(/Àudio preparat \(0:0[3-9]\)/)).toBeVisible();
  // fix-webm-duration wrote the length into the WebM: the player knows it (Chrome says Infinity otherwise).
  await expect
    .poll(() => dialog.locator("audio").evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : -1)))
    .toBeGreaterThan(2);

  await dialog.getByLabel("Missatge").fill(`${title} ${"x".repeat(120)}`);
  await expect(dialog.getByLabel("Missatge")).toHaveValue(`${title} ${"x".repeat(120)}`.slice(0, 100));
  await expect(dialog.getByText("100/100 caràcters")).toBeVisible();
  await dialog.getByLabel("Missatge").fill(title);
  await expect(submit).toBeDisabled();
  await dialog.getByRole("radio", { name: "Infants" }).check();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/Accepto els termes/).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(dialog.getByRole("region", { name: "Testimoni enviat!" })).toContainText(
    "Gràcies per compartir la teva visió. L'administrador el revisarà aviat.",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.goto("/testimonis");
  await expect(page.getByText("Un carril segur per anar a la feina")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await signIn(page);
  // The status tabs are links kept in the URL (issue 14).
  await page.goto("/admin/testimonials?status=pending");
  await expect(page.getByRole("link", { name: /^Pendents/ })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Infants");
  // The stored file is WebM audio that now knows its length (seekable).
  const src = await row.locator("audio").getAttribute("src");
  expect(src).toMatch(/^\/media\/audio\/[0-9a-f-]{36}\.weba$/);
  const media = await page.request.get(src!);
  expect(media.headers()["content-type"]).toBe("audio/webm");
});

test("a recording whose send fails (connection dropped, then a 503) is kept with the fields, and sent on the next try, once", async ({
  page,
  consoleErrors,
}) => {
  const title = `Gravació que torna ${unique()}`;
  await page.goto("/testimonis");
  await page.getByRole("link", { name: "Envia el teu testimoni" }).click();
  const dialog = page.getByRole("dialog", { name: "Envia el teu testimoni" });
  await dialog.getByRole("button", { name: "Comença a gravar" }).click();
  await expect(dialog.getByText("Gravant... (màxim 1 minut)")).toBeVisible();
  await dialog.getByRole("button", { name: "Atura la gravació" }).click();
  await expect(dialog.getByText(/Àudio preparat/)).toBeVisible();
  const audio = await dialog.locator("audio").getAttribute("src");
  await dialog.getByLabel("Missatge").fill(title);
  await dialog.getByRole("radio", { name: "Ciutadania" }).check();
  await dialog.getByLabel(/Accepto els termes/).check();
  const submit = dialog.getByRole("button", { name: "Envia el testimoni" });
  for (const how of ["abort", 503] as SendFailure[]) {
    const { failed, stop } = await failSends(page, "/testimonis/enviar", how);
    await submit.click();
    await expect.poll(failed).toBe(1);
    await expect(dialog.getByRole("alert").filter({ hasText: "No s'ha pogut enviar el testimoni. Torna-ho a provar." })).toContainText(
      "Conservem l'àudio i el que has escrit",
    );
    await stop();
    // The same recording (the same object URL), the same fields.
    await expect(dialog.locator("audio")).toHaveAttribute("src", audio!);
    await expect(dialog.getByLabel("Missatge")).toHaveValue(title);
    await expect(dialog.getByRole("radio", { name: "Ciutadania" })).toBeChecked();
    await expect(submit).toBeEnabled();
  }
  forgetFailedSends(consoleErrors);
  await expectAccessible(page, "testimonial dialog with a kept recording and the in-place failure");
  await submit.click();
  await expect(dialog.getByRole("region", { name: "Testimoni enviat!" })).toBeVisible();

  await signIn(page);
  await page.goto("/admin/testimonials?status=pending");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(1);
});
