import fs from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_DATA_DIR } from "../../playwright.config";
import { PUBLIC_PAGES, PUBLIC_PATHS } from "../../app/lib/routes";
import { expect, rememberCookieChoice, signIn, signOut, test, unique } from "./fixtures";

// The WCAG 2.2 criteria axe-core cannot see (issue 33), measured in the browser: 2.4.11 focus not
// obscured, 2.5.7 dragging movements, 2.5.8 target size, 3.2.6 consistent help, 3.3.7 redundant
// entry, 3.3.8 accessible authentication; and 1.4.4 resize text (200 % zoom), 1.4.10 reflow at 320 px
// and 1.4.12 text spacing.
// The statement's table of criteria (public.accessibility.criteria.*) reports these results.

const WIDTHS = [390, 1366] as const;

/** The focused element's box and the sticky header's, as the page shows them now. */
function focusBoxes() {
  const el = document.activeElement as HTMLElement | null;
  const header = document.querySelector("body header");
  if (!el || el === document.body || !header) return null;
  const box = el.getBoundingClientRect();
  const bar = header.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {
    what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
    inHeader: header.contains(el),
    // The skip link and the like sit over the header on purpose while focused.
    fixed: style.position === "fixed" || style.position === "sticky",
    top: box.top,
    bottom: box.bottom,
    height: box.height,
    headerBottom: bar.bottom,
    viewport: window.innerHeight,
  };
}

for (const path of ["/", "/participa"]) {
  test(`2.4.11 focus not obscured: tabbing down and back up ${path}, the sticky header never hides the focused element`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      let checked = 0;
      const check = async (direction: string) => {
        const f = await page.evaluate(focusBoxes);
        if (!f || f.inHeader || f.fixed || f.height === 0) return;
        checked++;
        const where = `${f.what} (${direction}, ${width} px): top ${Math.round(f.top)}, header ends at ${Math.round(f.headerBottom)}`;
        // An element that fits below the header is wholly clear of it; a taller one shows a part.
        if (f.height <= f.viewport - f.headerBottom) expect(f.top, where).toBeGreaterThanOrEqual(f.headerBottom - 1);
        else expect(f.bottom, where).toBeGreaterThan(f.headerBottom);
      };
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        await check("Tab");
      }
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Shift+Tab");
        await check("Shift+Tab");
      }
      expect(checked, `focus stops checked at ${width} px`).toBeGreaterThan(40);
    }
  });
}

/** Every visible control of the page with its box, and whether it is a link inside a sentence
 * (2.5.8's inline exception). */
function targets() {
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"]';
  const out: { what: string; x: number; y: number; w: number; h: number; inline: boolean }[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // Hidden, off-screen (the honeypot) or screen-reader-only (the skip link until focused).
    if (
      box.width <= 1 ||
      box.height <= 1 ||
      style.visibility === "hidden" ||
      box.right < 0 ||
      box.left > document.documentElement.clientWidth
    )
      continue;
    if (el.closest('[aria-hidden="true"], [inert]')) continue;
    // Visually hidden until focused (sr-only: clipped): no pointer can reach it; focused, it is large.
    if ((style.clip !== "auto" && style.clip !== "") || (style.clipPath !== "none" && style.clipPath !== "")) continue;
    // Inside a sentence: an inline link among the words of its block.
    const block = el.parentElement?.closest("p, li, dd, td, label, span:not(:empty)");
    const inline = style.display === "inline" && !!block && (block.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
    out.push({
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "").trim().slice(0, 40)}"`,
      x: box.left + window.scrollX,
      y: box.top + window.scrollY,
      w: box.width,
      h: box.height,
      inline,
    });
  }
  return out;
}

