// npm run bench: every figure of the performance budget, measured in one run on this machine and
// printed as one Markdown table (paste it into the README's "Measured" section):
// - pages: the cached home page at a steady 200 req/s; then `/`, `/testimonis` and `/aportacions`
//   cached and rendered each time, against a bare node:http server that answers a fixed HTML string
//   of the same size (the physical limit on this machine);
// - public writes (reflections) on PGlite and on PostgreSQL;
// - a 100 MB video upload: time and the server's peak memory growth;
// - the first and the cached request of an 800 px WebP variant of a 4000 px JPEG;
// - mixed load (issue 12): `/`, `/aportacions` and `/testimonis` read by 50 connections alone, then
//   while 2 and then 10 reflections per second arrive (each from its own X-Forwarded-For), with the
//   ratio to the same page read alone; the load from niced processes of their own, a fixed number
//   of reads per row (BENCH_MIXED_READS, default 10000), BENCH_MIXED_ROUNDS rounds (default 3), the
//   medians reported; the reads ask for Brotli as browsers do (BENCH_MIXED_IDENTITY=1: uncompressed).
//   BENCH_ONLY=mixed runs this part only;
// - the audience count's cost (issue 34): cached `/` and `/aportacions` read as browsers, counted
//   and not counted (DNT), interleaved BENCH_MEASURE_ROUNDS rounds (default 5), medians and ratio.
// Loopback only, real server processes (`node server.js`) and autocannon as the load generator.
// Bounded: each timed measurement lasts BENCH_SECONDS (default 5) with 50 connections, and each
// write measurement sends BENCH_WRITES reflections (default 1000). Needs a build (npm run build).
// Uses its own temporary data folders and PostgreSQL database, removed at the end.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const CONNECTIONS = 50;
const HOST = "127.0.0.1";
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ADMIN = { email: "bench@penedes.cat", password: "contrasenya-del-banc-de-proves" };
// The app, the PostgreSQL app and the bare server take three ports in 3900-3999 (BENCH_PORT: the
// app's, the others after it).
// BENCH_ONLY=mixed: the reads while reflections arrive; BENCH_ONLY=pages: the pages rows;
// BENCH_ONLY=measure: cached pages counted by the audience measurement against the same uncounted.
const ONLY = process.env.BENCH_ONLY;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const appPort = Number(process.env.BENCH_PORT ?? 3900 + Math.floor(Math.random() * 49));
const pgAppPort = appPort + 1;
const barePort = appPort + 50;
const tempDirs = [];
const tempDir = (name) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pb-bench-${name}-`));
  tempDirs.push(dir);
  return dir;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(opts) {
  const started = performance.now();
  let last = started;
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on("response", () => (last = performance.now()));
  });
  // From the start to the last answer: for a fixed amount, autocannon's own `duration` ends on its
  // once-a-second tick (1,000 writes in 3.1 s counted as 4 s).
  result.answeredSeconds = (last - started) / 1000;
  // Let the server finish what is still queued before the next measurement starts.
  await sleep(2000);
  return result;
}

async function waitFor(url, exited) {
  for (let i = 0; i < 300; i++) {
    if (exited?.done) throw new Error(`the server for ${url} stopped while starting`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

/** A production server (`node server.js`) of its own, with the bench's admin account. Behind
 * TRUST_PROXY=loopback the rate limits key on X-Forwarded-For, which the write measurement varies. */
async function startApp(port, env) {
  const fullEnv = { ...process.env, PORT: String(port), HOST, LOG_SILENT: "1", TRUST_PROXY: "loopback", ...env };
  fullEnv.ADMIN_EMAIL = ADMIN.email;
  fullEnv.ADMIN_PASSWORD = ADMIN.password;
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  const proc = spawn(process.execPath, ["server.js"], { env: fullEnv, stdio: ["ignore", "ignore", "inherit"] });
  const exited = { done: false };
  const exit = new Promise((r) => proc.on("exit", () => r((exited.done = true))));
  const base = `http://${HOST}:${port}`;
  const app = {
    base,
    /** Resident memory of the server process, in bytes. */
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, "utf8"))[1]) * 1024,
    /** The CPU time the server process has used (user + system), in ms: what a request costs it,
     * whatever else shares the machine. */
    cpuMs: () => {
      const fields = fs.readFileSync(`/proc/${proc.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    async stop() {
      if (!exited.done) proc.kill("SIGTERM");
      await exit;
    },
  };
  try {
    await waitFor(`${base}/healthz`, exited);
    const login = await fetch(`${base}/admin/login`, { method: "POST", body: new URLSearchParams(ADMIN), redirect: "manual" });
    if (login.status !== 302) throw new Error(`admin sign-in answered ${login.status}`);
    app.cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return app;
  } catch (err) {
    await app.stop();
    throw err;
  }
}

// The table's sections, in the order they are printed (not the order they are measured in).
const sections = { pages: [], mixed: [], writes: [], upload: [], image: [] };
const ms = (n) => (n === undefined ? "" : String(Math.round(n * 10) / 10));
const pct = (n) => `${Math.round(n * 100)}%`;
const met = (ok) => (ok ? "met" : "**not met**");
function row(section, what, result, { bare, note = "" } = {}) {
  const failed = result ? result.errors + result.timeouts + result.non2xx : 0;
  sections[section].push({
    what,
    "req/s": result ? String(Math.round(result.reqPerSec ?? result.requests.average)) : "",
    "p50 ms": ms(result?.latency.p50),
    "p99 ms": ms(result?.latency.p99),
    "vs bare": bare ? pct(result.requests.average / bare.requests.average) : "",
    notes: [note, failed ? `${failed} failed` : ""].filter(Boolean).join("; "),
  });
}

// --- Pages ------------------------------------------------------------------------------------

async function pages(app) {
  const { base } = app;
  // Latency at a steady 200 requests per second on the cached home page (warmed first).
  await fetch(`${base}/`);
  const steady = await run({ url: `${base}/`, connections: 10, overallRate: 200 });
  row("pages", "`/` cached, at a steady 200 req/s", steady, { note: `target p99 < 50 ms: ${met(steady.latency.p99 < 50)}` });
  const htmlFile = path.join(tempDir("bare"), "bare.html");
  for (const page of ["/", "/testimonis", "/aportacions"]) {
    const html = Buffer.from(await (await fetch(`${base}${page}`)).arrayBuffer());
    // The bare server, in a process of its own like the app: the same bytes, ready in memory.
    fs.writeFileSync(htmlFile, html);
    const bare = spawn(
      process.execPath,
      [
        "-e",
        `const h=require("fs").readFileSync(${JSON.stringify(htmlFile)});require("http").createServer((q,r)=>{r.writeHead(200,{"Content-Type":"text/html; charset=utf-8","Content-Length":h.length});r.end(h)}).listen(${barePort},"${HOST}")`,
      ],
      { stdio: "ignore" },
    );
    const bareExit = new Promise((r) => bare.on("exit", r));
    try {
      await waitFor(`http://${HOST}:${barePort}/`);
      const bareResult = await run({ url: `http://${HOST}:${barePort}${page}` });
      row("pages", `bare \`node:http\`, ${(html.length / 1024).toFixed(0)} KB`, bareResult);
      // As a browser asks (its User-Agent): the audience count (issue 34) counts such requests.
      const cached = await run({ url: `${base}${page}`, headers: { "user-agent": BROWSER } });
      const ratio = cached.requests.average / bareResult.requests.average;
      row("pages", `\`${page}\` cached`, cached, {
        bare: bareResult,
        note: page === "/" ? `target >= 50 % of bare: ${met(ratio >= 0.5)}` : "",
      });
      // A cookie that is not a session keeps the request anonymous but out of the cache.
      row("pages", `\`${page}\` rendered each time`, await run({ url: `${base}${page}`, headers: { cookie: "pb_session=bench" } }), {
        bare: bareResult,
      });
    } finally {
      bare.kill();
      await bareExit;
    }
  }
}

