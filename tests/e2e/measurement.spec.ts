import { expect, expectAccessible, hydrated, signIn, test } from "./fixtures";

// Audience measurement without cookies (issue 34, decision 066), on the built server.

// A browser as visitors have it (Playwright's headless Chromium names itself a bot, and bots are
// not counted).
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test("public pages set no cookie and are counted; refusing analytics keeps the refusal in a cookie; the dashboard shows the visits", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ userAgent: CHROME });
  const page = await context.newPage();
  const setCookies: string[] = [];
  page.on("response", async (res) => {
    const cookie = await res.headerValue("set-cookie");
    if (cookie) setCookies.push(`${res.url()}: ${cookie}`);
  });
  await page.goto("/politica-cookies?utm_source=prova");
  await page.goto("/recursos");
  expect(setCookies).toEqual([]);
  expect(await context.cookies()).toEqual([]);

  // The banner tells what is counted; "only necessary" objects to being counted.
  // (This context is not the fixture's page: it waits for hydration itself; the banner comes 1 s after.)
  await hydrated(page);
  const banner = page.getByRole("region", { name: "Avís de cookies" });
  await expect(banner).toContainText("Comptem les visites sense cookies", { timeout: 30_000 });
  await banner.getByRole("button", { name: "Només necessàries" }).click();
  expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual(["pb_sense_mesura=1"]);
  // The policy says how.
  await page.goto("/politica-cookies");
  await expect(page.getByRole("heading", { name: "Com comptem les visites" })).toBeVisible();
  await context.close();

  // Staff see the counts once the server has sent them (every 15 s).
  await signIn(staff);
  const pages = staff.getByRole("table", { name: /Pàgines més vistes/ });
  await expect(async () => {
    await staff.reload();
    await expect(pages).toContainText("/politica-cookies", { timeout: 1000 });
  }).toPass({ timeout: 40_000, intervals: [3000] });
  await expect(pages).not.toContainText("utm_source");
  await expect(staff.getByRole("img", { name: /Pàgines vistes per dia/ })).toBeVisible();
  await expectAccessible(staff, "dashboard with visits");
});
