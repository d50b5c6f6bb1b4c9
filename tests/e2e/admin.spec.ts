import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectAccessible, signIn, test } from "./fixtures";

test("the back office refuses anonymous visitors", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/testimonials");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Ftestimonials$/);
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
  // The seed has four testimonials: three approved, one pending.
  await expect(page.getByText("Total testimonis").locator("..")).toContainText("4");
  await expectAccessible(page, "dashboard");

  await page.getByRole("link", { name: "Testimonis" }).click();
  await expect(page.getByRole("tab", { name: /Pendents \(1\)/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: /Aprovats/ }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Volem anar a l'escola en bici");
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
