// Screenshots of the site at a phone's width (390 px) and a laptop's (1366 px), for a person to
// look at (issue 18). Usage, against a running seeded server with an admin account:
//   npx tsx scripts/screenshots.ts http://127.0.0.1:3000 out-dir [email password] [--all]
// Without --all it takes the pages kept under docs/screenshots/ (home, a theme page, /testimonis,
// the admin dashboard and one admin list); with it, every public page and admin screen.
import { mkdirSync } from "node:fs";
import { chromium as playwright } from "@playwright/test";
import { chromium, E2E_ADMIN } from "../playwright.config";
import { screenshotContext, WIDTHS } from "./screenshot-context";
import { PUBLIC_PATHS } from "../app/lib/routes";

const [base, out, email = E2E_ADMIN.email, password = E2E_ADMIN.password] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const all = process.argv.includes("--all");
if (!base || !out) throw new Error("Usage: npx tsx scripts/screenshots.ts <base-url> <out-dir> [email password] [--all]");
mkdirSync(out, { recursive: true });

const publicPaths = all ? [...PUBLIC_PATHS, "/landing/vilafranca-pedala"] : ["/", "/ciutadania", "/testimonis"];
const name = (path: string) => (path === "/" ? "home" : path.slice(1).replaceAll("/", "-"));

const browser = await playwright.launch(chromium);
for (const width of WIDTHS) {
  const context = await screenshotContext(browser, width);
  const page = await context.newPage();
  const shoot = async (path: string) => {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // Down to the end and back, so that lazy images (the footer's logos) are in the picture.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${out}/${name(path)}-${width}.png`, fullPage: !all || width < 600 });
    console.log(`${name(path)}-${width}.png`);
  };
  for (const path of publicPaths) await shoot(path);
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Correu electrònic").fill(email);
  await page.getByLabel("Contrasenya").fill(password);
  await page.getByRole("button", { name: "Entra" }).click();
  await page.waitForURL(/dashboard/);
  // Every screen the back office's navigation links to.
  const adminPaths = all
    ? [...new Set(await page.locator('nav a[href^="/admin/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!)))]
    : ["/admin/dashboard", "/admin/testimonis"];
  for (const path of adminPaths) await shoot(path);
  await context.close();
}
await browser.close();