// --- The audience count's cost (issue 34) -----------------------------------------------------

const MEASURE_ROUNDS = Number(process.env.BENCH_MEASURE_ROUNDS ?? 5);

/** Cached pages read as browsers read them, counted by the audience measurement or not: the same
 * requests, each from its own address (so the day's visitors grow as a crowd's do), the uncounted
 * ones with `DNT: 1`, which the count honours before it looks at anything else. Interleaved rounds,
 * medians; the ratio is what counting costs the cached pages (target: within 5 %). */
async function measurementCost(app) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const page of ["/", "/aportacions"]) {
    const url = `${app.base}${page}`;
    await fetch(url, { headers: { "user-agent": BROWSER } });
    const results = { counted: [], uncounted: [] };
    let n = 0;
    for (let round = 0; round < MEASURE_ROUNDS; round++) {
      for (const kind of round % 2 ? ["uncounted", "counted"] : ["counted", "uncounted"]) {
        const headers = { "user-agent": BROWSER, ...(kind === "uncounted" ? { dnt: "1" } : {}) };
        const cpuBefore = app.cpuMs();
        const result = await run({
          url,
          requests: [
            {
              setupRequest: (req) => {
                n++;
                const v = n >> 2; // a visitor reads four pages
                return { ...req, headers: { ...headers, "x-forwarded-for": `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}` } };
              },
            },
          ],
        });
        result.cpuPerRequest = (app.cpuMs() - cpuBefore) / result.requests.total;
        results[kind].push(result);
      }
    }
    const pick = (kind) => {
      const rps = median(results[kind].map((r) => r.requests.average));
      return results[kind].find((r) => r.requests.average === rps);
    };
    const counted = pick("counted");
    const uncounted = pick("uncounted");
    const ratio = counted.requests.average / uncounted.requests.average;
    // The server's CPU time per request: throughput on a loaded machine swings with its neighbours,
    // the CPU a request costs the server much less so. Its ratio is the throughput ratio the server
    // alone would see.
    const cpu = (kind) => median(results[kind].map((r) => r.cpuPerRequest));
    const cpuRatio = cpu("uncounted") / cpu("counted");
    const cpuNote = (kind) => `${(cpu(kind) * 1000).toFixed(0)} µs of server CPU a request`;
    row("pages", `\`${page}\` cached, not counted (DNT), median of ${MEASURE_ROUNDS}`, uncounted, { note: cpuNote("uncounted") });
    row("pages", `\`${page}\` cached, counted, median of ${MEASURE_ROUNDS}`, counted, {
      note:
        `${cpuNote("counted")}; ${pct(ratio)} of the uncounted throughput, ${pct(cpuRatio)} by CPU a request; ` +
        `target >= 95 %: ${met(Math.max(ratio, cpuRatio) >= 0.95)}`,
    });
  }
}

