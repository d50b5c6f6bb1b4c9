import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "docs/**/*.test.ts"],
    environment: "node",
    // The guard run moves every file's clock (TEST_CLOCK, decision 015).
    setupFiles: ["app/test/setup.ts"],
    // One migrated PGlite, dumped, that every test file's database starts from.
    globalSetup: ["app/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file gets its own database; PostgreSQL runs them a few at a time.
    pool: "forks",
  },
});
