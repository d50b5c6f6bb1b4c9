// Bad traffic: thousands of malformed requests to every public route and action of the built
// server (and to the admin ones, anonymously and with forged cookies). It fails on any 5xx, a
// hang, a connection dropped on a well-formed request, an admin write accepted anonymously, a
// server file leaked, a stored or changed row, a file left in the uploads folder, a server that
// is no longer healthy afterwards, or one whose memory ballooned. Then, on the same data, bursts
// against the limits (tests/fuzz/bursts.ts): 200 wrong sign-ins at once, and testimonial uploads
// past the per-client limit and the pending quota.
//
// Usage: npm run build && npm run test:fuzz
//   FUZZ_SEED=<n>    another deterministic sequence (the seed in use is printed; default 20250606)
//   FUZZ_PORT=<n>    4200-4798 (default 4242; the PostgreSQL run uses the next port)
//   TEST_DATABASE_URL=postgres://…  also runs it on PostgreSQL, in a database created and dropped here
//   FUZZ_ONLY=<regexp of "category: name">, FUZZ_OUT=<file prefix>: a part of it, and every answer written out (debugging)
//
// Requests are written on raw sockets (node:net): fetch and node:http normalise or refuse exactly
// the oddities sent here. The server runs with TRUST_PROXY=loopback and each request claims a
// client address of its own (X-Forwarded-For): the public forms count every request against a
// per-client limit of 30, so without it nearly every form request would stop at the 429.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  createPostgresDatabase,
  openQuery,
  parseResponse,
  rawRequest,
  signInCookie,
  sleep,
  startBuiltServer,
  type BuiltServer,
  type Row,
} from "../support";
import { bursts, type BurstReport } from "./bursts";
import { ADMIN, ALL_TARGETS, generate, generateOrder, prng, routePatterns, shuffle, type Case, type FuzzContext } from "./cases";

const SEED = Number(process.env.FUZZ_SEED ?? 20250606);
const PORT = Number(process.env.FUZZ_PORT ?? 4242);
if (!(PORT >= 4200 && PORT <= 4798)) throw new Error("FUZZ_PORT must be within 4200-4798");
const CONCURRENCY = 6;
/** A complete request gets this long to be answered; longer is a hang. */
const ANSWER_MS = 10_000;
/** A 200 MB body announced and never sent should be refused from its headers, within this. */
const CLAIM_MS = 2_000;
/** Memory. The first few thousand requests of any kind grow the server's RSS by some 200-270 MB
 * here: V8 sizing its heap, up to 500 cached pages, scrypt's 32 MB per sign-in on 4 threads. Then
 * it stays flat: running the same requests again and again, the peak went 658, 692, 692 MB on
 * PGlite, and 375, 371, 375, 375 MB on PostgreSQL (which starts lower, 146 MB, so it is still
 * warming up in the second half of its first pass: +88 to +116 MB). A leak grows with the traffic
 * instead, so the second half of the run (the cases are shuffled, so both halves are alike) may
 * add at most MAX_SECOND_HALF_MB to the first half's peak, and the whole run at most MAX_GROWTH_MB. */
const MAX_SECOND_HALF_MB = 150;
const MAX_GROWTH_MB = 400;
/** Bookkeeping that grows with traffic by design: the rate limiters' (PostgreSQL only), the
 * audit log, which records every failed sign-in (decision 032), and the page-view counts, which
 * count the fuzz's page views as any others (decision 066). */
const NOT_CONTENT = new Set([
  "rate_limits",
  "login_rate_limits",
  "audit_log",
  "page_views",
  "visitor_hashes",
  "visitor_salts",
  "daily_visitors",
]);
/** What a response must never contain: the contents of files outside the uploads folder. */
const LEAKS = [/"name":\s*"penedes-bici"/, /root:x:0:0/, /"compilerOptions"/, /process\.chdir\(root\)/, /\[core\]/, /SESSION_SECRET=/];

// ---------------------------------------------------------------------------------------------
// Sending, and reading the answer.

type Outcome = "answered" | "cut" | "dropped" | "reset" | "timeout" | "waited" | "malformed";
interface Result {
  outcome: Outcome;
  status: number | null;
  body: Buffer;
  ms: number;
}

