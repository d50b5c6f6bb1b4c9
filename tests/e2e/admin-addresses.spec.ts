import { ADMIN_SCREEN_LIST, addressOf } from "../../app/domain/admin-screens";
import { BASE_URL } from "../../playwright.config";
import { expect, signIn, test } from "./fixtures";

// The back office speaks Catalan (decision 055): each old English address, from the registry, is
// a permanent redirect to the new one, with its query, for a GET and a POST alike (a 308 keeps the
// method and the body), and for React Router's data requests too.

const moved = ADMIN_SCREEN_LIST.filter((s) => s.was);
const QUERY = "?estat=published&q=bici%20verda";

test("every old admin address answers a GET and a POST with a 308 to its Catalan address, its query kept", async () => {
  expect(moved.length).toBeGreaterThanOrEqual(12);
  for (const s of moved)
    for (const method of ["GET", "POST"]) {
      const body = method === "POST" ? new URLSearchParams({ intent: "create", title: "Al lloc antic" }) : undefined;
      const res = await fetch(`${BASE_URL}${s.was}${QUERY}`, { method, body, redirect: "manual" });
      expect(res.status, `${method} ${s.was}`).toBe(308);
      // The query as the router hands it on (a space may come back as "+": the same query).
      const to = new URL(res.headers.get("location")!, BASE_URL);
      expect(to.pathname, `${method} ${s.was}`).toBe(addressOf(s));
      expect([...to.searchParams], `${method} ${s.was}`).toEqual([...new URLSearchParams(QUERY)]);
      expect(res.headers.get("location"), `${method} ${s.was}`).toMatch(/^\/admin\//);
    }
});

test("a form posted to an old address is posted again, body and all, to the new one", async () => {
  // Sign-out without a session: with its redirectTo of "/" it returns home, without it to sign-in.
  // Landing home proves the body reached the new address's action.
  const res = await fetch(`${BASE_URL}/admin/logout`, {
    method: "POST",
    body: new URLSearchParams({ redirectTo: "/" }),
    redirect: "follow",
  });
  expect(res.redirected).toBe(true);
  expect(new URL(res.url).pathname).toBe("/");
});

test("a signed-in admin who opens an old address is on the screen's new one, its query kept", async ({ page }) => {
  await signIn(page);
  for (const s of moved.filter((x) => x.shell).slice(0, 4)) {
    await page.goto(`${s.was}${QUERY}`);
    await expect(page).toHaveURL((url) => url.pathname === addressOf(s) && url.searchParams.get("q") === "bici verda");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("React Router's data requests to an old address get its redirect, 308 and all, to the new address", async () => {
  for (const s of moved)
    for (const method of ["GET", "POST"]) {
      const body = method === "POST" ? new URLSearchParams({ intent: "create" }) : undefined;
      const res = await fetch(`${BASE_URL}${s.was}.data?estat=published`, { method, body, redirect: "manual" });
      // The client router follows it: a 308 after a submission is submitted again to the new address.
      expect(res.status, `${method} ${s.was}.data`).toBe(202);
      const text = await res.text();
      expect(text, `${method} ${s.was}.data`).toContain(`"redirect","${addressOf(s)}?estat=published","status",308`);
    }
});