/** The targets under 24×24 whose 24 px circle reaches another target or its circle (2.5.8). */
function tooSmall(list: ReturnType<typeof targets>) {
  const centre = (t: (typeof list)[number]) => [t.x + t.w / 2, t.y + t.h / 2] as const;
  const small = (t: (typeof list)[number]) => t.w < 24 || t.h < 24;
  /** Distance from a point to a box. */
  const reach = (p: readonly [number, number], t: (typeof list)[number]) =>
    Math.hypot(Math.max(t.x - p[0], 0, p[0] - (t.x + t.w)), Math.max(t.y - p[1], 0, p[1] - (t.y + t.h)));
  return list
    .filter((t) => small(t) && !t.inline)
    .filter((t) => {
      const c = centre(t);
      return list.some((o) => {
        if (o === t) return false;
        if (reach(c, o) < 12) return true;
        if (!small(o) || o.inline) return false;
        const d = centre(o);
        return Math.hypot(c[0] - d[0], c[1] - d[1]) < 24;
      });
    })
    .map((t) => `${t.what} ${Math.round(t.w)}×${Math.round(t.h)}`);
}

for (const path of ["/", "/participa", "/testimonis", "/aportacions", "/declaracio-accessibilitat", "/admin/login"]) {
  test(`2.5.8 target size: every control on ${path} is at least 24×24 px or spaced so`, async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const list = await page.evaluate(targets);
      expect(list.length, `controls on ${path}`).toBeGreaterThanOrEqual(3);
      expect(tooSmall(list), `targets under 24 px without spacing on ${path} at ${width} px`).toEqual([]);
    }
  });
}

// 3.3.8: nothing to remember or transcribe: the password and the second factor's code can be
// pasted (a password manager fills them) and say what they are to one.

/** Pastes `text` into the focused field through the clipboard, as a person does with Ctrl+V. */
async function paste(page: Page, label: string, text: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(field).toHaveValue(text);
  // No handler of the page refuses a paste.
  const refused = await field.evaluate((el) => {
    const event = new ClipboardEvent("paste", { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    return !el.dispatchEvent(event);
  });
  expect(refused, `${label}: paste refused`).toBe(false);
}

const OUTBOX = path.join(E2E_DATA_DIR, "outbox");
async function invitationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
        if (to.toLowerCase() === address) link = (mail.text ?? "").match(/https?:\/\/\S+\/admin\/invitacio\/\S+/)?.[0];
      }
      return link;
    })
    .toBeDefined();
  return link!;
}
const totp = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

