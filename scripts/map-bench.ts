// npx tsx scripts/map-bench.ts: issue 17's measure in one command. A throwaway data folder gets the
// demo content (the seeded network: 12 lines and points) and published map comments with a place
// up to PINS (default 5,000) all over the county; the built site serves it on MAP_BENCH_PORT
// (default 4601, 127.0.0.1); scripts/map-draw-time.ts then opens /participa/mapa RUNS times
// (default 5, after one warm-up) in a 390 px Chromium with the CPU slowed 4x and prints each
// visit and the median draw time. The folder is removed at the end. Needs `npm run build`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { mapComments } from "~/db/schema";
import { AREA_BBOX, MAP_CATEGORIES, nearestMunicipality, roundCoord } from "~/domain/map";
import { parseEnv } from "~/infra/env.server";
import { closeRuntime, openRuntime } from "../server/runtime";
import { seed } from "~/seed/seed.server";
import { ROOT, startBuiltServer } from "../tests/support";
import { measureDrawTime } from "./map-draw-time";

const PINS = Number(process.env.PINS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.MAP_BENCH_PORT ?? 4601);
const ADMIN = { email: "mapa@penedes.cat", password: "contrasenya-del-banc-de-proves" };

if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

/** `n` published comments spread evenly (a fixed pseudo-random sequence) over the county. */
function benchPins(n: number, first = 0) {
  const [w, s, e, north] = AREA_BBOX;
  let seedValue = 1 + first;
  const random = () => ((seedValue = (seedValue * 16807) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: n }, (_, k) => {
    const i = first + k;
    const lat = roundCoord(s + 0.05 + random() * (north - s - 0.1));
    const lng = roundCoord(w + 0.05 + random() * (e - w - 0.1));
    const category = MAP_CATEGORIES[i % MAP_CATEGORIES.length]!;
    return {
      comment: `Comentari de prova ${i}`,
      lat,
      lng,
      category,
      municipality: nearestMunicipality(lat, lng),
      status: "published" as const,
    };
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-map-bench-"));
try {
  // The data, while no server holds the folder (PGlite has one writer).
  const runtime = await openRuntime(parseEnv({ DATA_DIR: dataDir }));
  try {
    const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed-assets");
    await seed(runtime.database.db, runtime.storage, assets);
    const db = runtime.database.db;
    const located = and(eq(mapComments.status, "published"), isNotNull(mapComments.lat));
    const [seeded] = await db.select({ n: count() }).from(mapComments).where(located);
    const rows = benchPins(Math.max(0, PINS - (seeded?.n ?? 0)));
    for (let i = 0; i < rows.length; i += 500) await db.insert(mapComments).values(rows.slice(i, i + 500));
    const [all] = await db.select({ n: count() }).from(mapComments).where(located);
    console.log(`${all?.n} published map comments with a place (${seeded?.n} seeded, ${rows.length} added) in ${dataDir}`);
  } finally {
    await closeRuntime(runtime);
  }

  const server = await startBuiltServer({ port: PORT, dataDir, admin: ADMIN });
  try {
    const { runs, median } = await measureDrawTime(server.base, { runs: RUNS });
    for (const r of runs) console.log(JSON.stringify(r));
    console.log(
      `median of ${RUNS} runs (390 px, CPU 4x slower, no tiles): map drawn in ${median.drawMs} ms from its element appearing, ` +
        `${median.fromNavigationMs} ms from navigation; ${runs[0]?.pins} pins, ${runs[0]?.paths} network paths`,
    );
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
