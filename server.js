// Starts the site: `node server.js` serves the production build (building it first when
// there is none); `node server.js --dev` runs Vite in middleware mode with hot reload.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);

if (process.argv.includes("--dev")) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({ vite });
} else {
  process.env.NODE_ENV ??= "production";
  const entry = path.join(root, "build/server/index.js");
  if (!existsSync(entry)) {
    console.log("No build found: building first (npm run build)...");
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const { startServer } = await import(entry);
  await startServer({ clientDir: path.join(root, "build/client") });
}
