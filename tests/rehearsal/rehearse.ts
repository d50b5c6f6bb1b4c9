// The campaign day, rehearsed on the production layout (issue 36, decision 058): two instances of the
// built server behind nginx (Debian's, with docs/nginx/penedes-bici.conf, the file docs/deploy.md
// ships), a PostgreSQL cluster of its own, the S3 test server of the suites (app/test/storage.ts)
// and a real SMTP server (app/test/smtp.ts), all on loopback. It plays the load below, then ten
// times it, and the faults: one instance killed (SIGKILL) and restarted, PostgreSQL restarted, S3
// away for 10 s. It prints per phase the throughput and p50/p95/p99 per request class and the errors,
// then checks every acknowledged write against the database, the uploads against storage and the
// newsletter against what the SMTP server got.
//
// Usage: npm run build && npm run rehearse        (the full rehearsal, about 4 minutes)
//        npm run test:rehearse                    (CI: base load, one instance killed, about 2 minutes;
//                                                  fails on a lost or duplicated write or an error burst)
//   REHEARSE_PORT (default 3300): its services take free ports among the 100 from there.
//   REHEARSE_SAMPLES=file.json: every request's class, phase, start and duration, written there.
//   REHEARSE_PROFILE=dir: the second instance's CPU profile, written there when it stops.
//   Installs nginx and PostgreSQL from Debian when missing (as root), as ensure-chromium does.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import { adminPaths } from "../../app/lib/admin-paths";
import { startSmtpServer } from "../../app/test/smtp";
import { startS3Server } from "../../app/test/storage";
import { freePort, ROOT, signInCookie, sleep, startBuiltServer, tcpDoor, type BuiltServer } from "../support";

// --- The load: requests a second at the base load, per class (ten times these in the 10x phase) --
const BASE_RATE = {
  page: 20, // public pages, anonymous: mostly served from the instances' page cache
  media: 2, // a stored recording, already fetched once
  reflection: 2,
  map: 1, // map comments
  testimonial: 0.4, // audio testimonials, real WebM recordings
  newsletter: 1, // sign-ups
  admin: 0.5, // staff: the moderation queue and the lists
  export: 0.1, // staff: CSV and XLSX exports
} as const;
/** Requests of one class in flight at most; beyond it the generator skips (and says how many). */
const IN_FLIGHT = 64;
const REQUEST_TIMEOUT_MS = 15_000;
/** Confirmed subscribers the newsletter goes to: 10,000 in the full rehearsal (at 10x), a few
 * hundred in CI (sent at the start of the base load, beside the sign-ups). */
const NEWSLETTER_RECIPIENTS = { full: 10_000, ci: 300 };

const CI = process.argv.includes("--ci");
const PAGES = ["/", "/de-que-va", "/participa", "/aportacions", "/testimonis", "/recursos", "/participa/reflexio"];
// The back office's own addresses (decision 055): an old one answers 308 first, and a POST to it
// (the newsletter's) was taken for queued while nothing was sent.
const ADMIN_PAGES = [adminPaths.adminModeration, adminPaths.adminReflections, adminPaths.adminMapComments, adminPaths.adminTestimonials];
const EXPORTS = ["/admin/export/reflections.csv", "/admin/export/reflections.xlsx"];
const ADMIN = { email: "assaig@penedes.cat", password: "contrasenya-de-prova-assaig" };
const WEBM = fs.readFileSync(path.join(ROOT, "tests/fixtures/audio/chromium-5s.webm"));
const SUCCESS_TEXT = {
  reflection: "Reflexió enviada correctament!",
  map: "El teu comentari s&#x27;ha ",
  newsletter: "Subscripció confirmada!",
  testimonial: "Testimoni enviat!",
};
const ROUTES = { reflection: "/participa/reflexio", map: "/participa/mapa", newsletter: "/newsletter", testimonial: "/testimonis/enviar" };
type Cls = keyof typeof BASE_RATE;
type WriteKind = keyof typeof ROUTES;
const PORTS = { from: Number(process.env.REHEARSE_PORT ?? 3300), count: 100 };
const taken = new Set<number>();
/** A free port of the rehearsal's range that none of its other services was given. */
async function newPort(): Promise<number> {
  for (;;) {
    const p = await freePort(PORTS.from, PORTS.count);
    if (!taken.has(p)) return (taken.add(p), p);
  }
}