test("3.3.8 accessible authentication: the password and the second factor's code can be pasted, and say what they are", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Sign-in: an address and a password a manager fills, pasted.
  await page.goto("/admin/login");
  await expect(page.getByLabel("Correu electrònic")).toHaveAttribute("autocomplete", "username");
  await expect(page.getByLabel("Contrasenya")).toHaveAttribute("autocomplete", "current-password");
  await page.getByLabel("Correu electrònic").fill(E2E_ADMIN.email);
  await paste(page, "Contrasenya", E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entra" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A colleague with a second factor: their code pasted at the second step.
  const email = `verificacio-${unique()}@penedes.cat`;
  const password = "una-contrasenya-llarga";
  await page.goto("/admin/comptes");
  await page.getByLabel("Correu electrònic").fill(email);
  await page.getByLabel("Rol", { exact: true }).selectOption("moderator");
  await page.getByRole("button", { name: "Convida una persona" }).click();
  await expect(page.getByText(`Invitació enviada a ${email}`)).toBeVisible();
  await signOut(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(await invitationLink(email));
  await expect(other.getByLabel("Contrasenya nova")).toHaveAttribute("autocomplete", "new-password");
  await other.getByLabel("Contrasenya nova").fill(password);
  await other.getByLabel("Repeteix la contrasenya").fill(password);
  await other.getByRole("button", { name: "Crea el compte" }).click();
  await expect(other).toHaveURL(/\/admin\/compte$/);
  await other.getByRole("button", { name: "Activa la verificació en dos passos" }).click();
  const secret = (await other.getByTestId("totp-secret").textContent())!.trim();
  await paste(other, "Codi de 6 xifres", totp(secret));
  await other.getByRole("button", { name: "Confirma" }).click();
  await expect(other.getByRole("list", { name: "Codis de recuperació" }).getByRole("listitem")).toHaveCount(10);
  await signOut(other);
  await other.getByLabel("Correu electrònic").fill(email);
  await paste(other, "Contrasenya", password);
  await other.getByRole("button", { name: "Entra" }).click();
  await expect(other).toHaveURL(/\/admin\/verificacio$/);
  await expect(other.getByLabel("Codi")).toHaveAttribute("autocomplete", "one-time-code");
  await paste(other, "Codi", totp(secret, Date.now() + 30_000));
  await other.getByRole("button", { name: "Verifica" }).click();
  await expect(other).toHaveURL(/\/admin\/dashboard$/);
  await context.close();
  // The fixture's sign-in still works for the tests after this one.
  await signIn(page);
});

test("2.5.7 dragging movements: a map pin is placed, and moved, by single clicks or by the keyboard, never by dragging", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await rememberCookieChoice(page);
  await page.goto("/participa/mapa");
  const map = page.getByRole("application", { name: /Mapa per marcar el lloc/ });
  await expect(map).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  // No pin is draggable: a pin is put, and put again, where one clicks.
  await expect(map.locator(".leaflet-marker-draggable")).toHaveCount(0);
  const place = async () => [await page.locator('input[name="lat"]').inputValue(), await page.locator('input[name="lng"]').inputValue()];
  const box = (await map.boundingBox())!;
  // (Other specs' comments are pins on this map: a click on one opens it instead, so the next point is tried.)
  const points: [number, number][] = [
    [0.4, 0.3],
    [0.62, 0.7],
    [0.3, 0.62],
    [0.7, 0.25],
  ];
  let n = 0;
  await expect(async () => {
    const [fx, fy] = points[n++ % points.length]!;
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await expect(page.getByText(/^Punt marcat a prop de/)).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  const first = await place();
  await expect(async () => {
    const [fx, fy] = points[n++ % points.length]!;
    await page.mouse.click(box.x + box.width * (fx + 0.05), box.y + box.height * (fy + 0.05));
    expect(await place()).not.toEqual(first);
  }).toPass({ timeout: 15_000 });
  const second = await place();
  // The keyboard moves the map under its crosshair (no dragging to pan) and Enter drops the pin.
  await map.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect.poll(place).not.toEqual(second);
  await expect(map.locator(".leaflet-marker-draggable")).toHaveCount(0);
});

// Every public page of the registry in Catalan without a parameter, and a landing.
const CATALAN_PAGES = [
  ...PUBLIC_PAGES.filter((p) => p.locale === "ca" && !p.path.includes(":")).map((p) => p.path),
  "/landing/vilafranca-pedala",
];

test("3.2.6 consistent help: 'Ajuda i contacte' is in the same place in the footer of every public page, and leads to the contact form", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await rememberCookieChoice(page);
  let reference: string[] | null = null;
  for (const path of CATALAN_PAGES) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    const items = await footer.getByRole("navigation", { name: "Enllaços del peu" }).getByRole("listitem").allInnerTexts();
    reference ??= items;
    expect(items, `the footer's links on ${path}`).toEqual(reference);
    expect(items).toContain("Ajuda i contacte");
    await expect(footer.getByRole("link", { name: "Ajuda i contacte" }), path).toHaveAttribute(
      "href",
      "/declaracio-accessibilitat#contacte",
    );
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "Ajuda i contacte" }).click();
  await expect(page).toHaveURL(/\/declaracio-accessibilitat#contacte$/);
  await expect(page.getByRole("heading", { level: 2, name: "Observacions i dades de contacte" })).toBeInViewport();
  await expect(page.getByRole("region", { name: /Envia una comunicació|sol·licitud/i }).first()).toBeVisible();
});

