import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

/** Fails the test on any WCAG 2.1 A/AA violation on the page as it is now (dialogs open included). */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(violations, `axe-core violations on ${label}`).toEqual([]);
}

/** Stores a cookie choice before any page script runs, so the banner stays out of the way.
 * (Only in the top document: sandboxed embeds have no storage.) */
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

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      // This machine has no network beyond loopback: the third-party embeds (map,
      // questionnaire) get a stand-in page instead of a connection error.
      await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<!doctype html><title>Contingut extern</title><p>Contingut extern</p>",
        }),
      );
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

export { expect };