if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

// --- Parts from Debian ---------------------------------------------------------------------------

/** Installs a Debian package when `exists` says it is missing (root only), as ensure-chromium does. */
function ensureDebian(pkg: string, exists: () => boolean) {
  if (exists()) return;
  const install = `apt-get update && apt-get install -y ${pkg}`;
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is missing: run  sudo sh -c '${install}'`);
  console.log(`${pkg} is missing: installing it (${install})...`);
  const r = spawnSync("sh", ["-c", `DEBIAN_FRONTEND=noninteractive ${install}`], { stdio: "inherit" });
  if (r.status !== 0 || !exists()) throw new Error(`installing ${pkg} failed`);
}
const NGINX = "/usr/sbin/nginx";
const pgBin = () => {
  const dir = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort().at(-1) : undefined;
  return dir ? path.join("/usr/lib/postgresql", dir, "bin") : "";
};

const run = (cmd: string, args: string[], asPostgres = false) => {
  const r = asPostgres
    ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8" })
    : spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr || r.stdout}`);
};

/** A PostgreSQL cluster of our own (its port, its folder, run as the postgres user): restarting it
 * leaves the machine's shared server alone. */
async function startPostgres(work: string) {
  const bin = pgBin();
  const dir = path.join(work, "pg");
  fs.mkdirSync(dir);
  fs.chownSync(
    dir,
    Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout),
    Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout),
  );
  const port = await newPort();
  run(path.join(bin, "initdb"), ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync"], true);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", dir, "-l", path.join(dir, "log"), "-w", ...args], true);
  pgCtl("-o", options, "start");
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database bici");
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bici`,
    stop: () => pgCtl("-m", "fast", "stop"),
    start: () => pgCtl("-o", options, "start"),
  };
}

/** nginx with the shipped configuration, its upstream and listen lines pointed at our ports. */
async function startNginx(work: string, upstreams: number[]) {
  const port = await newPort();
  let site = fs.readFileSync(path.join(ROOT, "docs/nginx/penedes-bici.conf"), "utf8");
  site = site.replace("127.0.0.1:3000", `127.0.0.1:${upstreams[0]}`).replace("127.0.0.1:3001", `127.0.0.1:${upstreams[1]}`);
  site = site.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (!site.includes(`:${upstreams[1]} `) || !site.includes(`listen 127.0.0.1:${port};`))
    throw new Error("docs/nginx/penedes-bici.conf changed shape");
  const dir = path.join(work, "nginx");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon on; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; worker_processes 1;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types; access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  include ${dir}/site.conf;
}\n`,
  );
  run(NGINX, ["-t", "-q", "-c", conf]);
  run(NGINX, ["-c", conf]);
  return { base: `http://127.0.0.1:${port}`, stop: () => spawnSync(NGINX, ["-c", conf, "-s", "quit"]) };
}

// --- Requests ------------------------------------------------------------------------------------

