import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signIn, test, toast, unique } from "./fixtures";

// Issue 33: testimonials' transcripts. The visitor's transcript reaches the queue; staff cannot
// publish a testimonial without one (the page asks for it); once published, every public surface
// that plays it has its 'Transcripció' disclosure, tied to the player.

const FIXTURES = path.join(import.meta.dirname, "../fixtures");

/** The disclosure opens (a <details>: no script needed) and shows the transcript. */
async function expectDisclosure(within: Locator, transcript: string) {
  const details = within.locator("details[data-transcript]");
  await expect(details).toHaveCount(1);
  await details.locator("summary").click();
  await expect(details.getByText(transcript)).toBeVisible();
}

/** The player's description is the transcript (aria-describedby names its text). */
async function expectDescribedBy(player: Locator, transcript: string) {
  const ids = (await player.getAttribute("aria-describedby"))?.split(" ") ?? [];
  expect(ids.length).toBeGreaterThan(0);
  const texts = await Promise.all(ids.map((id) => player.page().locator(`[id="${id}"]`).textContent()));
  expect(texts.join(" ")).toContain(transcript);
}

/** Polls a public page until the page cache shows the new testimonial (decision 026). */
async function openShowing(page: Page, url: string, title: string) {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return page.getByText(title).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

test("the visitor's transcript reaches the queue; without one, approving is refused and the row asks for it; published, every player has its transcript", async ({
  page,
  request,
}) => {
  // Seven pages, each with axe: longer than test.slow() gives on a busy machine.
  test.setTimeout(300_000);
  const title = `Veu amb transcripció ${unique()}`;
  const said = `Vull anar en bici fins a l'estació ${unique()}`;

  // The recorder's page (with JavaScript), a file chosen: the optional field, in the visitor's own words.
  await page.goto("/testimonis/enviar");
  await page.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(path.join(FIXTURES, "veu.mp3"));
  await page.getByLabel("Missatge").fill(title);
  await page.getByLabel("Si vols, escriu el que has dit").fill(said);
  await page.getByRole("radio", { name: "Laboral" }).check();
  await page.getByLabel(/Accepto els termes/).check();
  await page.getByRole("button", { name: "Envia el testimoni" }).click();
  await expect(page.getByRole("region", { name: "Testimoni enviat!" })).toBeVisible();

  // A second one without a transcript.
  const bare = `Veu nua ${unique()}`;
  const sent = await request.post("/testimonis/enviar", {
    multipart: {
      title: bare,
      category: "infants",
      terms: "on",
      audio: { name: "veu.mp3", mimeType: "audio/mpeg", buffer: fs.readFileSync(path.join(FIXTURES, "veu.mp3")) },
    },
  });
  expect(sent.status()).toBe(200);

  await signIn(page);
  await page.goto(`/admin/testimonis?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("main").getByRole("listitem").filter({ hasText: title });
  await expect(row.getByLabel("Què diu l'àudio")).toHaveValue(said);

  // Without a transcript: marked, the form open and saying why; approving is refused by the server.
  await page.goto(`/admin/testimonis?q=${encodeURIComponent(bare)}`);
  const bareRow = page.getByRole("main").getByRole("listitem").filter({ hasText: bare });
  await expect(bareRow.getByText("Sense transcripció", { exact: true })).toBeVisible();
  await expect(bareRow.getByText(/Per publicar aquest testimoni cal una transcripció/)).toBeVisible();
  await expectAccessible(page, "testimonials view, a row asking for its transcript");
  await bareRow.getByRole("button", { name: "Aprova aquest testimoni" }).click();
  await expect(toast(page, "Aquest testimoni no té transcripció i no es pot publicar sense.")).toBeVisible();
  await expect(bareRow).toBeVisible();
  // Written from the row, saved and approved in one go.
  await bareRow.getByLabel("Què diu l'àudio").fill("Els infants volen anar a l'escola en bici.");
  await bareRow.getByRole("button", { name: "Desa i aprova" }).click();
  await expect(toast(page, "Transcripció desada i testimoni aprovat")).toBeVisible();

  // The visitor's one, corrected and approved.
  await page.goto(`/admin/testimonis?q=${encodeURIComponent(title)}`);
  await row.getByRole("button", { name: "Aprova aquest testimoni" }).click();
  await expect(toast(page, "Testimoni aprovat")).toBeVisible();

  // Every public surface that plays it, in each language.
  for (const [url, openLabel] of [
    ["/testimonis", null],
    ["/es/testimonios", null],
    ["/en/testimonials", null],
    ["/aportacions?tipus=testimonial", "Veure aportació"],
    ["/es/aportaciones?tipus=testimonial", "Ver aportación"],
    ["/en/contributions?tipus=testimonial", "Read contribution"],
    ["/", "Veure aportació"],
  ] as const) {
    await openShowing(page, url, title);
    if (openLabel === null) {
      // The gallery: the play button is described by the transcript.
      const card = page.getByRole("listitem").filter({ hasText: title });
      await expectDescribedBy(card.getByRole("button", { name: new RegExp(title) }), said);
      await expectDisclosure(card, said);
    } else {
      // A contribution's card: the disclosure on the card (no script needed), and the dialog's
      // player described by the transcript beside it.
      const card = page.locator("article").filter({ hasText: title }).first();
      await expectDisclosure(card, said);
      await card.getByRole("button", { name: openLabel }).click();
      const dialog = page.getByRole("dialog");
      await expectDescribedBy(dialog.locator("audio"), said);
      await expectDisclosure(dialog, said);
      await expectAccessible(page, `${url}: a testimonial's dialog with its transcript`);
      await page.keyboard.press("Escape");
    }
    await expectAccessible(page, `${url} with a transcript open`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the testimonials page's transcripts open without scripts", async ({ page }) => {
    // The seeded published testimonials have their transcripts.
    await page.goto("/testimonis");
    const card = page.getByRole("listitem").filter({ hasText: "Un carril segur per anar a la feina" });
    await expectDisclosure(card, "Cada dia vaig a treballar en bici");
  });
});
