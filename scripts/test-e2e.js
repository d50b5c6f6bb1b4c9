// npm run test:e2e: the Playwright suite on PGlite, then, when TEST_DATABASE_URL names a
// PostgreSQL server (CI sets it), again on PostgreSQL: its desktop project, without what the
// database does not change (PGLITE_LANE_ONLY in playwright.config.ts, decision 041). Extra arguments go to
// Playwright (a file, --grep …).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (env, extra = []) =>
  spawnSync("npx", ["playwright", "test", ...extra, ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, ...env } })
    .status;

if (spawnSync(process.execPath, ["scripts/ensure-chromium.js"], { stdio: "inherit" }).status !== 0) process.exit(1);
// No stale report from an earlier run may count in the summary.
for (const report of ["playwright.json", "playwright-pg.json"]) fs.rmSync(`test-results/${report}`, { force: true });
let failed = run({ E2E_DATABASE_URL: "" }) !== 0;
if (process.env.TEST_DATABASE_URL) {
  console.log(`\nThe suite on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}):\n`);
  failed = run({ E2E_DATABASE_URL: process.env.TEST_DATABASE_URL }, ["--project=desktop"]) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
