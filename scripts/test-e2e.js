// npm run test:e2e: the Playwright suite in lanes that run side by side (decision 073). Each lane has
// its own built server, seeded data folder, database, port, artifacts and report; the spec files are
// dealt out to the lanes by their last measured time (tests/e2e/durations.json), so the lanes end
// together. With TEST_DATABASE_URL (CI), every other lane runs on a fresh PostgreSQL database: each
// spec runs once, on one database or the other, and server.spec.ts (whose tests are about the
// database under the server) runs in every lane.
//
//   npm run test:e2e                         every spec, E2E_LANES lanes (default 2)
//   npm run test:e2e -- tests/e2e/x.spec.ts  the given files or options, one lane per database
//
// The lanes and their reports are listed in test-results/e2e-lanes.json for the summary.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

if (spawnSync(process.execPath, ["scripts/ensure-chromium.js"], { stdio: "inherit" }).status !== 0) process.exit(1);

const postgres = process.env.TEST_DATABASE_URL;
const basePort = Number(process.env.E2E_PORT ?? 3210);
const extra = process.argv.slice(2);
/** Specs whose tests depend on the lane's database: run in every lane. */
const EVERY_LANE = ["server.spec.ts"];
/** A spec not measured yet counts as this many seconds. */
const UNMEASURED = 30;

/** The lanes: E2E_LANES of them for the whole suite, PGlite and PostgreSQL alternating; for a
 * partial run (arguments), one per database. */
function planLanes() {
  const count = extra.length ? (postgres ? 2 : 1) : Math.max(1, Number(process.env.E2E_LANES ?? 2));
  const lanes = Array.from({ length: count }, (_, i) => {
    const database = postgres && i % 2 === 1 ? "postgres" : "pglite";
    // Ports 1000 apart: a lane's own-server tests take its PORT+50… and PORT+100….
    return { name: `${database}-${i + 1}`, database, port: basePort + 1000 * i, files: [], seconds: 0 };
  });
  if (extra.length) return lanes.map((lane) => ({ ...lane, args: extra }));
  const durations = JSON.parse(fs.readFileSync("tests/e2e/durations.json", "utf8"));
  const specs = fs
    .readdirSync("tests/e2e")
    .filter((f) => f.endsWith(".spec.ts"))
    .map((file) => ({ file, seconds: durations[file] ?? UNMEASURED }));
  for (const spec of specs.filter((s) => EVERY_LANE.includes(s.file)))
    for (const lane of lanes) {
      lane.files.push(spec.file);
      lane.seconds += spec.seconds;
    }
  // Longest first, each to the lane that ends soonest.
  for (const spec of specs.filter((s) => !EVERY_LANE.includes(s.file)).sort((a, b) => b.seconds - a.seconds)) {
    const lane = lanes.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lane.files.push(spec.file);
    lane.seconds += spec.seconds;
  }
  return lanes.map((lane) => ({ ...lane, args: lane.files.map((f) => `tests/e2e/${f}`) }));
}

const lanes = planLanes();
fs.mkdirSync("test-results", { recursive: true });
for (const f of fs.readdirSync("test-results")) if (/^playwright.*\.json$|^e2e-lanes\.json$/.test(f)) fs.rmSync(`test-results/${f}`);

function runLane(lane) {
  const env = {
    ...process.env,
    E2E_PORT: String(lane.port),
    E2E_DATABASE_URL: lane.database === "postgres" ? postgres : "",
  };
  const started = Date.now();
  console.log(
    `[${lane.name}] port ${lane.port}, ${lane.args.join(" ")}${lane.seconds ? ` (~${Math.round(lane.seconds / 60)} min measured)` : ""}`,
  );
  const child = spawn("npx", ["playwright", "test", ...lane.args], { env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${lane.name}] ${line}`));
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      lane.minutes = Math.round((Date.now() - started) / 600) / 100;
      console.log(`[${lane.name}] done in ${lane.minutes} min, exit ${code}`);
      resolve(code === 0);
    }),
  );
}

const results = await Promise.all(lanes.map(runLane));
fs.writeFileSync(
  "test-results/e2e-lanes.json",
  JSON.stringify(
    lanes.map(({ name, database, port, files, minutes }) => ({
      name,
      database,
      port,
      files,
      minutes,
      report: `test-results/playwright-${port}.json`,
    })),
    null,
    2,
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
