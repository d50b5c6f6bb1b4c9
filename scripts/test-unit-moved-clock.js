// npm run test:unit:moved-clock: the unit tests once more, with every file's clock moved more than a
// year ahead, to 23:30 UTC (already the next day in Catalonia) and in another time zone, so a test
// that passes only until some date fails today instead of on that night (decision 015).
// PGlite only: it runs inside this process and follows the moved clock; a PostgreSQL server's
// now() cannot be moved. TEST_CLOCK=<ISO instant> picks the moment instead.
import { spawnSync } from "node:child_process";

const moved = new Date(Date.now() + 400 * 86_400_000);
moved.setUTCHours(23, 30, 0, 0);
const clock = process.env.TEST_CLOCK || moved.toISOString();
const env = { ...process.env, TEST_CLOCK: clock, TZ: process.env.TEST_CLOCK_TZ || "Pacific/Kiritimati" };
delete env.TEST_DATABASE_URL;
console.log(`Unit tests with the clock at ${clock}, TZ=${env.TZ}, on PGlite:`);
const args = ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest-moved-clock.json"];
const { status } = spawnSync("npx", [...args, ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(status ?? 1);
