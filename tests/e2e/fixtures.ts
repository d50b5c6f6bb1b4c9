import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Route } from "@playwright/test";
import http from "node:http";
import { E2E_ADMIN, PORT } from "../../playwright.config";

// This machine has no network beyond loopback: the third-party embeds (map, questionnaire) get
// this stand-in page instead of a connection error.
const EXTERNAL_STAND_IN = {
  status: 200,
  contentType: "text/html",
  body: "<!doctype html><title>Contingut extern</title><p>Contingut extern</p>",
};

/** Fails the test on any WCAG 2.2 A/AA violation (axe-core's wcag2a…wcag22aa rules) on the page as it is now (dialogs open included). */
export async function expectAccessible(page: Page, label = page.url()) {
  // A toast or a dialog still fading in has its colours half-way: axe would measure those, and a
  // busy machine catches them. Wait until every animation that ends has ended (spinners run on).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(violations, `axe-core violations on ${label}`).toEqual([]);
}

/** The same check on a page loaded without JavaScript (`javaScriptEnabled: false`). axe-core runs
 * inside the page, which needs scripts, so it checks a copy: the same HTML, at the same address,
 * in a page that allows scripts, with the site's own scripts taken out (a visitor without
 * JavaScript never runs them). */
export async function expectAccessibleWithoutJavaScript(page: Page, label = page.url()) {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill(EXTERNAL_STAND_IN));
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(page.url());
    await expectAccessible(copy, label);
  } finally {
    await context.close();
  }
}

/** A value no other test run has used (an e-mail, a title to find again). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Stores a cookie choice before any page script runs, so the banner stays out of the way.
 * (Only in the top document: sandboxed embeds, such as the map's, have no storage.) */
export async function rememberCookieChoice(page: Page) {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, functional: false, analytics: false, timestamp: new Date().toISOString() }),
    );
  });
}

export async function signIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Correu electrònic").fill(E2E_ADMIN.email);
  await page.getByLabel("Contrasenya").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entra" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs out through the header's account menu (decision 050). */
export async function signOut(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: /^Compte: / }).click();
  await page.getByRole("menuitem", { name: "Sortir" }).click();
}

/** Waits until the page has hydrated: its scripts load once the page has loaded (decision 014),
 * so a button that needs them can be pressed only then. Pages without scripts pass at once. */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('script[type="module"]') || document.documentElement.dataset.hydrated === "true",
  );
}

/** Every test fails on a console error or an uncaught page error. The test's page waits for
 * hydration after each goto, reload and goBack (with JavaScript on). */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      for (const method of ["goto", "reload", "goBack"] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page[typeof method]>;
        Object.assign(page, {
          [method]: async (...args: unknown[]) => {
            const response = await original(...args);
            await hydrated(page);
            return response;
          },
        });
      }
    }
    await provide(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill(EXTERNAL_STAND_IN));
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      // A 4xx answer (a not-found page, a refused sign-in) is what those tests ask for; the
      // browser logs it as a failed resource, which is not a fault of the page.
      expect(errors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e))).toEqual([]);
    },
    { auto: true },
  ],
});

/** One test per path: the page answers 200, shows its main heading and passes axe-core (without
 * JavaScript, on the copy expectAccessibleWithoutJavaScript checks). */
export function testPagesAnswerAndPassAxe(paths: readonly string[]) {
  for (const path of paths) {
    test(`${path} answers 200 and passes axe-core`, async ({ page, javaScriptEnabled }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole("heading", { level: 1 });
      if (javaScriptEnabled === false) {
        await expect(heading).toBeAttached();
        await expectAccessibleWithoutJavaScript(page);
      } else {
        await expect(heading).toBeVisible();
        await expectAccessible(page);
      }
    });
  }
}

/** An answer: a toast in the back office, or the public form's own answer beside it (issue 18), or
 * the success panel that takes its place (issue 27). */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [role=status], [role=alert], [data-slot=form-success]").filter({ hasText: text }).first();