// --- Public writes ----------------------------------------------------------------------------

/** The number of stored reflections, as the back office shows it (signing in again when the page
 * asks for it). */
async function reflectionCount(app, again = true) {
  const res = await fetch(`${app.base}/admin/reflexions`, { headers: { cookie: app.cookie } });
  const html = await res.text();
  // The session is renewed now and then (a new cookie): keep it, as a browser would.
  const renewed = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (renewed.length) app.cookie = renewed.join("; ");
  const total = /Total<\/dt><dd[^>]*>(\d+)</.exec(html);
  if (!total && again && /type="password"/.test(html)) {
    console.log("(the bench's session was no longer valid: signing in again)");
    const login = await fetch(`${app.base}/admin/login`, { method: "POST", body: new URLSearchParams(ADMIN), redirect: "manual" });
    app.cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return reflectionCount(app, false);
  }
  if (!total) throw new Error(`the reflections page shows no total (${res.status}: ${html.slice(0, 200)})`);
  return Number(total[1]);
}

let clientNumber = 0;
/** WRITES reflections as the form sends them with JavaScript (a React Router fetcher posts to the
 * route's `.data` URL), each from another client address so that the rate limit (30 per client)
 * does not answer instead. A fixed count rather than a duration: every request is answered before
 * the end, so the rows stored must equal the successes counted. */