interface Sample {
  cls: Cls;
  phase: string;
  at: number;
  ms: number;
  status: number; // 0: no answer
  ok: boolean;
  /** A 503 with Retry-After: the site's "torna-ho a provar". */
  retryLater: boolean;
}
const samples: Sample[] = [];
const skipped = new Map<string, number>();
type WriteOutcome = "ok" | "refused" | "unanswered";
const writes = new Map<string, { kind: WriteKind; outcome: WriteOutcome; phase: string }>();
let phase = "start";
let seq = 0;
const randomIp = () => `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;

async function timed(cls: Cls, url: string, init: RequestInit, check: (status: number, body: string) => boolean) {
  const started = performance.now();
  const at = Date.now();
  const p = phase;
  let status = 0;
  let ok = false;
  let retryLater = false;
  // The client's own deadline, on a timer it holds: with AbortSignal.timeout alone a few requests
  // never settled under load (its signal is held weakly), and hid from the figures.
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error("timed out"));
    }, REQUEST_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([fetch(url, { ...init, redirect: "follow", signal: controller.signal }), deadline]);
    const reading = cls === "export" || cls === "media" ? res.arrayBuffer().then((b) => String(b.byteLength)) : res.text();
    const body = await Promise.race([reading, deadline]);
    status = res.status;
    ok = check(status, body);
    retryLater = status === 503 && res.headers.has("retry-after");
  } catch {
    // no answer: status stays 0
  } finally {
    clearTimeout(timer);
  }
  samples.push({ cls, phase: p, at, ms: performance.now() - started, status, ok, retryLater });
  return { ok, status };
}

function writeBody(kind: WriteKind, marker: string) {
  if (kind === "reflection") return new URLSearchParams({ reflection: `${marker} El carril bici em canvia el dia.`, name: "Assaig" });
  if (kind === "map") return new URLSearchParams({ comment: `${marker} Cal un pas segur aquí.`, privacy: "on" });
  if (kind === "newsletter") return new URLSearchParams({ email: `${marker}@example.cat`, privacy: "on" });
  const form = new FormData();
  form.set("title", marker);
  form.set("category", "ciutadania");
  form.set("terms", "on");
  form.set("duration", "5");
  form.set("audio", new Blob([WEBM], { type: "audio/webm" }), "testimoni.webm");
  return form;
}

async function write(base: string, kind: WriteKind) {
  const marker = `rh${++seq}x`;
  const entry = { kind, outcome: "unanswered" as WriteOutcome, phase };
  writes.set(marker, entry);
  const { ok, status } = await timed(
    kind,
    `${base}${ROUTES[kind]}`,
    { method: "POST", body: writeBody(kind, marker), headers: { "x-forwarded-for": randomIp() } },
    (s, body) => s === 200 && body.includes(SUCCESS_TEXT[kind]),
  );
  // A 502 or 504 is nginx's, not the site's: the write may or may not have been stored.
  entry.outcome = ok ? "ok" : status && status !== 502 && status !== 504 ? "refused" : "unanswered";
}

/** Plays the load at `factor` times the base until stop() is called: one loop per class, each firing
 * on its own clock, never more than IN_FLIGHT of its requests at once. */
function playLoad(base: string, cookie: string, media: string | null, factor: number) {
  let running = true;
  const loops = (Object.keys(BASE_RATE) as Cls[]).map(async (cls) => {
    if (cls === "media" && !media) return;
    const interval = 1000 / (BASE_RATE[cls] * factor);
    const inFlight = new Set<Promise<unknown>>();
    let next = performance.now() + Math.random() * interval;
    let i = 0;
    while (running) {
      await sleep(Math.max(0, next - performance.now()));
      next += interval;
      if (!running) break;
      if (inFlight.size >= IN_FLIGHT) {
        skipped.set(`${phase} ${cls}`, (skipped.get(`${phase} ${cls}`) ?? 0) + 1);
        continue;
      }
      i++;
      const request =
        cls === "page"
          ? timed(cls, `${base}${PAGES[i % PAGES.length]}`, {}, (s) => s === 200)
          : cls === "media"
            ? timed(cls, `${base}${media}`, {}, (s) => s === 200)
            : cls === "admin"
              ? timed(cls, `${base}${ADMIN_PAGES[i % ADMIN_PAGES.length]}`, { headers: { cookie } }, (s) => s === 200)
              : cls === "export"
                ? timed(cls, `${base}${EXPORTS[i % EXPORTS.length]}`, { headers: { cookie } }, (s, bytes) => s === 200 && Number(bytes) > 0)
                : write(base, cls);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    // A request still unsettled well past its own timeout is given up on, and said.
    const settled = await Promise.race([Promise.all(inFlight).then(() => true), sleep(REQUEST_TIMEOUT_MS + 5000).then(() => false)]);
    if (!settled) console.log(`${inFlight.size} ${cls} requests never settled (past ${REQUEST_TIMEOUT_MS + 5000} ms)`);
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

// --- Figures -------------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const PAGE_CLASSES: Cls[] = ["page", "media"];
const WRITE_CLASSES: Cls[] = ["reflection", "map", "testimonial", "newsletter"];

function figures(list: Sample[]) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: list.length,
    p50: Math.round(pct(ms, 50)),
    p95: Math.round(pct(ms, 95)),
    p99: Math.round(pct(ms, 99)),
    errors: list.filter((s) => !s.ok && !s.retryLater).length,
    retryLater: list.filter((s) => s.retryLater).length,
    statuses: [...new Set(list.filter((s) => !s.ok).map((s) => s.status))].join(","),
  };
}

/** Clock ticks a second in /proc (USER_HZ): 100 on Linux. */
const TICKS = 100;
/** The machine's CPU time so far, busy and in all (every core together), in ticks, from /proc. */
function machineTicks(): { busy: number; all: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are not busy.
  return { busy: all - fields[3]! - (fields[4] ?? 0), all };
}
/** A process's CPU time so far, in ticks (0 once it is gone). */
function processTicks(pid: number | undefined): number {
  try {
    // Past the command's name (which may hold spaces): utime and stime are fields 14 and 15.
    const after = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(after[11]) + Number(after[12]);
  } catch {
    return 0;
  }
}
/** The event loop's delay in this process, which plays the load and also hosts the S3 and SMTP
 * servers: when it lags, each time it measures holds its own wait too. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

interface Phase {
  name: string;
  ms: number;
  /** The machine's CPU busy during the phase, in per cent of all its cores. */
  cpu: number;
  /** In per cent of one core: this process (the load, S3, SMTP) and the two instances together. */
  self: number;
  instances: number;
  /** This process's event-loop delay, 99th percentile and most, in ms. */
  lagP99: number;
  lagMax: number;
}

/** A phase's figures, from this call to the call of what it returns. */
function measure(pids: () => (number | undefined)[]) {
  const t = performance.now();
  const machine = machineTicks();
  const self = process.cpuUsage();
  const instanceTicks = () => pids().reduce<number>((sum, pid) => sum + processTicks(pid), 0);
  const instances = instanceTicks();
  loopDelay.reset();
  return (name: string): Phase => {
    const ms = performance.now() - t;
    const now = machineTicks();
    const used = process.cpuUsage(self);
    return {
      name,
      ms,
      cpu: now.all > machine.all ? Math.round((100 * (now.busy - machine.busy)) / (now.all - machine.all)) : 0,
      self: Math.round((100 * (used.user + used.system)) / 1000 / ms),
      // An instance killed and started again counts from zero: its share is then a lower bound.
      instances: Math.max(0, Math.round((100 * 1000 * ((instanceTicks() - instances) / TICKS)) / ms)),
      lagP99: Math.round(loopDelay.percentile(99) / 1e6),
      lagMax: Math.round(loopDelay.max / 1e6),
    };
  };
}

function report(phases: Phase[]) {
  console.log(
    `\n${"phase".padEnd(22)}${"class".padEnd(12)}${"req/s".padStart(7)}${"p50".padStart(7)}${"p95".padStart(7)}${"p99".padStart(7)}${"errors".padStart(8)}${"503+RA".padStart(8)}  failed statuses`,
  );
  for (const { name, ms } of phases) {
    for (const cls of Object.keys(BASE_RATE) as Cls[]) {
      const list = samples.filter((s) => s.phase === name && s.cls === cls);
      if (!list.length) continue;
      const f = figures(list);
      console.log(
        `${name.padEnd(22)}${cls.padEnd(12)}${(f.n / (ms / 1000)).toFixed(1).padStart(7)}${String(f.p50).padStart(7)}${String(f.p95).padStart(7)}${String(f.p99).padStart(7)}${String(f.errors).padStart(8)}${String(f.retryLater).padStart(8)}  ${f.statuses}`,
      );
    }
  }
  // The issue's targets are on pages (page and media) and writes, each taken together.
  for (const { name, ms } of phases) {
    for (const [label, classes] of [
      ["pages", PAGE_CLASSES],
      ["writes", WRITE_CLASSES],
    ] as const) {
      const list = samples.filter((s) => s.phase === name && classes.includes(s.cls));
      if (!list.length) continue;
      const f = figures(list);
      console.log(
        `${name.padEnd(22)}${`(${label})`.padEnd(12)}${(f.n / (ms / 1000)).toFixed(1).padStart(7)}${String(f.p50).padStart(7)}${String(f.p95).padStart(7)}${String(f.p99).padStart(7)}${String(f.errors).padStart(8)}${String(f.retryLater).padStart(8)}  ${f.statuses}`,
      );
    }
  }
  if (skipped.size) console.log(`skipped by the generator (IN_FLIGHT full): ${JSON.stringify(Object.fromEntries(skipped))}`);
  // Everything runs on this one machine (the load, both instances, nginx, PostgreSQL, S3, SMTP): a
  // phase near 100 % measures the machine's limit, not the site's; and a lagging event loop here
  // adds its own wait to every time it measures.
  console.log(
    `\n${"phase".padEnd(22)}${"machine CPU".padStart(12)}${"instances".padStart(11)}${"this process".padStart(14)}${"its loop lag p99/max ms".padStart(25)}`,
  );
  for (const p of phases)
    console.log(
      `${p.name.padEnd(22)}${`${p.cpu} %`.padStart(12)}${`${p.instances} %`.padStart(11)}${`${p.self} %`.padStart(14)}${`${p.lagP99} / ${p.lagMax}`.padStart(25)}`,
    );
  console.log(`(machine CPU in per cent of its ${os.cpus().length} cores; the instances and this process in per cent of one core)`);
}

// --- The run -------------------------------------------------------------------------------------

const work = fs.mkdtempSync(path.join(os.tmpdir(), "pb-rehearse-"));
fs.chmodSync(work, 0o755);
const cleanup: (() => unknown)[] = [];
const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? "✔" : "✘"} ${name}: ${detail}`);
};

