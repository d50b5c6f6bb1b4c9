// Prints one closing line for the whole run from the Vitest and Playwright JSON reports:
// "total: N passed, N failed". Exits non-zero when a report is missing or ran no test.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const vitest = read("test-results/vitest.json");
// The same unit tests on a clock moved a year ahead (decision 015).
const movedClock = read("test-results/vitest-moved-clock.json");
// The Playwright lanes (scripts/test-e2e.js, decision 073): each with its database and its report.
const lanes = (read("test-results/e2e-lanes.json") ?? []).map((lane) => ({ ...lane, result: read(lane.report) }));
const LABEL = { pglite: "PGlite", postgres: "PostgreSQL" };
// The CI rehearsal's checks (decision 058): no acknowledged write lost, none twice, no error burst...
const rehearsal = read("test-results/rehearsal-ci.json");
if (!vitest || !movedClock || lanes.length === 0 || lanes.some((l) => !l.result) || !rehearsal) {
  console.error("A test report is missing: run `npm test` first.");
  process.exit(1);
}
const unit = { passed: vitest.numPassedTests, failed: vitest.numFailedTests + (vitest.numPendingTests ?? 0) };
const moved = { passed: movedClock.numPassedTests, failed: movedClock.numFailedTests + (movedClock.numPendingTests ?? 0) };
const count = (report) => ({
  passed: report.stats.expected,
  failed: report.stats.unexpected + report.stats.flaky + report.stats.skipped,
});

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
  ...lanes.flatMap((l) => l.result.suites.flatMap((s) => failedE2e(s, `e2e (${l.name})`))),
];

console.log(`unit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`unit, clock moved a year ahead: ${moved.passed} passed, ${moved.failed} failed`);
if (moved.passed === 0) unit.failed++;
unit.passed += moved.passed;
unit.failed += moved.failed;
const e2e = { passed: 0, failed: 0 };
for (const lane of lanes) {
  const c = count(lane.result);
  console.log(`e2e (${LABEL[lane.database]}, lane ${lane.name}, ${lane.minutes} min): ${c.passed} passed, ${c.failed} failed`);
  // A lane that ran nothing failed to start.
  if (c.passed === 0) e2e.failed++;
  e2e.passed += c.passed;
  e2e.failed += c.failed;
}
console.log(`rehearsal (CI): ${rehearsal.passed} checks passed, ${rehearsal.failed} failed`);
const failedRehearsal = rehearsal.failures.map((f) => `rehearsal: ${f}`);
if (rehearsal.passed === 0) rehearsal.failed++;
console.log(`total: ${unit.passed + e2e.passed + rehearsal.passed} passed, ${unit.failed + e2e.failed + rehearsal.failed} failed`);
failures.push(...failedRehearsal);
if (failures.length) console.log(`failed:\n  ${failures.join("\n  ")}`);
if (unit.passed === 0 || e2e.passed === 0 || unit.failed + e2e.failed + rehearsal.failed > 0) process.exit(1);
