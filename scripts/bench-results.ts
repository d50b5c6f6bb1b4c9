// The plan's tracker at scale (issue 35): the demo content, plus a network layer of 2,000 segments
// and 300 public results over it (each on six or seven segments, in every state, municipality and
// theme). Then, against the built server (`node server.js`, loopback):
//  - "Seguiment del pla" (its first page of the list, the map and figures of every result) rendered each time (a cookie that is no session keeps it out of the page
//    cache), BENCH_RENDERS sequential requests (default 30): median and 95th percentile;
//  - the same page from the page cache: autocannon, 50 connections, BENCH_SECONDS (default 5);
//  - what the page weighs: its HTML (Brotli, as the site sends it) and the scripts it loads
//    (modulepreload links, each Brotli-compressed), beside the home's; and the map's data, its own
//    request (TRACKER_MAP_DATA), made when the map comes near the screen;
//  - with LIGHTHOUSE=1, scripts/lighthouse.sh (mobile) on it.
//
// Usage: npm run build && npx tsx scripts/bench-results.ts
//        BENCH_RESULTS (default 300), BENCH_SEGMENTS (default 2000), BENCH_PORT (default 3950)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import * as t from "../app/db/schema";
import { MUNICIPALITY_NAMES } from "../app/domain/map";
import { categories } from "../app/domain/themes";
import { TRACKER_MAP_DATA } from "../app/lib/routes";
import { parseEnv } from "../app/infra/env.server";
import { checkLayer } from "../app/models/map-geojson.server";
import { seed } from "../app/seed/seed.server";
import { closeRuntime, openRuntime } from "../server/runtime";

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// autocannon has no types of its own: the little this script reads of it.
const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: { url: string; connections: number; duration: number },
  done: (err: Error | null, res: CannonResult) => void,
) => void;

const RESULTS = Number(process.env.BENCH_RESULTS ?? 300);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 2000);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const BASE = `http://127.0.0.1:${PORT}`;
const TRACKER = "/seguiment-del-pla";
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const brotli = (b: Buffer) => zlib.brotliCompressSync(b).length;
// A fixed sequence (a linear congruential generator), so every run draws the same network.
let state = 42;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/** 2,000 short lines (five points, about 1 km) spread over the Alt Penedès. */
function network() {
  const features = Array.from({ length: SEGMENTS }, (_, i) => {
    let lng = 1.6 + random() * 0.22;
    let lat = 41.3 + random() * 0.13;
    const coordinates: number[][] = [];
    for (let p = 0; p < 5; p++) {
      coordinates.push([Number(lng.toFixed(6)), Number(lat.toFixed(6))]);
      lng += (random() - 0.3) * 0.004;
      lat += (random() - 0.3) * 0.004;
    }
    return {
      type: "Feature",
      properties: { name: `Tram de prova ${i + 1}`, estat: i % 3 ? "proposat" : "existent" },
      geometry: { type: "LineString", coordinates },
    };
  });
  return JSON.stringify({ type: "FeatureCollection", features });
}

