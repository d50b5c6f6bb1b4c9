import fs from "node:fs";
import path from "node:path";
import { expect, expectAccessible, signIn, test, toast, unique } from "./fixtures";

// Captions for video with sound (issue 33): staff attach a WebVTT file to an uploaded video on the
// resources screen; a bad file is refused in Catalan; the resources page plays the video with its
// track, a "Subtítols" toggle and the audio description in a disclosure.

const VIDEO = fs.readFileSync(path.join(import.meta.dirname, "../../scripts/seed-assets/video-1.webm"));
const GOOD = "WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nBon dia, veïns del Penedès.\n";

test("a video's captions: refused when malformed, served and toggled on the resources page", async ({ page }) => {
  test.slow();
  const title = `Vídeo amb so ${unique()}`;
  await signIn(page);
  await page.goto("/admin/recursos");
  await page
    .getByRole("button", { name: /Nou recurs|Afegir el primer recurs/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Títol").fill(title);
  await dialog.getByLabel("Audiodescripció (opcional, només per a vídeos)").fill("Una ciclista travessa les vinyes al matí.");
  await dialog.getByLabel("Fitxer", { exact: true }).setInputFiles({ name: "v.webm", mimeType: "video/webm", buffer: VIDEO });
  const captions = dialog.getByLabel("Subtitulació del vídeo (fitxer WebVTT .vtt, opcional)");
  // Timings written as in SRT (commas): refused, with the line named, and nothing saved.
  await captions.setInputFiles({ name: "s.vtt", mimeType: "text/vtt", buffer: Buffer.from(GOOD.replace(/\./g, ",")) });
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(dialog.getByText("La línia 3 del fitxer de subtítols té un temps mal escrit").first()).toBeVisible();
  await expectAccessible(page, "resource dialog with a captions error");
  await captions.setInputFiles({ name: "s.vtt", mimeType: "text/vtt", buffer: Buffer.from(GOOD) });
  await dialog.getByRole("button", { name: "Desa" }).click();
  await expect(toast(page, "Recurs creat correctament")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await page.goto("/recursos");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  const video = card.locator("video");
  const src = await video.locator('track[kind="captions"][srclang="ca"][label="Subtítols"]').getAttribute("src");
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^text\/vtt/);
  expect(await served.text()).toBe(GOOD);
  // The track is loaded and shown; the toggle hides it and shows it again.
  const mode = () => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode);
  await expect.poll(mode).toBe("showing");
  const toggle = card.getByRole("button", { name: "Subtítols" });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect(await mode()).toBe("hidden");
  await toggle.click();
  expect(await mode()).toBe("showing");
  await card.getByText("Audiodescripció").click();
  await expect(card.getByText("Una ciclista travessa les vinyes al matí.")).toBeVisible();
  await expectAccessible(page, "resources with a captioned video");

  // The e2e server is shared: the resource goes.
  await page.goto("/admin/recursos");
  await page.getByRole("button", { name: `Elimina ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(toast(page, "Recurs eliminat correctament")).toBeVisible();
});