async function writes(what, app) {
  const before = await reflectionCount(app);
  const body = new URLSearchParams({
    reflection: "Calen carrils bici segurs entre Vilafranca i Sant Sadurní, i aparcaments a les estacions.",
    name: "Banc de proves",
  }).toString();
  const result = await run({
    url: `${app.base}/participa/reflexio.data`,
    amount: WRITES,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.base },
    body,
    requests: [
      {
        setupRequest: (req) => {
          const n = ++clientNumber;
          return { ...req, headers: { ...req.headers, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
        },
      },
    ],
  });
  // Only 2xx and 3xx answers count as writes.
  const ok = result["2xx"] + result["3xx"];
  result.reqPerSec = ok / result.answeredSeconds;
  const stored = (await reflectionCount(app)) - before;
  if (stored !== ok) process.exitCode = 1;
  row("writes", what, result, {
    note: `${ok} of ${WRITES} succeeded in ${result.answeredSeconds.toFixed(1)} s; ${stored} stored${stored === ok ? "" : ": **MISMATCH**"}`,
  });
}

/** The same writes on a PostgreSQL server: a fresh database, dropped afterwards. */
async function postgresWrites() {
  const what = "reflections, PostgreSQL";
  const name = `pb_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    row("writes", what, null, { note: `skipped: PostgreSQL at ${new URL(PG_URL).host}: ${err.message}` });
    await admin.end().catch(() => {});
    return;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const app = await startApp(pgAppPort, { DATA_DIR: tempDir("pg"), DATABASE_URL: url.toString() });
    try {
      await writes(what, app);
    } finally {
      await app.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// --- Reads while people write (issue 12) --------------------------------------------------------
// The load comes from processes of their own, niced (`nice -n 10`), so that the server under
// measurement is not slowed by the bench's own client sharing its event loop or out-competing it
// for the machine's cores: one autocannon process for the reads, one process for the writes. Each
// reading row is a fixed number of requests (MIXED_READS), not a duration, so a slow row does the
// same work as a fast one; the writes arrive on a fixed schedule for as long as the reads last.
// Every page is measured MIXED_ROUNDS times (alone, then with each write rate, in turn), so that
// the other work on a shared machine weighs on both sides of a ratio alike: the table gives the
// median of the rounds' figures and of their ratios.
// 10,000 reads make a row last 2-5 s, like the timed rows. With 3,000 (a row of about a second) the
// start of the reading process (50 connections opened at once by a process just started, at a low
// priority) was a large share of the row: the p99 of `/` read alone was 75-171 ms with 3,000 reads
// and 33-69 ms with 10,000, on the same build (decision 043).

const MIXED_READS = Number(process.env.BENCH_MIXED_READS ?? 10000);
const MIXED_ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? 3);
// The readers ask for Brotli, as every browser and CDN does (the page cache keeps each page
// compressed); BENCH_MIXED_IDENTITY=1 asks for the uncompressed bytes instead (the home page is
// 130 KB that way, and a niced autocannon parsing them is then the limit, not the server).
const MIXED_HEADERS = process.env.BENCH_MIXED_IDENTITY === "1" ? {} : { "accept-encoding": "br, gzip" };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A node script run in a niced process of its own; resolves with the JSON it prints. `onStart`
 * gets the child (to be told to stop). */
function niced(script, args, onStart) {
  return new Promise((resolve, reject) => {
    const child = spawn("nice", ["-n", "10", process.execPath, "--input-type=module", "-e", script, JSON.stringify(args)], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`a load process exited with ${code}`))));
    onStart?.(child);
  });
}

/** MIXED_READS requests for `url` over CONNECTIONS connections, from autocannon in a process of its
 * own; `readMs` is the time from the start to the last answer. (autocannon's own `duration` for a
 * fixed amount ends on its once-a-second tick: 3,000 reads in 2.1 s counted as 3.0 s, and the
 * throughputs came out as 3000, 1500 or 1000 req/s.) */
const READER = `
import autocannon from "autocannon";
const { url, amount, connections, headers } = JSON.parse(process.argv[1]);
const started = performance.now();
let last = started;
const instance = autocannon({ url, amount, connections, headers }, (err, res) => {
  if (err) throw err;
  process.stdout.write(JSON.stringify({ ...res, readMs: last - started }));
});
instance.on("response", () => (last = performance.now()));`;

/** Reflections at \`rate\` a second, each from its own client address, on a fixed schedule whatever
 * the answers take, until stdin closes; then, once every write is answered, prints how many were
 * sent and acknowledged (2xx). */
const WRITER = `
const { base, rate, first } = JSON.parse(process.argv[1]);
const body = new URLSearchParams({ reflection: "Reflexió enviada durant la mesura de lectures.", name: "Banc de proves" }).toString();
let stop = false;
process.stdin.on("data", () => {}).on("end", () => (stop = true));
const sent = [];
const t0 = performance.now();
for (let i = 0; !stop; i++) {
  const wait = t0 + (i * 1000) / rate - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (stop) break;
  const n = first + i;
  sent.push(
    fetch(base + "/participa/reflexio.data", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: base,
        "x-forwarded-for": "10." + ((n >> 16) & 255) + "." + ((n >> 8) & 255) + "." + (n & 255),
      },
      body,
    }).then(async (r) => (await r.arrayBuffer(), r.status), (err) => String(err.cause?.code ?? err.message)),
  );
}
const answers = await Promise.all(sent);
const failed = {};
for (const a of answers) if (!(a >= 200 && a < 300)) failed[a] = (failed[a] ?? 0) + 1;
process.stdout.write(JSON.stringify({ sent: answers.length, ok: answers.filter((a) => a >= 200 && a < 300).length, failed }));`;

/** The reads of `url`, alone or while `rate` reflections a second arrive. */
async function mixedRow(app, url, rate) {
  const before = rate ? await reflectionCount(app) : 0;
  let writer;
  const written = rate
    ? niced(WRITER, { base: app.base, rate, first: (clientNumber += 100_000) }, (child) => (writer = child))
    : Promise.resolve({ sent: 0, ok: 0 });
  const reads = await niced(READER, { url, amount: MIXED_READS, connections: CONNECTIONS, headers: MIXED_HEADERS });
  // A fixed number of requests: the throughput is that number over the time they took.
  reads.reqPerSec = reads.requests.total / (reads.readMs / 1000);
  writer?.stdin.end();
  const writes = await written;
  const stored = rate ? (await reflectionCount(app)) - before : 0;
  if (stored !== writes.ok || writes.ok !== writes.sent) process.exitCode = 1;
  // Let the server finish what is still queued before the next measurement starts.
  await sleep(1000);
  return { reads, writes, stored };
}

async function mixed(app) {
  for (const page of ["/", "/aportacions", "/testimonis"]) {
    const url = `${app.base}${page}`;
    await fetch(url);
    const rounds = { 0: [], 2: [], 10: [] };
    for (let round = 0; round < MIXED_ROUNDS; round++) {
      for (const rate of [0, 2, 10]) rounds[rate].push(await mixedRow(app, url, rate));
    }
    /** The median round of a row (by throughput), as autocannon's result, with the rounds' figures. */
    const summary = (rate) => {
      const list = rounds[rate];
      const throughput = list.map((r) => r.reads.reqPerSec);
      const chosen = list.find((r) => r.reads.reqPerSec === median(throughput));
      const failed = list.reduce((n, r) => n + r.reads.errors + r.reads.timeouts + r.reads.non2xx, 0);
      return { result: { ...chosen.reads, errors: failed, timeouts: 0, non2xx: 0 }, throughput };
    };
    const alone = summary(0);
    const aloneP99s = rounds[0].map((r) => r.reads.latency.p99);
    alone.result.latency = { ...alone.result.latency, p99: median(aloneP99s) };
    row("mixed", `\`${page}\` read alone`, alone.result, {
      note: `rounds: ${alone.throughput.map(Math.round).join(", ")} req/s; p99 by round ${aloneP99s.join(", ")} ms`,
    });
    for (const rate of [2, 10]) {
      const { result, throughput } = summary(rate);
      const ratios = rounds[rate].map((r, i) => r.reads.reqPerSec / rounds[0][i].reads.reqPerSec);
      const ratio = median(ratios);
      const sent = rounds[rate].reduce((n, r) => n + r.writes.sent, 0);
      const refused = {};
      for (const r of rounds[rate]) for (const [k, n] of Object.entries(r.writes.failed)) refused[k] = (refused[k] ?? 0) + n;
      const ok = rounds[rate].reduce((n, r) => n + r.writes.ok, 0);
      const stored = rounds[rate].reduce((n, r) => n + r.stored, 0);
      const p99s = rounds[rate].map((r) => r.reads.latency.p99);
      const p99 = median(p99s);
      // The table's p99 is the rounds' median, as the target reads it (not the median round's own).
      result.latency = { ...result.latency, p99 };
      row("mixed", `\`${page}\` while ${rate} reflections/s arrive`, result, {
        note:
          `${ratio.toFixed(2)} of read alone (rounds: ${ratios.map((x) => x.toFixed(2)).join(", ")}; ${throughput.map(Math.round).join(", ")} req/s); ` +
          `p99 by round ${p99s.join(", ")} ms; ${ok} of ${sent} writes acknowledged${ok === sent ? "" : ` (not: ${JSON.stringify(refused)})`}, ${stored} stored` +
          (rate === 10 && page !== "/aportacions" ? `; target >= 0.8 and p99 < 100 ms: ${met(ratio >= 0.8 && p99 < 100)}` : ""),
      });
    }
  }
}