async function main() {
  ensureDebian("nginx", () => fs.existsSync(NGINX));
  ensureDebian("postgresql", () => pgBin() !== "");
  const postgres = await startPostgres(work);
  cleanup.push(() => postgres.stop());
  const s3 = await startS3Server();
  cleanup.push(() => s3.close());
  const door = await tcpDoor(Number(new URL(s3.settings.endpoint!).port), await newPort());
  const smtp = await startSmtpServer();
  cleanup.push(() => smtp.close());

  const ports = [await newPort(), await newPort()];
  const nginx = await startNginx(work, ports);
  cleanup.push(() => nginx.stop());
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    PUBLIC_URL: nginx.base,
    SESSION_SECRET: "assaig-del-dia-de-campanya-".padEnd(48, "x"),
    SMTP_URL: smtp.url,
    MAIL_FROM: "Campanya <campanya@example.cat>",
    NEWSLETTER_RATE: "500",
    // Room for every recording of the day: with the default quota (decision 024) the 10x phase filled
    // it, and the S3 outage's uploads were refused 429 before they reached S3.
    PENDING_TESTIMONIALS_MAX: "5000",
    PENDING_TESTIMONIALS_MAX_MB: "1000",
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: door.endpoint,
    S3_REGION: s3.settings.region,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: s3.settings.prefix,
  };
  const instances: BuiltServer[] = [];
  /** Instances killed and replaced: their logs are read at the end too. */
  const retired: BuiltServer[] = [];
  const startInstance = async (i: number) => {
    if (instances[i]) retired.push(instances[i]);
    const dataDir = path.join(work, `instance-${i}`);
    fs.mkdirSync(dataDir, { recursive: true });
    // The instance that is never killed can be profiled (REHEARSE_PROFILE=dir: a .cpuprofile there
    // when it stops, for Chromium's DevTools or scripts/cpuprofile-top.mjs).
    const profile = i === 1 && process.env.REHEARSE_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.REHEARSE_PROFILE}`] : [];
    const server = await startBuiltServer({ port: ports[i]!, dataDir, databaseUrl: postgres.url, admin: ADMIN, env, nodeArgs: profile });
    instances[i] = server;
    return server;
  };
  console.log(`PostgreSQL, S3, SMTP and nginx (${nginx.base}) up; starting the instances`);
  await startInstance(0); // migrates first
  await startInstance(1);
  cleanup.push(() => Promise.all(instances.map((s) => s.stop())));
  const base = nginx.base;
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  db.on("error", () => {});
  cleanup.push(() => db.end());

  // Warm up through nginx, then the stored recording the media class fetches.
  for (const url of [...PAGES, ...Object.values(ROUTES)]) await (await fetch(`${base}${url}`)).arrayBuffer();
  const cookie = await signInCookie(base, ADMIN);
  await write(base, "testimonial");
  // Published, as a moderator would: the media class then fetches a recording visitors can hear.
  const key = (await db.query<{ k: string }>("update testimonials set status = 'published' returning audio_key as k")).rows[0]?.k;
  const media = key && (await fetch(`${base}/media/${key}`)).status === 200 ? `/media/${key}` : null;
  if (!media) console.log("the media class is left out: the first testimonial's recording is not served");
  samples.length = 0;

  const recipients = CI ? NEWSLETTER_RECIPIENTS.ci : NEWSLETTER_RECIPIENTS.full;
  await db.query(
    `insert into newsletter_subscriptions (email, privacy_accepted, status, source, confirmed_at)
     select 'subscriptor' || i || '@example.cat', true, 'confirmed', 'newsletter_form', now() from generate_series(1, ${recipients}) i`,
  );

  const phases: Phase[] = [];
  const pids = () => instances.map((i) => i.child.pid);
  let stopLoad: (() => Promise<void>) | null = null;
  const load = (factor: number) => {
    stopLoad = playLoad(base, cookie, media, factor);
  };
  const during = async (name: string, ms: number) => {
    phase = name;
    console.log(`phase ${name} (${ms / 1000} s)`);
    const done = measure(pids);
    await sleep(ms);
    phases.push(done(name));
  };
  const until = async (name: string, what: () => Promise<unknown>) => {
    phase = name;
    console.log(`phase ${name}`);
    const done = measure(pids);
    await what();
    const figures = done(name);
    phases.push(figures);
    return figures.ms;
  };
  const healthy = async (ports: number[]) => {
    for (;;) {
      const answers = await Promise.all(
        ports.map((p) =>
          fetch(`http://127.0.0.1:${p}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      );
      if (answers.every((s) => s === 200)) return;
      await sleep(50);
    }
  };

  const sendNewsletter = async () => {
    const res = await fetch(`${base}${adminPaths.adminNewsletterSend}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "send", subject: "Assaig del dia de campanya", body: "Hola! **Prova** de la newsletter." }),
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    // Queued: the screen says so ("Newsletter en cua per a N subscriptors"); anything else sent nothing.
    const said = await res.text();
    if (res.status !== 200 || !said.includes("Newsletter en cua")) throw new Error(`queueing the newsletter: ${res.status}`);
  };

  console.log(`warm; load starts (${recipients} newsletter subscribers)`);
  const started = performance.now();
  const kill = async () => {
    const victim = instances[0]!;
    const t = performance.now();
    victim.child.kill("SIGKILL");
    await victim.exited;
    const restarted = until("kill: 5 s after", () => sleep(5000));
    await startInstance(0);
    const recovery = performance.now() - t;
    await restarted;
    return recovery;
  };

  let killRecovery: number;
  let pgRecovery = 0;
  /** A phase whose load starts with a step (queueing the newsletter): its requests are the phase's
   * from the first, and its time counts from there. The steps' time was once counted in the phase
   * before: the first seconds of 10x read as the base load's p99. */
  const startingWith = async (name: string, factor: number, step: () => Promise<void>, ms: number) => {
    phase = name;
    console.log(`phase ${name} (${ms / 1000} s)`);
    const t = performance.now();
    const done = measure(pids);
    load(factor);
    await step();
    await sleep(Math.max(0, ms - (performance.now() - t)));
    phases.push(done(name));
  };
  if (CI) {
    // The newsletter goes out beside the sign-ups: since its messages have SMTP connections of their
    // own, a sign-up's confirmation no longer waits behind it (decisions 058 and 060).
    await startingWith("base", 1, sendNewsletter, 45_000);
    killRecovery = await kill();
    await during("kill: after", 30_000);
  } else {
    load(1);
    await during("base", 40_000);
    await stopLoad!();
    await startingWith(
      "10x",
      10,
      async () => {
        await sendNewsletter();
        console.log("newsletter queued");
      },
      40_000,
    );
    await stopLoad!();
    load(1);
    await during("kill: before", 10_000);
    killRecovery = await kill();
    await during("kill: after", 15_000);
    phase = "pg: outage";
    const donePg = measure(pids);
    postgres.stop();
    await sleep(5000);
    postgres.start();
    phases.push(donePg("pg: outage"));
    pgRecovery = await until("pg: recovering", () => healthy(ports));
    await during("pg: after", 15_000);
    phase = "s3: outage";
    await door.shut();
    await during("s3: outage", 10_000);
    await door.open();
    await during("s3: after", 15_000);
  }
  await stopLoad!();
  const runMs = performance.now() - started;

  report(phases);
  // Every request's class, phase, start and time, for a closer look (REHEARSE_SAMPLES=file.json).
  if (process.env.REHEARSE_SAMPLES) fs.writeFileSync(process.env.REHEARSE_SAMPLES, JSON.stringify(samples));
  console.log(
    `\nload ran ${Math.round(runMs / 1000)} s; instance killed -> back in ${Math.round(killRecovery)} ms` +
      (CI ? "" : `; PostgreSQL back -> both instances healthy in ${Math.round(pgRecovery)} ms`),
  );

  console.log("load stopped; waiting for the newsletter, then reading the database back");
  // The newsletter: every subscriber once.
  const deadline = Date.now() + (CI ? 90_000 : 240_000);
  const subscribers = () => new Set(smtp.received.flatMap((m) => m.to).filter((t) => t.startsWith("subscriptor")));
  while (subscribers().size < recipients && Date.now() < deadline) await sleep(500);
  const perRecipient = new Map<string, Set<string>>();
  for (const m of smtp.received)
    for (const to of m.to.filter((t) => t.startsWith("subscriptor")))
      perRecipient.set(to, (perRecipient.get(to) ?? new Set()).add(String(m.parsed.messageId)));
  const twice = [...perRecipient.values()].filter((ids) => ids.size > 1).length;

  // Acknowledged writes against the database.
  const rows = async (sql: string) => (await db.query<{ t: string }>(sql)).rows.map((r) => String(r.t).split(/[\s@]/)[0]!);
  const stored = new Map<string, number>();
  for (const m of [
    ...(await rows("select reflection as t from reflections")),
    ...(await rows("select comment as t from map_comments")),
    ...(await rows("select email as t from newsletter_subscriptions")),
    ...(await rows("select title as t from testimonials")),
  ])
    stored.set(m, (stored.get(m) ?? 0) + 1);
  const count = (f: (m: string, w: { outcome: WriteOutcome }) => boolean) => [...writes].filter(([m, w]) => f(m, w)).length;
  const acknowledged = count((_, w) => w.outcome === "ok");
  const lost = count((m, w) => w.outcome === "ok" && !stored.has(m));
  const duplicated = count((m) => (stored.get(m) ?? 0) > 1);
  const refusedStored = count((m, w) => w.outcome === "refused" && stored.has(m));
  const unanswered = count((_, w) => w.outcome === "unanswered");

  // Uploads against storage: each testimonial's recording is an object, each object a testimonial's.
  const keys = (await db.query<{ k: string }>("select audio_key as k from testimonials")).rows.map((r) => r.k);
  const bucketDir = path.join(s3.directory, s3.settings.bucket);
  const objects = fs.existsSync(bucketDir)
    ? fs
        .readdirSync(bucketDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith("._S3rver_object"))
        .map((e) =>
          path
            .relative(bucketDir, path.join(e.parentPath, e.name))
            .replace(/\._S3rver_object$/, "")
            .slice(s3.settings.prefix!.length),
        )
    : [];
  const missingFiles = keys.filter((k) => !objects.includes(k)).length;
  const orphanObjects = objects.filter((o) => o.startsWith("testimonials/") && !keys.includes(o)).length;

  console.log(
    `\nwrites: ${writes.size} sent, ${acknowledged} acknowledged, ${unanswered} unanswered, ${lost} acknowledged but lost, ${duplicated} stored twice`,
  );
  check("no acknowledged write lost", lost === 0, `${lost} of ${acknowledged}`);
  check("no write stored twice", duplicated === 0, String(duplicated));
  check("no refused write stored", refusedStored === 0, String(refusedStored));
  check("every testimonial's recording is in S3", missingFiles === 0, `${keys.length} rows, ${missingFiles} without their object`);
  check("no recording in S3 without its testimonial", orphanObjects === 0, String(orphanObjects));
  {
    check("the newsletter reached every subscriber", perRecipient.size === recipients, `${perRecipient.size} of ${recipients}`);
    check("nobody got two different newsletters", twice === 0, String(twice));
  }
  const inPhase = (name: string) => samples.filter((s) => s.phase === name);
  const errors = (list: Sample[]) => list.filter((s) => !s.ok && !s.retryLater).length;
  // An error burst fails the run: 1 % or more of a phase's requests failing. Every single error is a
  // target (issue 36: none at the base load, none after the kill), reported as such.
  for (const name of CI ? ["base", "kill: 5 s after", "kill: after"] : ["base", "kill: before", "kill: 5 s after", "kill: after"]) {
    const list = inPhase(name);
    check(`no error burst (under 1 %): ${name}`, errors(list) < list.length / 100, `${errors(list)} of ${list.length}`);
  }
  check("target: no request fails after the kill", errors(inPhase("kill: after")) === 0, String(errors(inPhase("kill: after"))));
  check("target: no error at the base load", errors(inPhase("base")) === 0, String(errors(inPhase("base"))));
  const p99 = (name: string, classes: Cls[]) => figures(inPhase(name).filter((s) => classes.includes(s.cls))).p99;
  if (!CI) {
    // Targets of issue 36 on this machine: reported; the run fails on integrity and error bursts only.
    check("target: page p99 < 150 ms at the base load", p99("base", PAGE_CLASSES) < 150, `${p99("base", PAGE_CLASSES)} ms`);
    check("target: write p99 < 300 ms at the base load", p99("base", WRITE_CLASSES) < 300, `${p99("base", WRITE_CLASSES)} ms`);
    check("target: page p99 < 500 ms at 10x", p99("10x", PAGE_CLASSES) < 500, `${p99("10x", PAGE_CLASSES)} ms`);
    const outage = [...inPhase("pg: outage"), ...inPhase("pg: recovering")];
    const bad = outage.filter((s) => !s.ok && !s.retryLater && (s.status >= 500 || s.status === 0));
    check(
      "target: no 500 or hang while PostgreSQL restarts (503 + Retry-After instead)",
      bad.length === 0,
      `${bad.length} of ${outage.length}; statuses ${figures(outage).statuses}`,
    );
    check("target: site back within 5 s of PostgreSQL's return", pgRecovery < 5000, `${Math.round(pgRecovery)} ms`);
    const s3Out = inPhase("s3: outage");
    check(
      "target: pages served while S3 is away",
      errors(s3Out.filter((s) => s.cls === "page")) === 0,
      String(errors(s3Out.filter((s) => s.cls === "page"))),
    );
    check(
      "target: stored media served while S3 is away",
      errors(s3Out.filter((s) => s.cls === "media")) === 0,
      String(errors(s3Out.filter((s) => s.cls === "media"))),
    );
    const uploads = s3Out.filter((s) => s.cls === "testimonial" && !s.ok);
    check(
      "target: uploads refused clearly while S3 is away (503 + Retry-After, no 500, no hang)",
      uploads.every((s) => s.retryLater),
      `${uploads.length} refused; statuses ${uploads.map((s) => s.status).join(",")}`,
    );
  }
  // What nginx said of the instances, by kind of message.
  const nginxLog = fs.existsSync(path.join(work, "nginx/error.log")) ? fs.readFileSync(path.join(work, "nginx/error.log"), "utf8") : "";
  const kinds = new Map<string, number>();
  for (const line of nginxLog.split("\n").filter(Boolean)) {
    const kind = line
      .replace(/^\S+ \S+ /, "")
      .replace(/\d+#\d+: \*\d+ /, "")
      .replace(/, client:.*$/, "")
      .replace(/\/\S+/g, "…");
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  if (kinds.size) console.log(`nginx error log:\n  ${[...kinds].map(([k, n]) => `${n} × ${k}`).join("\n  ")}`);
  // What the instances logged (warnings and errors: LOG_SILENT keeps them), by message.
  const said = new Map<string, number>();
  for (const line of [...retired, ...instances].flatMap((s) => [...s.stderr, ...s.stdout])) {
    let msg = line.slice(0, 120);
    try {
      const entry = JSON.parse(line) as { level?: string; msg?: string; err?: string };
      msg = `${entry.level} ${entry.msg}${entry.err ? `: ${entry.err.slice(0, 80)}` : ""}`;
    } catch {
      // not one of our JSON lines: its beginning
    }
    said.set(msg, (said.get(msg) ?? 0) + 1);
  }
  if (said.size) console.log(`the instances said:\n  ${[...said].map(([k, n]) => `${n} × ${k}`).join("\n  ")}`);
  const failed = checks.filter((c) => !c.ok && !c.name.startsWith("target:"));
  fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, "test-results", CI ? "rehearsal-ci.json" : "rehearsal.json"),
    JSON.stringify(
      { passed: checks.filter((c) => c.ok).length, failed: failed.length, failures: failed.map((c) => `${c.name} (${c.detail})`), checks },
      null,
      1,
    ),
  );
  return failed.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(err);
} finally {
  for (const f of cleanup.reverse()) await Promise.resolve(f()).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(ok ? "rehearsal: passed" : "rehearsal: FAILED");
process.exit(ok ? 0 : 1);