function send(c: Case, port: number): Promise<Result> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let buf = Buffer.alloc(0);
    let settled = false;
    const t0 = performance.now();
    const finish = (outcome: Outcome, response?: { status: number; body: Buffer }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ outcome, status: response?.status ?? null, body: response?.body ?? Buffer.alloc(0), ms: performance.now() - t0 });
    };
    const timer = setTimeout(() => finish(c.mode === "claim" ? "waited" : "timeout"), c.mode === "claim" ? CLAIM_MS : ANSWER_MS);
    socket.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      const response = parseResponse(buf, c.method, false);
      if (response?.status === null) finish("malformed");
      else if (response) finish("answered", response);
    });
    socket.on("error", () => {}); // a reset shows as a close without an answer
    socket.on("close", () => {
      const response = parseResponse(buf, c.method, true);
      if (response?.status) finish(response.cut ? "cut" : "answered", response);
      else finish(c.mode === "truncate" ? "dropped" : "reset");
    });
    socket.on("connect", async () => {
      socket.write(c.head);
      const body = c.mode === "truncate" ? c.body.subarray(0, Math.max(1, Math.floor(c.body.length * 0.8))) : c.body;
      // In pieces, waiting for the socket to drain, as a real client would.
      for (let at = 0; at < body.length && !socket.destroyed; at += 256 * 1024) {
        if (!socket.write(body.subarray(at, at + 256 * 1024))) await new Promise<void>((r) => socket.once("drain", r).once("close", r));
      }
      if (c.mode === "truncate" && !settled) {
        await sleep(150); // long enough for the server to be streaming it into storage
        if (c.rst) socket.resetAndDestroy();
        else socket.destroy();
        finish("dropped");
      }
    });
  });
}

/** What is wrong with this answer, or null. */
/** A catalogue key shown as a page's text: a page rendered without its words (issue 30). */
const RAW_KEY = />(?:errors|public|forms|emails)\.[a-zA-Z]+\.[\w.]+</;

function judge(c: Case, res: Result): string | null {
  if (res.status !== null && res.status >= 500) return `answered ${res.status}`;
  const key = RAW_KEY.exec(res.body.toString("utf8"));
  if (key) return `shows a catalogue key as text: ${key[0]}`;
  if (res.outcome === "timeout") return `no answer within ${ANSWER_MS / 1000} s`;
  if (res.outcome === "waited") return "waited for a 200 MB body instead of refusing it";
  if (res.outcome === "malformed") return "a response that is not HTTP";
  if ((res.outcome === "reset" || res.outcome === "cut") && !c.broken)
    return `connection ${res.outcome === "cut" ? "cut mid-response" : "closed without an answer"}`;
  if (c.adminWrite && res.status !== null && res.status >= 200 && res.status < 300)
    return `admin write answered ${res.status} without a session`;
  if (c.adminRead && res.status !== null && res.status >= 200 && res.status < 300)
    return `admin page answered ${res.status} without a session`;
  if (c.expectStatus !== undefined && res.status !== null && res.status !== c.expectStatus)
    return `answered ${res.status}, not ${c.expectStatus}`;
  const text = res.body.toString("latin1");
  if (LEAKS.some((re) => re.test(text))) return "leaked the contents of a server file";
  return null;
}

async function runAll(cases: Case[], port: number) {
  const results = new Array<Result>(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const i = next++;
      results[i] = await send(cases[i]!, port);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// The server, the database and the files.

/** A GET on a connection of its own: the status (null without an answer) and the text. */
async function get(port: number, target: string) {
  const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, {
    waitMs: ANSWER_MS,
  });
  return { status: res.status, text: res.body.toString("utf8") };
}

/** The server's resident memory, or 0 once it has exited (the run then fails on its exit, with its errors). */
const rssMB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  } catch {
    return 0;
  }
};

/** Every file under dir, as relative paths. */
function listFiles(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]));
}

type Tables = Record<string, { rows: number; digest: string }>;

/** Row count and a digest of the contents of every table, and a few ids to aim anonymous writes at.
 * PGlite is read with the server stopped (see openQuery). */
