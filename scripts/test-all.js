// npm test: every check and test, in phases. Within a phase the lanes run side by side and the steps
// of a lane one after another; a phase starts when the one before has passed. A failing test suite
// does not stop the others of its phase (one run shows every failure); a failing check or build stops
// the run. At the end: each step's time and result, then the one-line summary of the reports.
import { spawn } from "node:child_process";

const step = (name, command) => ({ name, command });
const npm = (script) => step(script, `npm run -s ${script}`);

// The lanes of a phase share the machine's two cores: two lanes only where each alone keeps about one
// busy (Vitest runs one worker there). One browser run left half of the two cores idle (it waits on
// recordings, flushes and hydration): test:e2e runs its own lanes (decision 073).
const PHASES = [
  { name: "checks", stopOnFailure: true, lanes: [[npm("typecheck"), npm("lint"), npm("format:check")]] },
  // With a PostgreSQL server (CI), the unit tests run once on it at today's date and once on PGlite
  // with the clock moved (decision 041): each database once, each clock once, side by side.
  {
    name: "unit",
    lanes: [
      [process.env.TEST_DATABASE_URL ? step("test:unit (PostgreSQL)", "TEST_BACKENDS=postgres npm run -s test:unit") : npm("test:unit")],
      [npm("test:unit:moved-clock")],
    ],
  },
  { name: "build", stopOnFailure: true, lanes: [[npm("build")]] },
  // The CI rehearsal (decision 058) plays a base load of ~30 requests a second through nginx to two
  // instances: about half a core, beside the built-server suites (which keep about one busy); the
  // fuzz follows it, so that the two lanes end about together.
  {
    name: "built server",
    lanes: [
      [npm("test:crash"), npm("test:scale")],
      [npm("test:rehearse"), npm("test:fuzz")],
    ],
  },
  // The browser suite runs lanes of its own side by side (scripts/test-e2e.js, decision 073).
  { name: "browser", lanes: [[npm("test:e2e")]] },
];

const results = [];
const format = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}`;

function run({ name, command }) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.on("exit", (code, signal) => {
      const ok = code === 0;
      results.push({ name, ok, ms: Date.now() - started, code: code ?? signal });
      console.log(`\n${ok ? "✔" : "✘"} ${name} (${format(Date.now() - started)})`);
      resolve(ok);
    });
  });
}

async function runLane(lane) {
  let ok = true;
  for (const s of lane) ok = (await run(s)) && ok;
  return ok;
}

const start = Date.now();
let failed = false;
for (const phase of PHASES) {
  const passed = (await Promise.all(phase.lanes.map(runLane))).every(Boolean);
  failed ||= !passed;
  if (!passed && phase.stopOnFailure) break;
}
console.log("\nSteps:");
for (const r of results)
  console.log(`  ${r.ok ? "✔" : "✘"} ${r.name.padEnd(24)} ${format(r.ms).padStart(6)}${r.ok ? "" : `  (exit ${r.code})`}`);
console.log(`  total ${format(Date.now() - start)}\n`);
const summary = await run(step("summary", "node scripts/test-summary.js"));
process.exit(failed || !summary ? 1 : 0);
