import { defineConfig, devices } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_ADMIN = { email: "gestor@penedes.cat", password: "contrasenya-de-prova" };

/** With E2E_DATABASE_URL (a PostgreSQL server's URL), the whole suite runs on PostgreSQL: the site
 * gets a fresh database of its own on that server, named after the port. Otherwise, PGlite. */
export const E2E_DATABASE_URL = (() => {
  if (!process.env.E2E_DATABASE_URL) return undefined;
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/pb_e2e_${PORT}`;
  return url.toString();
})();
export const E2E_DATABASE_KIND = E2E_DATABASE_URL ? "postgres" : "pglite";
/** Each lane's own files, by its port (scripts/test-e2e.js runs lanes side by side: decision 073). */
export const E2E_DATA_DIR = `test-results/e2e-data-${PORT}`;

/** On PostgreSQL, the tests that start servers of their own on PGlite are left to a PGlite lane. */
const POSTGRES_LANE = { grepInvert: /@own-server/ };

export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/artifacts-${PORT}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"], ["json", { outputFile: `test-results/playwright-${PORT}.json` }]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    locale: "ca-ES",
    timezoneId: "Europe/Madrid",
    launchOptions: chromium,
    // No trace: recording one costs a fifth of the suite's time, and CI keeps only its log. Ask for
    // one when a test fails here: npx playwright test <spec> --trace retain-on-failure.
    trace: "off",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
      ...(E2E_DATABASE_URL ? POSTGRES_LANE : {}),
    },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, testMatch: /pages\.spec\.ts/ },
  ],
  // The built site on seeded demo content in a data folder (and database) of its own.
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && ${E2E_DATABASE_URL ? "node scripts/reset-database.js && " : ""}npm run -s seed && node server.js`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: E2E_DATABASE_URL ?? "",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_SILENT: "1",
      // As deployed, behind a proxy (docs/deploy.md): a test that plays a visitor of its own sends
      // X-Forwarded-For (visitor() in tests/e2e/fixtures.ts), so the suite's many writes from one
      // machine do not spend one visitor's rate limits. Without the header, the client is the socket's.
      TRUST_PROXY: "loopback",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