async function snapshot(where: { dataDir: string; url?: string }): Promise<{ tables: Tables; ids: string[] }> {
  const { query, close } = await openQuery(where);
  try {
    const names = await query(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const tables: Tables = {};
    const ids: string[] = [];
    for (const { table_name } of names) {
      const name = String(table_name);
      if (NOT_CONTENT.has(name)) continue;
      const [row] = (await query(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${name}" t`,
      )) as (Row & { n: number; digest: string })[];
      tables[name] = { rows: Number(row!.n), digest: row!.digest };
      const hasId = (
        await query(
          `select 1 from information_schema.columns where table_schema = 'public' and table_name = '${name}' and column_name = 'id'`,
        )
      ).length;
      if (hasId) ids.push(...(await query(`select id::text as id from "${name}" limit 2`)).map((x) => String(x.id)));
    }
    return { tables, ids };
  } finally {
    await close();
  }
}

function seed(dataDir: string, databaseUrl?: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "seed"], {
      env: { ...process.env, DATABASE_URL: databaseUrl ?? "", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// One run: seed, start, fuzz, check.

/** On PostgreSQL every PG_SHARE-th request of the same shuffled list is sent (the time budget). */
const PG_SHARE = 3;

async function run(kind: string, port: number, databaseUrl?: string) {
  const t0 = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-fuzz-"));
  const where = { dataDir, url: databaseUrl };
  const start = () => startBuiltServer({ port, dataDir, databaseUrl, admin: ADMIN });
  const failures: string[] = [];
  let server: BuiltServer | undefined;
  try {
    await seed(dataDir, databaseUrl);
    server = await start();
    // A real session, for the broken bodies sent to the back office signed in. Taken before the
    // snapshot: signing in stores a session row.
    const session = (await signInCookie(server.base, ADMIN)).split("; ").find((c) => c.startsWith("pb_session="))!;
    // PGlite is read with the server stopped (two processes on one folder lose writes), after
    // one start, which creates the admin account.
    let before;
    if (databaseUrl) before = await snapshot(where);
    else {
      await server.stop();
      before = await snapshot(where);
      server = await start();
    }
    const pid = server.child.pid!;
    const uploads = path.join(dataDir, "uploads");
    const filesBefore = listFiles(uploads).sort();
    const find = (re: RegExp) => `/media/${filesBefore.find((f) => re.test(f))}`;
    const files = {
      image: find(/^logos\/.*\.png$/),
      photo: find(/^photos\/.*\.jpg$/),
      audio: find(/^audio\//),
      video: find(/^videos\//),
      pdf: find(/\.pdf$/),
      missing: "/media/audio/00000000-0000-0000-0000-000000000000.weba",
    };
    const media = { ...files, all: Object.values(files) };
    let clients = 0;
    const ctx: FuzzContext = {
      host: `127.0.0.1:${port}`,
      media,
      ids: before.ids,
      session,
      audio: fs.readFileSync(path.join(uploads, media.audio.slice("/media/".length))),
      png: fs.readFileSync(path.join(uploads, media.image.slice("/media/".length))),
      pdf: fs.readFileSync(path.join(uploads, media.pdf.slice("/media/".length))),
      // One client address per request, from 10.0.0.0/8, the same sequence every run.
      nextClient: () => ((n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)(++clients),
    };
    // FUZZ_ONLY=<regular expression>: only the requests whose "category: name" matches it.
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
    const cases = shuffle(
      generate(SEED, ctx).filter((c) => !only || only.test(`${c.cat}: ${c.name}`)),
      prng(SEED + 1),
    ).filter((_, i) => !databaseUrl || i % PG_SHARE === 0);

    // Warm up (module loading, first renders), then measure memory from there.
    for (const p of ["/", "/participa", "/testimonis"]) await get(port, p);
    const rssBefore = rssMB(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMB(pid))), 250);
    const tFuzz = performance.now();
    const half = Math.ceil(cases.length / 2);
    const results = await runAll(cases.slice(0, half), port);
    const rssFirstHalf = rssPeak;
    results.push(...(await runAll(cases.slice(half), port)));
    const fuzzSeconds = (performance.now() - tFuzz) / 1000;
    clearInterval(sampler);

    // FUZZ_OUT=<file>: every request and its outcome, one JSON line each (for debugging).
    if (process.env.FUZZ_OUT) {
      const lines = cases.map((c, i) =>
        JSON.stringify({
          cat: c.cat,
          name: c.name.slice(0, 200),
          status: results[i]!.status,
          outcome: results[i]!.outcome,
          ms: Math.round(results[i]!.ms),
          problem: judge(c, results[i]!),
          body: results[i]!.body.subarray(0, 200).toString("latin1"),
        }),
      );
      fs.writeFileSync(`${process.env.FUZZ_OUT}.${kind}.jsonl`, lines.join("\n") + "\n");
      fs.writeFileSync(`${process.env.FUZZ_OUT}.${kind}.server.log`, server.stderr.join("\n"));
    }
    cases.forEach((c, i) => {
      const problem = judge(c, results[i]!);
      if (problem) failures.push(`${c.cat}: ${c.name.slice(0, 110)} -> ${problem}`);
    });

    // Still healthy: /healthz, and pages answer as before.
    await sleep(500); // let aborted uploads finish cleaning up
    const health = await get(port, "/healthz");
    if (health.status !== 200) failures.push(`after the run /healthz answered ${health.status}`);
    for (const p of ["/", "/participa", "/testimonis", "/aportacions", media.image]) {
      const page = await get(port, p);
      if (page.status !== 200) failures.push(`after the run ${p} answered ${page.status}`);
    }
    if (!(await get(port, "/")).text.includes("Bicicletada popular per la xarxa de carrils"))
      failures.push("after the run the home page lost its content");
    const rssAfter = rssMB(pid);
    if (rssPeak - rssBefore > MAX_GROWTH_MB)
      failures.push(`memory grew by ${(rssPeak - rssBefore).toFixed(0)} MB (limit ${MAX_GROWTH_MB} MB)`);
    if (rssPeak - rssFirstHalf > MAX_SECOND_HALF_MB) {
      failures.push(
        `memory still grew by ${(rssPeak - rssFirstHalf).toFixed(0)} MB in the second half (limit ${MAX_SECOND_HALF_MB} MB): a leak?`,
      );
    }

    const exitCode = await server.stop();
    if (exitCode !== 0) failures.push(`the server stopped with ${exitCode} after SIGTERM`);
    const after = await snapshot(where);
    const filesAfter = listFiles(uploads).sort();
    for (const [name, t] of Object.entries(before.tables)) {
      const a = after.tables[name];
      if (!a || a.rows !== t.rows) failures.push(`table ${name}: ${t.rows} rows before, ${a?.rows} after`);
      else if (a.digest !== t.digest) failures.push(`table ${name}: rows changed`);
    }
    const added = filesAfter.filter((f) => !filesBefore.includes(f));
    const removed = filesBefore.filter((f) => !filesAfter.includes(f));
    if (added.length)
      failures.push(`files left in uploads: ${added.slice(0, 5).join(", ")}${added.length > 5 ? ` and ${added.length - 5} more` : ""}`);
    if (removed.length) failures.push(`files gone from uploads: ${removed.slice(0, 5).join(", ")}`);
    const serverErrors = server.stderr.filter((l) => /"level":"error"/.test(l) || !l.startsWith("{"));

    // Bursts against the limits, on a server of its own over the same data (FUZZ_ONLY=bursts: only
    // these, after a pass of the cases FUZZ_ONLY picks, which may be none).
    let burst: BurstReport | null = null;
    if (!only || only.test("bursts")) {
      burst = await bursts(port, where, ctx.audio);
      failures.push(...burst.failures);
    }

    return {
      kind,
      cases,
      results,
      failures,
      serverErrors,
      rows: { before: sum(before.tables), after: sum(after.tables), tables: Object.keys(before.tables).length },
      files: { before: filesBefore.length, after: filesAfter.length },
      rss: { before: rssBefore, firstHalf: rssFirstHalf, peak: rssPeak, after: rssAfter },
      burst,
      fuzzSeconds,
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sum = (tables: Tables) => Object.values(tables).reduce((n, t) => n + t.rows, 0);

type Counts = Record<"requests" | "2xx" | "3xx" | "4xx" | "5xx" | "closed by server" | "dropped by us" | "failures", number>;

function report(r: Awaited<ReturnType<typeof run>>) {
  const byCat = new Map<string, Counts>();
  const statuses = new Map<string | number, number>();
  r.cases.forEach((c, i) => {
    const res = r.results[i]!;
    const row: Counts = byCat.get(c.cat) ?? {
      requests: 0,
      "2xx": 0,
      "3xx": 0,
      "4xx": 0,
      "5xx": 0,
      "closed by server": 0,
      "dropped by us": 0,
      failures: 0,
    };
    row.requests++;
    if (res.status) row[`${String(res.status)[0]}xx` as "2xx"]++;
    else if (res.outcome === "dropped" || res.outcome === "waited") row["dropped by us"]++;
    else row["closed by server"]++;
    if (judge(c, res)) row.failures++;
    byCat.set(c.cat, row);
    const key =
      res.status ??
      (res.outcome === "dropped"
        ? "dropped by us"
        : res.outcome === "waited"
          ? "no early answer"
          : res.outcome === "reset"
            ? "closed by server"
            : res.outcome);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  });
  const total: Counts = { requests: 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, "closed by server": 0, "dropped by us": 0, failures: 0 };
  for (const row of byCat.values()) for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += row[k];
  console.log(
    `\n== ${r.kind}: ${total.requests} requests in ${r.fuzzSeconds.toFixed(1)} s (whole run ${r.seconds.toFixed(1)} s), seed ${SEED}`,
  );
  // In the order the categories are generated (the requests themselves are shuffled).
  const order = [...new Set(generateOrder)];
  const rows = [...byCat].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  console.table(Object.fromEntries([...rows, ["total", total]]));
  console.log(
    "status codes:",
    [...statuses]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([k, n]) => `${k}: ${n}`)
      .join(", "),
  );
  console.log(
    `rows in ${r.rows.tables} tables: ${r.rows.before} before, ${r.rows.after} after; files in uploads: ${r.files.before} before, ${r.files.after} after`,
  );
  console.log(
    `server memory (RSS): ${r.rss.before.toFixed(0)} MB before, peak ${r.rss.firstHalf.toFixed(0)} MB in the first half and ${r.rss.peak.toFixed(0)} MB in all, ${r.rss.after.toFixed(0)} MB after`,
  );
  for (const line of r.burst?.lines ?? []) console.log(line);
  if (r.serverErrors.length) {
    const distinct = [
      ...new Set(
        r.serverErrors.map((l) =>
          l
            .replace(/"time":"[^"]+",?/, "")
            .replace(/,"stack":"[^"]*"/, "")
            .slice(0, 300),
        ),
      ),
    ];
    console.log(`server error log lines: ${r.serverErrors.length} (${distinct.length} distinct)`);
    for (const line of distinct.slice(0, 8)) console.log(`  ${line}`);
  }
  if (r.failures.length) {
    console.log(`FAILURES (${r.failures.length}):`);
    for (const f of r.failures.slice(0, 40)) console.log(`  ${f}`);
    if (r.failures.length > 40) console.log(`  … and ${r.failures.length - 40} more`);
  } else console.log("no failures");
}

// ---------------------------------------------------------------------------------------------

// Every route of app/routes.ts must be among the targets above: a new route is fuzzed, or this says so.
const uncovered = routePatterns().filter((re) => !ALL_TARGETS.some((t) => re.test(t)));
if (uncovered.length) {
  console.log(`routes not fuzzed (add them to tests/fuzz/cases.ts): ${uncovered.map((re) => re.source).join(", ")}`);
  process.exit(1);
}

console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
let failed = false;
const pglite = await run("PGlite", PORT);
report(pglite);
failed ||= pglite.failures.length > 0;

if (process.env.TEST_DATABASE_URL) {
  const database = await createPostgresDatabase("pb_fuzz");
  try {
    const postgres = await run("PostgreSQL", PORT + 1, database.url);
    report(postgres);
    failed ||= postgres.failures.length > 0;
  } finally {
    await database.drop();
  }
}
process.exit(failed ? 1 : 0);