test("3.3.7 redundant entry: in the testimonial's two steps, what was written stays when the audio is discarded and chosen again", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await rememberCookieChoice(page);
  await page.goto("/testimonis/enviar");
  const form = page.locator("main form");
  const fixture = path.join(import.meta.dirname, "../fixtures/veu.mp3");
  const message = `No m'ho tornis a demanar ${unique()}`;
  await form.getByLabel("Missatge").fill(message);
  await form.getByRole("radio", { name: "Laboral" }).check();
  await form.getByLabel(/Accepto els termes/).check();
  // Step 1: the audio; step 2: listen, then send or discard it.
  await form.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(fixture);
  await expect(form.getByText("Àudio preparat")).toBeVisible();
  await form.getByRole("button", { name: "Descarta" }).click();
  await expect(form.getByLabel(/O puja un fitxer d'àudio/)).toBeVisible();
  // Back at the first step nothing written is asked again.
  await expect(form.getByLabel("Missatge")).toHaveValue(message);
  await expect(form.getByRole("radio", { name: "Laboral" })).toBeChecked();
  await expect(form.getByLabel(/Accepto els termes/)).toBeChecked();
  await form.getByLabel(/O puja un fitxer d'àudio/).setInputFiles(fixture);
  await expect(form.getByRole("button", { name: "Envia el testimoni" })).toBeEnabled();
});

/** What the page shows wider than the screen: the document's width, beyond the viewport's. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

const MAIN_PAGES = [
  "/",
  "/participa",
  "/participa/mapa",
  "/testimonis",
  "/aportacions",
  "/recursos",
  "/declaracio-accessibilitat",
  "/agenda",
];

test("1.4.10 reflow: at 320 CSS px no public page scrolls sideways", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await rememberCookieChoice(page);
  for (const path of PUBLIC_PATHS.filter((p) => !/^\/(es|en)(\/|$)/.test(p))) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} at 320 px`).toBeLessThanOrEqual(0);
  }
});

/** WCAG 1.4.12's test styles (the W3C's text spacing bookmarklet). */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** Text that the spacing pushes out of a box that hides its overflow (screen-reader-only text aside). */
function clippedText() {
  const out: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("body *")) {
    const style = getComputedStyle(el);
    // A map is a window onto a larger picture, panned on purpose.
    if (el.classList.contains("leaflet-container")) continue;
    const hidesX = /hidden|clip/.test(style.overflowX);
    const hidesY = /hidden|clip/.test(style.overflowY);
    if (!hidesX && !hidesY) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || style.visibility === "hidden") continue;
    // Words for screen readers only, hidden on purpose (a skip link until it is focused).
    if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue;
    if (!el.innerText?.trim()) continue;
    if ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1)) {
      out.push(`${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} "${el.innerText.trim().slice(0, 40)}"`);
    }
  }
  return out;
}

for (const width of WIDTHS) {
  test(`1.4.12 text spacing: with the spacing styles at ${width} px the main pages clip no text and do not scroll sideways`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await rememberCookieChoice(page);
    for (const path of MAIN_PAGES) {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_SPACING });
      expect(await page.evaluate(clippedText), `clipped text on ${path} at ${width} px`).toEqual([]);
      expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  });
}

test("1.4.4 resize text: at 200 % zoom (a 1280×720 window is 640×360 CSS px) a resident reads the plan and sends a reflection", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 640, height: 360 });
  await rememberCookieChoice(page);
  // The pages of the main flow fit, with their heading in view after the sticky header.
  for (const path of ["/", "/de-que-va", "/participa", "/aportacions", "/testimonis", "/seguiment-del-pla"]) {
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} at 200 %`).toBeLessThanOrEqual(0);
  }
  // The menu reaches every page of the header, and the reflection is sent from its dialog.
  await page.goto("/");
  await page.getByRole("button", { name: "Obre el menú" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "DIGUES LA TEVA" }).click();
  await expect(page).toHaveURL(/\/participa$/);
  await page.getByRole("link", { name: "Escriu una reflexió" }).click();
  const dialog = page.getByRole("dialog", { name: "Escriu una reflexió" });
  const text = `Reflexió a 200 % ${unique()}`;
  await dialog.getByLabel("La teva reflexió").fill(text);
  const send = dialog.getByRole("button", { name: "Envia la reflexió" });
  await send.scrollIntoViewIfNeeded();
  await send.click();
  await expect(dialog.getByRole("region", { name: /Reflexió enviada correctament!/ })).toBeVisible();
});
