// npm run seed: loads the demo content into DATA_DIR (or DATABASE_URL). Safe to run again.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seed } from "~/seed/seed.server";
import { parseEnv } from "~/infra/env.server";
import { closeRuntime, openRuntime } from "../server/runtime";
import { ALL_CONTENT, PAGE_CACHE_CHANNEL } from "~/infra/content-changes.server";

const runtime = await openRuntime(parseEnv()).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
try {
  const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed-assets");
  const { inserted, skipped } = await seed(runtime.database.db, runtime.storage, assets);
  console.log(`Contingut de demostració: ${inserted} elements afegits, ${skipped} ja hi eren.`);
  // Servers running on the same PostgreSQL database show the new content at once (on PGlite none
  // can run beside this command: the data folder is locked).
  await runtime.database.notify?.(PAGE_CACHE_CHANNEL, `seed ${ALL_CONTENT}`);
} finally {
  await closeRuntime(runtime);
}
