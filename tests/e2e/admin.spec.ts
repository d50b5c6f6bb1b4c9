import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectAccessible, postFrom, signIn, test } from "./fixtures";

test("the back office refuses anonymous visitors", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/testimonis");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Ftestimonis$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectAccessible(page, "login");
});

test("a wrong password is refused with the spec's message", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Correu electrònic").fill(E2E_ADMIN.email);
  await page.getByLabel("Contrasenya").fill("no-es-aquesta");
  await page.getByRole("button", { name: "Entra" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email o contrasenya incorrectes." }).first()).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Email o contrasenya incorrectes." })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectAccessible(page, "login with error");
});

test("an admin signs in, sees the dashboard and the moderation tabs, and signs out", async ({ page }) => {
  await signIn(page);
  await expect(page.getByText(E2E_ADMIN.email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  // The seed has four testimonials: three published, one pending.
  await expect(page.getByRole("link", { name: "Total testimonis" }).locator("../..")).toContainText("4");
  await expectAccessible(page, "dashboard");

  // The testimonials screen is the moderation queue's testimonial view (decision 051).
  await page.getByRole("link", { name: "Testimonis", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Testimonis" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Pendents \(\d+\)/ })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: /^Publicats/ }).click();
  await expect(page).toHaveURL(/estat=published/);
  await expect(page.getByRole("link", { name: /^Publicats/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("listitem").filter({ hasText: "Volem anar a l'escola en bici" }).locator("audio")).toBeVisible();
  await expectAccessible(page, "testimonials");

  // The public header offers 'Sortir' to a signed-in admin, and signing out there ends on the
  // home page (spec §2), with what the browser kept for the site cleared.
  await page.goto("/participa");
  await page.evaluate(() => localStorage.setItem("qualsevol-cosa", "1"));
  await page.getByRole("button", { name: "Sortir" }).first().click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Al Penedès, la bici ens mou!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sortir" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("qualsevol-cosa"))).toBeNull();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the mobile menu of a signed-in admin offers 'Sortir' and passes axe-core", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/segueixlavivi");
  await page.getByRole("button", { name: "Obre el menú" }).click();
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu.getByRole("button", { name: "Sortir" })).toBeVisible();
  await expectAccessible(page, "mobile menu, signed in");
  await menu.getByRole("button", { name: "Sortir" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("button", { name: "Obre el menú" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Menú" })).toBeHidden();
});

/** A sign-in posted from a loopback address of its own (each test its own client, so that its
 * failures count against no other test's), as a form without JavaScript sends it. */
const postSignIn = (localAddress: string, fields: Record<string, string>, cookie?: string) =>
  postFrom(localAddress, "/admin/login", fields, cookie);

test("repeated wrong passwords are throttled with the spec's message and a Retry-After header", async () => {
  const fields = { email: "ningu-throttle@penedes.cat", password: "malament" };
  for (let i = 0; i < 5; i++) expect((await postSignIn("127.0.0.5", fields)).status).toBe(401);
  const refused = await postSignIn("127.0.0.5", fields);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
  expect(refused.body).toContain("Massa intents fallits. Per seguretat, torna-ho a provar d&#x27;aquí a 15 minuts.");
  // Another client is not affected, and neither is the real account from this one.
  expect((await postSignIn("127.0.0.6", fields)).status).toBe(401);
  const owner = await postSignIn("127.0.0.5", E2E_ADMIN);
  expect(owner.status).toBe(302);
});

test("a redirectTo with CR, LF or U+2028 leads to the dashboard, not to a 500", async ({ request }) => {
  for (const redirectTo of ["/admin/testimonis\r\nX-Injected: 1", "/admin?x=\u2028", "/admin/\n"]) {
    const res = await postSignIn("127.0.0.7", { ...E2E_ADMIN, redirectTo });
    expect(res.status, JSON.stringify(redirectTo)).toBe(302);
    expect(res.headers.location).toBe("/admin/dashboard");
    expect(res.headers["x-injected"]).toBeUndefined();
  }
  // Already signed in: the login page's loader redirects the same way.
  const signedIn = await postSignIn("127.0.0.7", E2E_ADMIN);
  const cookie = (signedIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  for (const query of ["%2Fadmin%0D%0AX-Injected%3A%201", "%2Fadmin%3Fx%3D%E2%80%A8"]) {
    const res = await request.get(`/admin/login?redirectTo=${query}`, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(res.status(), query).toBe(302);
    expect(res.headers().location).toBe("/admin/dashboard");
  }
});
