import { expect, expectAccessible, hydrated, signIn, test } from "./fixtures";

// Audience measurement without cookies (issue 34, decision 066), on the built server.

// A tablet, as visitors have it: the suite's other pages are counted too (its devices name no
// bot), as phones and computers; the top pages are theirs, but this test's tablet and its referring
// site are its own, whatever ran before.
const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const REFERRER = "https://www.santsadurni.cat/agenda";

test("public pages set no cookie and are counted; refusing analytics keeps the refusal in a cookie; the dashboard shows the visits", async ({
  browser,
  page: staff,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ userAgent: TABLET });
  const page = await context.newPage();
  const setCookies: string[] = [];
  page.on("response", async (res) => {
    const cookie = await res.headerValue("set-cookie");
    if (cookie) setCookies.push(`${res.url()}: ${cookie}`);
  });
  await page.goto("/politica-cookies?utm_source=prova", { referer: REFERRER });
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
  const referrers = staff.getByRole("table", { name: /Llocs d'on venen/ });
  const devices = staff.getByRole("table", { name: /Dispositius/ });
  // Sent every 15 s, and a loaded machine's reload of the dashboard takes seconds: wait for a few.
  await expect(async () => {
    await staff.reload();
    await expect(referrers).toContainText("santsadurni.cat", { timeout: 1000 });
  }).toPass({ timeout: 90_000, intervals: [3000] });
  // The referring site by its host alone; the tablet's pages (at least the two before the refusal).
  await expect(referrers).not.toContainText("agenda");
  const tablets = Number(
    (
      await devices
        .getByRole("row", { name: /Tauleta/ })
        .getByRole("cell")
        .last()
        .innerText()
    ).replace(/\D/g, ""),
  );
  expect(tablets).toBeGreaterThanOrEqual(2);
  await expect(staff.getByRole("table", { name: /Pàgines més vistes/ })).not.toContainText("utm_source");
  await expect(staff.getByRole("img", { name: /Pàgines vistes per dia/ })).toBeVisible();
  await expectAccessible(staff, "dashboard with visits");
});
