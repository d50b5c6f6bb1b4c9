// The end-to-end tests drive Debian's Chromium (/usr/bin/chromium): a test tool's own
// browser download cannot work on these machines. Install it when missing and we are
// root; otherwise stop with the exact command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const INSTALL = "apt-get update && apt-get install -y chromium";

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`Chromium is missing at ${CHROMIUM}: installing it with apt (${INSTALL})...`);
    const result = spawnSync("sh", ["-c", `DEBIAN_FRONTEND=noninteractive ${INSTALL}`], { stdio: "inherit" });
    if (result.status !== 0 || !existsSync(CHROMIUM)) {
      console.error(`Installing Chromium failed. Run this and try again:\n  sudo sh -c '${INSTALL}'`);
      process.exit(1);
    }
  } else {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it, then run the tests again:\n  sudo sh -c '${INSTALL}'`);
    process.exit(1);
  }
}