/** Sets a settings form of the screen as staff do, through the page. */
export async function saveSettings(
  page: Page,
  section: "Calendari de la consulta" | "Moderació",
  fill: (form: ReturnType<Page["locator"]>) => Promise<void>,
) {
  await page.goto("/admin/configuracio");
  const form = page.locator("section", { has: page.getByRole("heading", { name: section, exact: true }) });
  await fill(form);
  await form.getByRole("button", { name: /^Desa (el calendari|la moderació)$/ }).click();
  await expect(
    toast(page, section === "Moderació" ? "Moderació desada correctament" : "Calendari de la consulta desat correctament"),
  ).toBeVisible();
}

/** Playwright options for a test file or group that plays visitors of their own: their requests
 * carry X-Forwarded-For, which the e2e server believes (TRUST_PROXY in playwright.config.ts), so
 * their writes count against their own rate limits, not the rest of the suite's. `n` (0-255) names
 * the visitor. */
export const visitor = (n: number) => ({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${n}` } });

/** A form posted from a loopback address of its own (127.0.0.x: a client of its own, so that its
 * writes count against no other test's rate limits), as a browser without JavaScript sends it. */
export function postFrom(localAddress: string, path: string, fields: Record<string, string>, cookie?: string) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The texts in the footer's open texts dialog (/admin/peu), to put back at the end: the e2e server is shared. */
export async function footerTexts(page: Page) {
  const dialog = page.getByRole("dialog");
  return {
    main: await dialog.getByLabel("Text principal").inputValue(),
    collaborators: await dialog.getByLabel("Text de col·laboradors").inputValue(),
  };
}

/** Puts the footer's texts back through its dialog (on /admin/peu), and waits for the dialog to close. */
export async function restoreFooterTexts(page: Page, original: { main: string; collaborators: string }) {
  await page.getByRole("button", { name: "Edita els textos" }).click();
  await page.getByRole("dialog").getByLabel("Text principal").fill(original.main);
  await page
    .getByRole("dialog")
    .getByLabel("Text de col·laboradors")
    .fill(original.collaborators || "Amb el suport de");
  await page.getByRole("dialog").getByRole("button", { name: "Desa" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** Subscribes an address with the home page's newsletter form (pending until its e-mail's link is followed). */
export async function subscribeOnHome(page: Page, address: string) {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Subscriu-te a la newsletter" });
  await section.getByLabel("Correu electrònic").fill(address);
  await section.getByLabel(/Accepto la/).check();
  await section.getByRole("button", { name: "Subscriu-me" }).click();
  await expect(section.getByRole("region", { name: "Subscripció confirmada!" })).toContainText("t'hem enviat un correu");
}

export { expect };

/** How a send fails on the way (issue 27): the connection drops, or the site answers 503 with a
 * page of its own (a deploy, a proxy), not React Router's data. */
export type SendFailure = "abort" | 503;

/**
 * Makes the browser's POSTs to a form's page (`/participa/reflexio`, its `.data` request) fail as
 * `how` says until `stop` is called. `failed` says how many sends failed so far. Only the send
 * fails: the page's other requests go through.
 */
export async function failSends(page: Page, pathname: string, how: SendFailure) {
  let failed = 0;
  const matches = (url: URL) => url.pathname === pathname || url.pathname === `${pathname}.data`;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    failed++;
    if (how === "abort") return route.abort("internetdisconnected");
    return route.fulfill({
      status: 503,
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><title>503 Service Unavailable</title><h1>Service Unavailable</h1>",
    });
  };
  await page.route(matches, handler);
  return { failed: () => failed, stop: () => page.unroute(matches, handler) };
}

/** Takes out of a test's console errors the browser's own lines about the sends it made fail. */
export function forgetFailedSends(consoleErrors: string[]) {
  const expected = /^Failed to load resource: (net::ERR_INTERNET_DISCONNECTED|the server responded with a status of 503)/;
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (expected.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}
