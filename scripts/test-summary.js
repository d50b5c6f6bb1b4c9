// Prints one closing line for the whole run from the Vitest and Playwright JSON reports:
// "total: N passed, N failed". Exits non-zero when a report is missing or ran no test.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read("test-results/vitest.json");
// The same unit tests on a clock moved a year ahead (decision 015).
const movedClock = read("test-results/vitest-moved-clock.json");
const playwright = read("test-results/playwright.json");
// With TEST_DATABASE_URL the Playwright suite ran a second time, on PostgreSQL.
const playwrightPg = process.env.TEST_DATABASE_URL ? read("test-results/playwright-pg.json") : undefined;
// The CI rehearsal's checks (decision 058): no acknowledged write lost, none twice, no error burst...
const rehearsal = read("test-results/rehearsal-ci.json");
if (!vitest || !movedClock || !playwright || playwrightPg === null || !rehearsal) {
  console.error("A test report is missing: run `npm test` first.");
  process.exit(1);
}
const unit = { passed: vitest.numPassedTests, failed: vitest.numFailedTests + (vitest.numPendingTests ?? 0) };
const moved = { passed: movedClock.numPassedTests, failed: movedClock.numFailedTests + (movedClock.numPendingTests ?? 0) };
const count = (report) => ({
  passed: report.stats.expected,
  failed: report.stats.unexpected + report.stats.flaky + report.stats.skipped,
});
const e2e = count(playwright);

// The failed tests by name, so that the end of a CI log says which.
const failedUnit = (report, label) =>
  report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${label}: ${file.name.replace(`${process.cwd()}/`, "")} › ${t.fullName}`),
  );
function failedE2e(suite, label, out = []) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      if (t.status !== "expected") out.push(`${label}: [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${t.status})`);
  for (const child of suite.suites ?? []) failedE2e(child, label, out);
  return out;
}
const failures = [
  ...failedUnit(vitest, "unit"),
  ...failedUnit(movedClock, "unit, clock moved"),
  ...playwright.suites.flatMap((s) => failedE2e(s, "e2e (PGlite)")),
  ...(playwrightPg ? playwrightPg.suites.flatMap((s) => failedE2e(s, "e2e (PostgreSQL)")) : []),
];

console.log(`unit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`unit, clock moved a year ahead: ${moved.passed} passed, ${moved.failed} failed`);
if (moved.passed === 0) unit.failed++;
unit.passed += moved.passed;
unit.failed += moved.failed;
console.log(`e2e (PGlite): ${e2e.passed} passed, ${e2e.failed} failed`);
if (playwrightPg) {
  const pg = count(playwrightPg);
  console.log(`e2e (PostgreSQL): ${pg.passed} passed, ${pg.failed} failed`);
  if (pg.passed === 0) e2e.failed++;
  e2e.passed += pg.passed;
  e2e.failed += pg.failed;
}
console.log(`rehearsal (CI): ${rehearsal.passed} checks passed, ${rehearsal.failed} failed`);
const failedRehearsal = rehearsal.failures.map((f) => `rehearsal: ${f}`);
if (rehearsal.passed === 0) rehearsal.failed++;
console.log(`total: ${unit.passed + e2e.passed + rehearsal.passed} passed, ${unit.failed + e2e.failed + rehearsal.failed} failed`);
failures.push(...failedRehearsal);
if (failures.length) console.log(`failed:\n  ${failures.join("\n  ")}`);
if (unit.passed === 0 || e2e.passed === 0 || unit.failed + e2e.failed + rehearsal.failed > 0) process.exit(1);
