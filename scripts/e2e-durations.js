// npm run e2e:durations: writes tests/e2e/durations.json (seconds per spec file, every project
// summed) from the last `npm run test:e2e` reports, keeping the files those reports did not run.
// scripts/test-e2e.js deals the specs out to its lanes by these figures (decision 073): run this after
// a spec grows or a new one lands, and commit the file.
import fs from "node:fs";

const FILE = "tests/e2e/durations.json";
const durations = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, "utf8")) : {};
const lanes = JSON.parse(fs.readFileSync("test-results/e2e-lanes.json", "utf8"));
const measured = {};
for (const lane of lanes) {
  const report = JSON.parse(fs.readFileSync(lane.report, "utf8"));
  const inLane = {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) inLane[file] = (inLane[file] ?? 0) + t.results.reduce((s, r) => s + r.duration, 0) / 1000;
    for (const child of suite.suites ?? []) walk(child, file);
  };
  // A test written in a helper module counts for the spec that calls it (the top suite's file).
  for (const top of report.suites) walk(top, top.file);
  // A spec run in every lane counts its longest lane.
  for (const [file, s] of Object.entries(inLane)) measured[file] = Math.max(measured[file] ?? 0, s);
}
for (const [file, s] of Object.entries(measured)) durations[file] = Math.round(s);
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `${FILE}: ${Object.keys(measured).length} specs measured, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0) / 60)} min in all`,
);
