// Prints one closing line for the whole run from the Vitest and Playwright JSON reports:
// "total: N passed, N failed". Exits non-zero when a report is missing or ran no test.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read("test-results/vitest.json");
const playwright = read("test-results/playwright.json");
if (!vitest || !playwright) {
  console.error("A test report is missing: run `npm test` first.");
  process.exit(1);
}
const unit = { passed: vitest.numPassedTests, failed: vitest.numFailedTests + (vitest.numPendingTests ?? 0) };
const e2e = { passed: playwright.stats.expected, failed: playwright.stats.unexpected + playwright.stats.flaky + playwright.stats.skipped };
console.log(`unit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`total: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
if (unit.passed === 0 || e2e.passed === 0 || unit.failed + e2e.failed > 0) process.exit(1);