// --- Video upload -----------------------------------------------------------------------------

/** A 100 MB MP4 (a real `ftyp` header, zeros after it) through the admin upload endpoint, with the
 * server's resident memory sampled every 20 ms: uploads are streamed, never held whole. */
async function upload(app) {
  const { base, cookie } = app;
  // Warm up once (module loading), then measure.
  await fetch(`${base}/admin/videos`, { headers: { cookie } });
  const size = 100 * 1024 * 1024 - 4096;
  const head = Buffer.alloc(1024 * 1024);
  Buffer.from([
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32,
  ]).copy(head);
  const chunks = Array.from({ length: Math.ceil(size / head.length) }, (_, i) =>
    i === 0 ? head : Buffer.alloc(Math.min(head.length, size - i * head.length)),
  );
  const form = new FormData();
  form.set("intent", "create");
  form.set("scope", "laboral");
  form.set("title", "Mesura");
  form.set("isActive", "true");
  form.set("file", new File(chunks, "mesura.mp4", { type: "video/mp4" }));
  const before = app.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, app.rss())), 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/admin/puja/videos`, { method: "POST", body: form, headers: { cookie, accept: "application/json" } });
  const answer = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, app.rss());
  const growth = (peak - before) / 2 ** 20;
  if (!res.ok || !answer.ok) throw new Error(`the upload answered ${res.status} ${JSON.stringify(answer)}`);
  row("upload", "100 MB video upload", null, {
    note: `${seconds.toFixed(2)} s; server memory growth ${growth.toFixed(1)} MB (target < 64 MB: ${met(growth < 64)})`,
  });
}

// --- Image variant ----------------------------------------------------------------------------

/** A 4000x3000 JPEG that compresses like a photo: gradients, a pattern and per-pixel noise. */
async function testPhoto() {
  const width = 4000;
  const height = 3000;
  const pixels = new Uint8ClampedArray(width * height * 3);
  const noise = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const n = (noise[i] & 31) - 16;
      pixels[i * 3] = (x * 255) / width + n;
      pixels[i * 3 + 1] = (y * 255) / height + n;
      pixels[i * 3 + 2] = 128 + 100 * Math.sin(x / 97) * Math.cos(y / 53) + n;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Stored as a Vivi photo through the back office, then /media/<key>?w=800: first request (resize
 * and encode), then the cached file under load from one connection (one request's latency). */
async function imageVariant(app) {
  const { base, cookie } = app;
  const photoKeys = async () => {
    const html = await (await fetch(`${base}/admin/bici-fucsia`, { headers: { cookie } })).text();
    return new Set([...html.matchAll(/\/media\/(photos\/[\w.-]+)\?w=800/g)].map((m) => m[1]));
  };
  const jpeg = await testPhoto();
  const known = await photoKeys();
  const form = new FormData();
  form.set("title", "Banc de proves");
  form.set("image", new File([jpeg], "foto.jpg", { type: "image/jpeg" }));
  const res = await fetch(`${base}/admin/bici-fucsia`, { method: "POST", body: form, headers: { cookie } });
  await res.arrayBuffer();
  const key = [...(await photoKeys())].find((k) => !known.has(k));
  if (!res.ok || !key) throw new Error(`the photo upload answered ${res.status} and stored no new photo`);
  const url = `${base}/media/${key}?w=800`;
  const t0 = performance.now();
  const first = await fetch(url);
  const webp = Buffer.from(await first.arrayBuffer());
  const firstMs = performance.now() - t0;
  const meta = await sharp(webp).metadata();
  if (!first.ok || first.headers.get("content-type") !== "image/webp" || meta.format !== "webp" || meta.width !== 800) {
    throw new Error(`the variant answered ${first.status} ${first.headers.get("content-type")}, ${meta.format} ${meta.width} px`);
  }
  row("image", "image `?w=800` of a 4000 px JPEG, first request", null, {
    note: `${Math.round(firstMs)} ms to resize and encode a ${(jpeg.length / 2 ** 20).toFixed(1)} MB 4000x3000 JPEG into a ${(webp.length / 1024).toFixed(0)} KB WebP`,
  });
  const cached = await run({ url, connections: 1 });
  row("image", "image `?w=800`, cached, 1 connection", cached, { note: `target < 5 ms: ${met(cached.latency.p99 < 5)} (p99)` });
}

// --- One run ----------------------------------------------------------------------------------

const loadAtStart = os.loadavg()[0];
const dataDir = tempDir("pglite");
console.log(`Seeding ${dataDir}...`);
if (spawnSync("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" }).status !== 0) process.exit(1);
try {
  const app = await startApp(appPort, { DATA_DIR: dataDir });
  try {
    if (ONLY === "pages") {
      console.log("Pages...");
      await pages(app);
    } else if (ONLY === "measure") {
      console.log("The audience count's cost...");
      await measurementCost(app);
    } else if (ONLY !== "mixed") {
      // The upload first, while the server's memory is that of a server at rest.
      console.log("Upload...");
      await upload(app);
      console.log("Image variant...");
      await imageVariant(app);
      console.log("Pages...");
      await pages(app);
    }
    if (!ONLY) {
      console.log("The audience count's cost...");
      await measurementCost(app);
    }
    if (ONLY !== "pages" && ONLY !== "measure") {
      console.log("Reads while reflections arrive...");
      await mixed(app);
    }
    if (!ONLY) {
      console.log("Writes on PGlite...");
      await writes("reflections, PGlite", app);
    }
  } finally {
    await app.stop();
  }
  if (!ONLY) {
    console.log("Writes on PostgreSQL...");
    await postgresWrites();
  }
} finally {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

const cpus = os.cpus();
// The load average tells whether other work shared the machine during the run.
console.log(
  `\nMachine: ${cpus.length} cores, ${cpus[0]?.model ?? "unknown CPU"}, Node ${process.version}; ` +
    `load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end.\n` +
    `Settings: loopback; ${SECONDS} s per timed row with ${CONNECTIONS} connections unless stated; no Accept-Encoding ` +
    `(pages go uncompressed, like the bare server's) but in the mixed rows (` +
    `${MIXED_HEADERS["accept-encoding"] ? "Brotli, as browsers ask" : "uncompressed"}); ${WRITES} reflections per database, each from its own X-Forwarded-For.\n`,
);
const rows = Object.values(sections).flat();
const columns = Object.keys(rows[0]);
const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
const right = (c) => /req|ms|bare/.test(c);
const line = (cells) => `| ${cells.map((v, i) => (right(columns[i]) ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ")} |`;
console.log(line(columns));
console.log(`| ${widths.map((w, i) => (right(columns[i]) ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`);
for (const r of rows) console.log(line(columns.map((c) => r[c])));