async function prepare(dataDir: string) {
  const runtime = await openRuntime(parseEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }));
  try {
    const db = runtime.database.db;
    await seed(db, runtime.storage, path.join(root, "scripts", "seed-assets"));
    const source = network();
    const checked = checkLayer(source);
    if (!checked.ok) throw new Error(`the test network: ${checked.error}`);
    const file = await runtime.storage.put(Readable.from([Buffer.from(source)]), {
      maxBytes: 50 * 1024 * 1024,
      prefix: "map-layers",
      accept: () => "application/geo+json",
    });
    const layerId = crypto.randomUUID();
    await db.insert(t.mapLayers).values({
      id: layerId,
      name: "Xarxa de prova",
      colour: "#6a1b9a",
      lineStyle: "solid",
      position: 9,
      fileKey: file.key,
      featureCount: checked.featureCount,
      segments: checked.segments(layerId),
    });
    const states = await db.select().from(t.resultStates).orderBy(t.resultStates.position);
    const perResult = Math.ceil(SEGMENTS / RESULTS);
    await db.insert(t.results).values(
      Array.from({ length: RESULTS }, (_, i) => ({
        title: `Actuació de prova ${i + 1}: ${MUNICIPALITY_NAMES[i % MUNICIPALITY_NAMES.length]}`,
        description: `Connexió ciclable de prova número ${i + 1}. **Carril segregat** i senyalització nova.\n\n- Longitud calculada dels trams\n- Obres per fases`,
        stateId: states[i % states.length]!.id,
        progress: (i * 7) % 101,
        municipalities: [MUNICIPALITY_NAMES[i % MUNICIPALITY_NAMES.length]!, MUNICIPALITY_NAMES[(i * 5 + 3) % MUNICIPALITY_NAMES.length]!],
        category: categories[i % categories.length]!,
        budget: 10_000 + i * 1_500,
        plannedDate: `2027-${String((i % 12) + 1).padStart(2, "0")}-15`,
        segmentRefs: Array.from({ length: perResult }, (_, k) => `${layerId}:${(i * perResult + k) % SEGMENTS}`),
        isActive: true,
      })),
    );
  } finally {
    await closeRuntime(runtime);
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** The scripts a page loads: its modulepreload links and module scripts, Brotli-compressed. */
async function scriptsOf(html: string) {
  const srcs = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let total = 0;
  for (const src of srcs) total += brotli(Buffer.from(await (await fetch(`${BASE}${src}`)).arrayBuffer()));
  return { count: srcs.size, total };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-bench-results-"));
console.log(`Seeding ${RESULTS} results over ${SEGMENTS} segments in ${dataDir}...`);
await prepare(dataDir);
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_SILENT: "1", DATABASE_URL: "" },
  stdio: ["ignore", "ignore", "inherit"],
});
const lines: string[] = [];
let status = 0;
try {
  await waitFor(`${BASE}/healthz`);
  const renders: number[] = [];
  let html = "";
  for (let i = 0; i < RENDERS + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${BASE}${TRACKER}`, { headers: { cookie: "pb_session=bench" } });
    html = await res.text();
    if (res.status !== 200) throw new Error(`${TRACKER} answered ${res.status}`);
    // The first three warm the server up (its code, its statements).
    if (i >= 3) renders.push(performance.now() - started);
  }
  if (process.env.BENCH_SAVE_HTML) fs.writeFileSync(process.env.BENCH_SAVE_HTML, html);
  // The list comes in pages (24 a page); its count names every result.
  const counted = html.includes(`${RESULTS} actuacions`);
  lines.push(
    `| \`${TRACKER}\` rendered each time, ${RENDERS} requests | median ${median(renders).toFixed(0)} ms, p95 ${p95(renders).toFixed(0)} ms | ${counted ? `counts all ${RESULTS} results` : `**does not count ${RESULTS} results**`} |`,
  );
  if (!counted) status = 1;
  await fetch(`${BASE}${TRACKER}`);
  const cached = await new Promise<CannonResult>((resolve, reject) =>
    autocannon({ url: `${BASE}${TRACKER}`, connections: 50, duration: SECONDS }, (err, res) => (err ? reject(err) : resolve(res))),
  );
  lines.push(
    `| \`${TRACKER}\` cached, 50 connections, ${SECONDS} s | ${Math.round(cached.requests.average)} req/s, p50 ${cached.latency.p50} ms, p99 ${cached.latency.p99} ms | ${cached.non2xx + cached.errors} failed |`,
  );
  // What the map draws: its own request, made when the map comes into view (TRACKER_MAP_DATA).
  const mapData = Buffer.from(await (await fetch(`${BASE}${TRACKER_MAP_DATA}`)).arrayBuffer());
  lines.push(
    `| map data of \`${TRACKER_MAP_DATA}\` | ${kb(mapData.length)}, ${kb(brotli(mapData))} Brotli | fetched when the map comes near the screen, not with the page |`,
  );
  const home = await (await fetch(`${BASE}/`)).text();
  const [trackerScripts, homeScripts] = [await scriptsOf(html), await scriptsOf(home)];
  lines.push(
    `| HTML of \`${TRACKER}\` | ${kb(Buffer.byteLength(html))}, ${kb(brotli(Buffer.from(html)))} Brotli | the list and figures of ${RESULTS} results, server-rendered |`,
    `| scripts of \`${TRACKER}\` | ${kb(trackerScripts.total)} Brotli in ${trackerScripts.count} files | the home page's: ${kb(homeScripts.total)} in ${homeScripts.count} |`,
  );
  if (process.env.LIGHTHOUSE === "1") {
    const lh = spawnSync("bash", [path.join(root, "scripts", "lighthouse.sh"), BASE, TRACKER], { encoding: "utf8" });
    lines.push(`| Lighthouse (mobile) | ${lh.stdout.trim().replace(/\s+/g, " ")} | exit ${lh.status} |`);
    if (lh.status !== 0) status = 1;
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nMachine: ${os.cpus().length} cores, load average (1 min) ${os.loadavg()[0]!.toFixed(1)} at the end.\n`);
console.log("| what | figure | notes |\n|---|---|---|");
for (const l of lines) console.log(l);
process.exit(status);
