// What every screenshot script shares: the two widths a person looks at (a phone's, a laptop's) and
// a browser context at one of them, in Catalan, without motion, with the cookie choice already made
// (so the banner does not cover the page).
import type { Browser } from "@playwright/test";

export const WIDTHS = [390, 1366] as const;

export async function screenshotContext(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: "ca-ES",
    reducedMotion: "reduce",
  });
  await context.addInitScript(() =>
    localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ necessary: true, functional: false, analytics: false, timestamp: new Date().toISOString() }),
    ),
  );
  return context;
}
