// npm run bench: page throughput and latency on loopback, against a bare node:http server that
// answers a fixed HTML string of the same size (the physical limit on this machine), all in one
// run. Bounded: each measurement lasts BENCH_SECONDS (default 5) with 50 connections.
// Needs a build (npm run build). Uses its own seeded data folder and free ports.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const HOST = "127.0.0.1";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-bench-"));

async function run(opts) {
  const result = await new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );
  // Let the server finish what is still queued before the next measurement starts.
  await new Promise((r) => setTimeout(r, 2000));
  return result;
}

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const rows = [];
const row = (what, result, bare) =>
  rows.push({
    what,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "vs bare": bare ? `${Math.round((result.requests.average / bare.requests.average) * 100)}%` : "",
    errors: result.errors + result.non2xx,
  });

console.log(`Seeding ${dataDir}...`);
if (spawnSync("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" }).status !== 0) process.exit(1);

const appPort = 3900 + Math.floor(Math.random() * 50);
const app = spawn(process.execPath, ["server.js"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(appPort), HOST, LOG_SILENT: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://${HOST}:${appPort}`;
try {
  await waitFor(`${base}/healthz`);
  // Latency at a steady 200 requests per second on the cached home page (warmed first).
  await fetch(`${base}/`);
  row("/ cached at 200 req/s", await run({ url: `${base}/`, connections: 10, overallRate: 200 }));
  for (const page of ["/", "/testimonis", "/aportacions"]) {
    const html = Buffer.from(await (await fetch(`${base}${page}`)).arrayBuffer());
    // The bare server, in a process of its own like the app: the same bytes, ready in memory.
    const htmlFile = path.join(dataDir, "bare.html");
    fs.writeFileSync(htmlFile, html);
    const barePort = appPort + 50;
    const bare = spawn(
      process.execPath,
      [
        "-e",
        `const h=require("fs").readFileSync(${JSON.stringify(htmlFile)});require("http").createServer((q,r)=>{r.writeHead(200,{"Content-Type":"text/html; charset=utf-8","Content-Length":h.length});r.end(h)}).listen(${barePort},"${HOST}")`,
      ],
      { stdio: "ignore" },
    );
    await waitFor(`http://${HOST}:${barePort}/`);
    const bareResult = await run({ url: `http://${HOST}:${barePort}${page}` });
    row(`bare node:http, ${(html.length / 1024).toFixed(0)} KB`, bareResult);
    row(`${page} cached`, await run({ url: `${base}${page}` }), bareResult);
    // A cookie that is not a session keeps the request anonymous but out of the cache.
    row(`${page} rendered each time`, await run({ url: `${base}${page}`, headers: { cookie: "pb_session=bench" } }), bareResult);
    bare.kill();
    await new Promise((r) => bare.on("exit", r));
  }
} finally {
  app.kill("SIGTERM");
  await new Promise((r) => app.on("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ""}, Node ${process.version}, ${SECONDS} s each, 50 connections\n`);
console.table(rows);
