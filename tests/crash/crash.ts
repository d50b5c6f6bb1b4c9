// Crash safety: the built server is killed with SIGKILL in the middle of a concurrent load of public
// writes, restarted on the same data, and the database is read back: every write that got a success
// answer must be stored exactly once, and no write twice. Uploads cut off mid-stream (by the client,
// or by the crash) must leave no row and no file, temporary ones included. Then a newsletter to 500
// confirmed subscribers is sent to an SMTP server in this process, the server is killed in the
// middle of it and restarted: every subscriber must get it, and nobody two different messages.
//
// Usage: npm run build && npm run test:crash
//   PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh database, dropped after).
//   CRASH_ROUNDS (default 3) rounds per backend. Loopback only, temp folders removed.
//   CRASH_PORT (default 4700): its servers take free ports among the 100 from there.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startSmtpServer, type TestSmtpServer } from "../../app/test/smtp";
import { createPostgresDatabase, freePort, openQuery, ROOT, signInCookie, sleep, startBuiltServer, type BuiltServer } from "../support";

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
/** Requests in flight at once: enough to overlap writes on a 2-core machine. */
const CONCURRENCY = 8;
/** The load stops here even if the kill never came (it always comes first). */
const MAX_WRITES_PER_ROUND = 1200;
/** Simulated clients per round: each stays well under the 30 writes per kind per 15 minutes. */
const CLIENTS = 100;
/** The whole run must stay bounded (CI); the usual run takes well under a minute. */
const DEADLINE_MS = 360_000;
const ADMIN = { email: "crash@penedes.cat", password: "contrasenya-de-prova-crash" };

if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const FIXTURES = ["veu.mp3", "veu.ogg", "veu.m4a"].map((name) => ({
  name,
  bytes: fs.readFileSync(path.join(ROOT, "tests/fixtures", name)),
}));
// What each form answers on success: the page of a form posted without JavaScript shows the
// spec's text; a fetcher (`.data`) gets the action's data, whose `ok` is true.
type Kind = "reflection" | "map" | "newsletter" | "testimonial";
const SUCCESS_TEXT: Record<Kind, string> = {
  reflection: "Reflexió enviada correctament!",
  // Sent for review or published at once, as the moderation mode says (decision 028).
  map: "El teu comentari s&#x27;ha ",
  newsletter: "Subscripció confirmada!",
  testimonial: "Testimoni enviat!",
};
const ROUTES: Record<Kind, string> = {
  reflection: "/participa/reflexio",
  map: "/participa/mapa",
  newsletter: "/newsletter",
  testimonial: "/testimonis/enviar",
};
const KINDS = Object.keys(ROUTES) as Kind[];
const CATEGORIES = ["ciutadania", "infants", "laboral", "turistic"];
/** The first bytes of an MP4 video (an ftyp box), then zeros: sniffed as video/mp4. */
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32]),
  Buffer.alloc(64 * 1024 - 24),
]);
const PORTS = { from: Number(process.env.CRASH_PORT ?? 4700), count: 100 };

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Backend {
  name: "pglite" | "postgres";
  dataDir: string;
  url?: string;
}
type Outcome = { outcome: "ok" | "unanswered" | "pending" } | { outcome: "refused"; status: number };
type Write = { kind: Kind } & Outcome;

// --- Servers -------------------------------------------------------------------------------

/** Every server we started and that may still run: stopped by pid on the way out. */
const running = new Set<BuiltServer>();
/** Uploads still trickling: aborted on the way out. */
const trickling = new Set<Upload>();
const stopAll = () => {
  for (const upload of trickling) upload.abort();
  for (const server of running) server.child.kill("SIGKILL");
};

interface CrashServer extends BuiltServer {
  /** What the start swept of the interrupted uploads (LOG_SILENT keeps that warning). */
  swept: { temporary: number; orphans: number };
}

async function startServer(backend: Backend, env: NodeJS.ProcessEnv = {}): Promise<CrashServer> {
  const swept = { temporary: 0, orphans: 0 };
  const server = await startBuiltServer({
    port: await freePort(PORTS.from, PORTS.count),
    dataDir: backend.dataDir,
    databaseUrl: backend.url,
    admin: ADMIN,
    env: { NODE_ENV: "production", ...env },
    onStdoutLine(line) {
      if (!line.includes('"removed the files of interrupted uploads"')) return;
      const entry = JSON.parse(line) as { temporary: number; orphans: number };
      swept.temporary += entry.temporary;
      swept.orphans += entry.orphans;
    },
  });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  // Warm up: the first render of each form page loads its modules; the load starts after that.
  for (const url of Object.values(ROUTES)) await (await fetch(`${server.base}${url}`)).arrayBuffer();
  return Object.assign(server, { swept });
}

/** SIGTERM: the server finishes, closes the database and releases the DATA_DIR lock. */
async function stopServer(server: BuiltServer) {
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server did not stop cleanly (exit ${code}): ${server.stderr.join("\n")}`);
}

// --- Writes --------------------------------------------------------------------------------

/** One public write as a browser sends it: a plain form post (no JavaScript) or a fetcher's. */
function buildWrite(kind: Kind, marker: string) {
  const asFetch = Math.random() < 0.5;
  let body: URLSearchParams | FormData;
  if (kind === "reflection") body = new URLSearchParams({ reflection: `${marker} El carril bici em canvia el dia.`, name: "Prova" });
  else if (kind === "map") body = new URLSearchParams({ comment: `${marker} Cal un pas segur aquí.`, privacy: "on" });
  else if (kind === "newsletter") body = new URLSearchParams({ email: `${marker}@example.cat`, privacy: "on" });
  else {
    const audio = pick(FIXTURES);
    body = new FormData();
    body.set("title", marker);
    body.set("category", pick(CATEGORIES));
    body.set("terms", "on");
    body.set("duration", "7");
    body.set("audio", new Blob([audio.bytes]), audio.name);
  }
  return { path: `${ROUTES[kind]}${asFetch ? ".data" : ""}`, body, asFetch };
}

/** Sends one write; "ok" only when the whole success answer arrived. */
async function send(base: string, kind: Kind, marker: string, clientIp: string): Promise<Outcome> {
  const { path: url, body, asFetch } = buildWrite(kind, marker);
  try {
    const res = await fetch(`${base}${url}`, { method: "POST", body, headers: { "x-forwarded-for": clientIp } });
    const text = await res.text();
    const ok = res.status === 200 && (asFetch ? text.includes('"ok",true') : text.includes(SUCCESS_TEXT[kind]));
    return ok ? { outcome: "ok" } : { outcome: "refused", status: res.status };
  } catch {
    return { outcome: "unanswered" };
  }
}

/** A multipart upload that sends its fields and the start of its file, then keeps trickling bytes
 * and never ends: the server is mid-stream until the client (abort()) or the server gives up. */
interface Upload {
  answered(): boolean;
  abort(): void;
}

function slowUpload(
  port: number,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { field: string; name: string; head: Buffer },
): Upload {
  const boundary = `----crash${randomBytes(8).toString("hex")}`;
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: url,
    method: "POST",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  let answered = false;
  req.on("response", (res) => {
    answered = true;
    res.resume();
  });
  req.on("error", () => {});
  for (const [name, value] of Object.entries(fields)) {
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n`);
  req.write(`Content-Type: application/octet-stream\r\n\r\n`);
  req.write(file.head);
  const timer = setInterval(() => req.write(Buffer.alloc(8 * 1024)), 100);
  const upload: Upload = {
    answered: () => answered,
    abort() {
      clearInterval(timer);
      req.destroy();
      trickling.delete(upload);
    },
  };
  trickling.add(upload);
  return upload;
}

const audioUpload = (port: number, marker: string, ip: string) =>
  slowUpload(
    port,
    ROUTES.testimonial,
    { "x-forwarded-for": ip },
    { title: marker, category: "laboral", terms: "on" },
    // An MP3 that goes on and on: its head is a real recording, then silence-like bytes.
    { field: "audio", name: "llarg.mp3", head: Buffer.concat([FIXTURES[0]!.bytes, Buffer.alloc(32 * 1024)]) },
  );
const videoUpload = (port: number, marker: string, cookie: string) =>
  slowUpload(
    port,
    "/admin/puja/videos",
    { cookie, accept: "application/json" },
    { intent: "create", scope: "laboral", title: marker, isActive: "true" },
    { field: "file", name: "llarg.mp4", head: MP4_HEAD },
  );

// --- Files ---------------------------------------------------------------------------------

/** Every file under the uploads folder, as paths relative to it (temporary files included). */
function filesUnder(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return fs
    .readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}
const tempFiles = (uploadsDir: string) => filesUnder(uploadsDir).filter((f) => f.startsWith(".tmp/"));

async function waitFor(check: () => boolean, what: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

// --- The database, read back after the restart ---------------------------------------------

/** The marker of each stored write, and the storage keys of testimonials and videos. */
async function readStored(backend: Backend) {
  // PGlite only once the server has stopped and released its lock: two openers would lose rows.
  const { query, close } = await openQuery(backend);
  try {
    const first = (text: unknown) => String(text).split(/[\s@]/)[0]!;
    const markers: string[] = [];
    for (const rows of [
      await query("select reflection as t from reflections"),
      await query("select comment as t from map_comments"),
      await query("select email as t from newsletter_subscriptions"),
      await query("select title as t from testimonials"),
      await query("select title as t from videos"),
    ])
      for (const row of rows) markers.push(first(row.t));
    const keys = [...(await query("select audio_key as k from testimonials")), ...(await query("select video_key as k from videos"))].map(
      (r) => String(r.k),
    );
    return { markers, keys };
  } finally {
    await close();
  }
}

// --- One backend: rounds of load and crash, then the interrupted uploads ----------------------

async function runBackend(backend: Backend) {
  const stats = {
    backend: backend.name,
    rounds: 0,
    sent: 0,
    acknowledged: 0,
    unanswered: 0,
    refused: 0,
    found: 0,
    duplicates: 0,
    lostAcknowledged: 0,
    unansweredStored: 0,
    tempAfterRestart: 0,
    sweptTemporary: 0,
    sweptOrphans: 0,
    orphanFiles: 0,
    rowsWithoutFile: 0,
    cutUploadRows: 0,
    abortedClean: 0,
  };
  const failures: string[] = [];
  const uploadsDir = path.join(backend.dataDir, "uploads");
  /** Every write sent on this backend: marker -> outcome. */
  const writes = new Map<string, Write>();
  /** Markers of uploads that were cut off: never a row. */
  const cutUploads = new Set<string>();
  let seq = 0;
  const marker = (what: string) => `cx${backend.name}-${what}${++seq}`;

  /** Reads the database back and checks every write sent so far, and the files. */
  async function verify(when: string) {
    const { markers, keys } = await readStored(backend);
    const counts = new Map<string, number>();
    for (const m of markers) counts.set(m, (counts.get(m) ?? 0) + 1);
    let found = 0,
      duplicates = 0,
      lost = 0,
      unansweredStored = 0;
    for (const [m, w] of writes) {
      const n = counts.get(m) ?? 0;
      if (n > 0) found++;
      if (n > 1) duplicates++;
      if (w.outcome === "ok" && n === 0) lost++;
      if (w.outcome === "unanswered" && n === 1) unansweredStored++;
      if (w.outcome === "refused" && n > 0) failures.push(`${when}: ${m} was refused (${w.status}) but stored`);
    }
    if (duplicates) failures.push(`${when}: ${duplicates} writes stored more than once`);
    if (lost) failures.push(`${when}: ${lost} acknowledged writes not found`);
    const cutRows = [...cutUploads].filter((m) => counts.has(m)).length;
    if (cutRows) failures.push(`${when}: ${cutRows} cut-off uploads left a row`);
    const files = filesUnder(uploadsDir);
    const temp = files.filter((f) => f.startsWith(".tmp/"));
    const referenced = new Set(keys);
    const orphans = files.filter((f) => !f.startsWith(".tmp/") && !referenced.has(f));
    const missing = keys.filter((k) => !files.includes(k));
    if (temp.length) failures.push(`${when}: temporary files left: ${temp.join(", ")}`);
    if (orphans.length) failures.push(`${when}: files without a row: ${orphans.join(", ")}`);
    if (missing.length) failures.push(`${when}: rows whose file is missing: ${missing.join(", ")}`);
    Object.assign(stats, {
      found,
      duplicates: Math.max(stats.duplicates, duplicates),
      lostAcknowledged: Math.max(stats.lostAcknowledged, lost),
      unansweredStored,
      orphanFiles: stats.orphanFiles + orphans.length,
      rowsWithoutFile: stats.rowsWithoutFile + missing.length,
      cutUploadRows: Math.max(stats.cutUploadRows, cutRows),
    });
  }

  let server = await startServer(backend);
  const cookie = await signInCookie(server.base, ADMIN);
  for (let round = 1; round <= ROUNDS; round++) {
    // Two uploads that are still streaming when the server dies.
    const cutAudio = marker("cut-audio");
    const cutVideo = marker("cut-video");
    cutUploads.add(cutAudio).add(cutVideo);
    const trickles = [audioUpload(server.port, cutAudio, `10.99.${round}.1`), videoUpload(server.port, cutVideo, cookie)];
    await waitFor(() => tempFiles(uploadsDir).length >= 2, "the uploads to reach the server's temporary folder");

    // The load: CONCURRENCY workers, each sending one write after another as a different client.
    // The kill comes at a random moment once the load is well under way: after a random number of
    // acknowledged writes (so a slow, shared machine still gets a real load), plus a random delay.
    let killed = false;
    let acknowledged = 0;
    const killAt = 20 + Math.floor(Math.random() * 100);
    let killer: Promise<void> | null = null;
    const kill = () => {
      killed = true;
      server.child.kill("SIGKILL");
    };
    let sentThisRound = 0;
    const worker = async (w: number) => {
      while (!killed && sentThisRound < MAX_WRITES_PER_ROUND) {
        const n = sentThisRound++;
        const kind = KINDS[(n + w) % KINDS.length]!;
        const m = marker(kind.slice(0, 3));
        const write: Write = { kind, outcome: "pending" };
        writes.set(m, write);
        Object.assign(write, await send(server.base, kind, m, `10.${round}.0.${(n % CLIENTS) + 1}`));
        // A connection refused before the kill would mean the server failed on its own.
        if (write.outcome === "unanswered" && !killed) failures.push(`round ${round}: ${m} got no answer before the kill`);
        if (write.outcome === "ok" && ++acknowledged === killAt) killer = sleep(Math.random() * 40).then(kill);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    if (!killer) kill();
    await killer;
    await server.exited;
    for (const t of trickles) {
      if (t.answered()) failures.push(`round ${round}: a cut-off upload was answered`);
      t.abort();
    }
    const roundWrites = [...writes.values()].slice(-sentThisRound);
    const inFlight = roundWrites.filter((w) => w.outcome === "unanswered").length;
    if (sentThisRound >= MAX_WRITES_PER_ROUND) failures.push(`round ${round}: the load ended before the kill`);
    console.log(
      `  ${backend.name} round ${round}: killed after ${killAt} acknowledged writes, ${sentThisRound} writes sent, ` +
        `${roundWrites.filter((w) => w.outcome === "ok").length} acknowledged, ${inFlight} in flight`,
    );

    // Restart on the same data: it must come up, with no temporary file left behind.
    server = await startServer(backend);
    stats.tempAfterRestart += tempFiles(uploadsDir).length;
    stats.sweptTemporary += server.swept.temporary;
    stats.sweptOrphans += server.swept.orphans;
    // At least the two cut-off uploads had reached the disk: the start must have swept them.
    if (server.swept.temporary < 2)
      failures.push(`round ${round}: the restart swept ${server.swept.temporary} temporary files, not 2 or more`);
    if (backend.url) {
      // PostgreSQL can be read beside the server, which then carries on with the next round.
      await verify(`round ${round}`);
    } else {
      // PGlite is read only once the server has stopped (it holds the folder), then started again.
      await stopServer(server);
      await verify(`round ${round}`);
      server = await startServer(backend);
    }
    stats.rounds++;
  }

  // Uploads the client abandons mid-stream: the server cleans up at once, no restart needed.
  const before = filesUnder(uploadsDir);
  const abandoned: [string, (m: string) => Upload][] = [
    ["abort-audio", (m) => audioUpload(server.port, m, "10.98.0.1")],
    ["abort-video", (m) => videoUpload(server.port, m, cookie)],
  ];
  for (const [what, start] of abandoned) {
    const m = marker(what);
    cutUploads.add(m);
    const tempBefore = tempFiles(uploadsDir);
    const upload = start(m);
    const ownTemp = () => tempFiles(uploadsDir).filter((f) => !tempBefore.includes(f));
    await waitFor(() => ownTemp().length === 1, `the ${what} upload to reach the temporary folder`);
    upload.abort();
    await waitFor(() => ownTemp().length === 0, `the server to remove the ${what} temporary file`).catch((err: Error) =>
      failures.push(`${what}: ${err.message}`),
    );
    const added = filesUnder(uploadsDir).filter((f) => !before.includes(f));
    if (added.length) failures.push(`${what}: files left: ${added.join(", ")}`);
    stats.abortedClean += added.length === 0 ? 1 : 0;
  }
  await stopServer(server);
  await verify("after the aborted uploads");

  stats.sent = writes.size;
  for (const w of writes.values()) {
    if (w.outcome === "ok") stats.acknowledged++;
    else if (w.outcome === "unanswered") stats.unanswered++;
    else stats.refused++;
  }
  // Every write we send is valid and every client is under its limit: a refusal is a fault.
  if (stats.refused) {
    const statuses = [...new Set([...writes.values()].flatMap((w) => (w.outcome === "refused" ? [w.status] : [])))];
    failures.push(`${stats.refused} valid writes were refused (HTTP ${statuses.join(", ")})`);
  }
  return { stats, failures };
}

// --- A newsletter send, killed in the middle -----------------------------------------------

/** Confirmed subscribers the newsletter goes to. */
const NEWSLETTER_RECIPIENTS = 500;
/** Fast enough to be over in seconds, slow enough that the kill comes in the middle. */
const NEWSLETTER_RATE = 150;

/** Queues a newsletter for 500 confirmed subscribers through the back office, kills the server while
 * it is being sent, restarts it, and counts what the SMTP server received: every subscriber must get
 * it, no one two different messages. A message the SMTP server had accepted when the kill came, before
 * the server could record it, is sent again with the same Message-ID (decision 030): counted apart,
 * at most one per SMTP connection (2). */
async function runNewsletterCrash(backend: Backend, smtp: TestSmtpServer) {
  const failures: string[] = [];
  const tag = `nl-${backend.name}-`;
  const { query, close } = await openQuery(backend);
  try {
    await query(
      `insert into newsletter_subscriptions (email, privacy_accepted, status, source, confirmed_at)
       select '${tag}' || i || '@example.cat', true, 'confirmed', 'newsletter_form', now() from generate_series(1, ${NEWSLETTER_RECIPIENTS}) i`,
    );
  } finally {
    await close();
  }
  const env = { SMTP_URL: smtp.url, MAIL_FROM: "Campanya <campanya@example.cat>", NEWSLETTER_RATE: String(NEWSLETTER_RATE) };
  const ours = () => smtp.received.filter((m) => m.to[0]!.startsWith(tag));
  let server = await startServer(backend, env);
  const cookie = await signInCookie(server.base, ADMIN);
  const subject = `Crash ${backend.name} ${randomBytes(4).toString("hex")}`;
  const res = await fetch(`${server.base}/admin/butlleti`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "send", subject, body: "Hola! **Prova** de la newsletter." }),
  });
  const answer = await res.text();
  // Every confirmed subscriber of the data folder: ours, and any the load above confirmed (none).
  if (res.status !== 200 || !answer.includes("Newsletter en cua per a")) failures.push(`the send was refused (${res.status})`);
  const killAt = 50 + Math.floor(Math.random() * (NEWSLETTER_RECIPIENTS - 150));
  await waitFor(() => ours().length >= killAt, `${killAt} newsletter messages`, 60_000).catch((err: Error) => {
    throw new Error(`${err.message} (${ours().length} arrived; the server said: ${server.stderr.slice(-5).join(" | ")})`);
  });
  server.child.kill("SIGKILL");
  await server.exited;
  const atKill = ours().length;
  console.log(`  ${backend.name}: killed after ${atKill} newsletter messages had arrived`);
  server = await startServer(backend, env);
  await waitFor(() => new Set(ours().map((m) => m.to[0])).size >= NEWSLETTER_RECIPIENTS, "every newsletter message", 90_000).catch(
    (err: Error) => failures.push(err.message),
  );
  // Whatever would still come (nothing should).
  await sleep(1500);
  await stopServer(server);

  const byRecipient = new Map<string, { copies: number; ids: Set<string> }>();
  for (const m of ours()) {
    if (m.parsed.subject !== subject) failures.push(`unexpected subject: ${m.parsed.subject}`);
    const entry = byRecipient.get(m.to[0]!) ?? { copies: 0, ids: new Set<string>() };
    entry.copies++;
    entry.ids.add(m.parsed.messageId ?? "");
    byRecipient.set(m.to[0]!, entry);
  }
  const stats = {
    recipients: NEWSLETTER_RECIPIENTS,
    atKill,
    received: byRecipient.size,
    exactlyOnce: [...byRecipient.values()].filter((e) => e.copies === 1).length,
    resentSameId: [...byRecipient.values()].filter((e) => e.copies > 1 && e.ids.size === 1).length,
    distinctTwice: [...byRecipient.values()].filter((e) => e.ids.size > 1).length,
    missing: NEWSLETTER_RECIPIENTS - byRecipient.size,
    issueSent: "",
  };
  if (stats.missing) failures.push(`${stats.missing} subscribers never got the newsletter`);
  if (stats.distinctTwice) failures.push(`${stats.distinctTwice} subscribers got two different messages`);
  if (stats.resentSameId > 2) failures.push(`${stats.resentSameId} messages resent after the crash: more than were in flight (2)`);
  if ([...byRecipient.values()].some((e) => e.copies > 2)) failures.push("a subscriber got the newsletter three times or more");

  const db = await openQuery(backend);
  try {
    const [issue] = await db.query(
      `select status, sent_count, failed_count, recipients from newsletter_issues where subject = '${subject}'`,
    );
    const left = await db.query(`select status, count(*)::int as n from newsletter_deliveries group by status`);
    stats.issueSent = `${issue?.sent_count}/${issue?.recipients}`;
    if (issue?.status !== "sent" || issue.sent_count !== NEWSLETTER_RECIPIENTS || issue.failed_count !== 0)
      failures.push(`the issue was not recorded as sent to all: ${JSON.stringify(issue)}`);
    if (left.some((r) => r.status !== "sent")) failures.push(`deliveries not sent: ${JSON.stringify(left)}`);
  } finally {
    await db.close();
  }
  return { stats, failures };
}

// --- Main ----------------------------------------------------------------------------------

async function main() {
  const tmpRoots: string[] = [];
  const backends: Backend[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-crash-"));
    tmpRoots.push(dir);
    return dir;
  };
  backends.push({ name: "pglite", dataDir: newDataDir() });
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase("pb_crash") : null;
  if (postgres) backends.push({ name: "postgres", dataDir: newDataDir(), url: postgres.url });

  const results: Awaited<ReturnType<typeof runBackend>>[] = [];
  const newsletters: Awaited<ReturnType<typeof runNewsletterCrash>>[] = [];
  const smtp = await startSmtpServer();
  try {
    for (const backend of backends) {
      console.log(`Crash test on ${backend.name}: ${ROUNDS} rounds`);
      results.push(await runBackend(backend));
      console.log(`  ${backend.name}: a newsletter to ${NEWSLETTER_RECIPIENTS} subscribers, killed while sending`);
      newsletters.push(await runNewsletterCrash(backend, smtp));
    }
  } finally {
    stopAll();
    await smtp.close();
    for (const dir of tmpRoots) fs.rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  }

  // One row per count, one column per backend.
  type Stats = (typeof results)[number]["stats"];
  const rows: [string, (s: Stats) => number | string][] = [
    ["rounds (SIGKILL under load, restart)", (s) => s.rounds],
    ["writes sent", (s) => s.sent],
    ["acknowledged (success answer)", (s) => s.acknowledged],
    ["in flight at the kill (no answer)", (s) => s.unanswered],
    ["found after restart", (s) => s.found],
    ["duplicates (must be 0)", (s) => s.duplicates],
    ["lost acknowledged (must be 0)", (s) => s.lostAcknowledged],
    ["unacknowledged but stored", (s) => s.unansweredStored],
    ["uploads cut by SIGKILL", (s) => s.rounds * 2],
    ["temporary files swept at restart", (s) => s.sweptTemporary],
    ["orphan files swept at restart", (s) => s.sweptOrphans],
    ["uploads aborted by the client, clean", (s) => `${s.abortedClean}/2`],
    ["temporary files after restart (must be 0)", (s) => s.tempAfterRestart],
    ["files without a row (must be 0)", (s) => s.orphanFiles],
    ["rows without a file (must be 0)", (s) => s.rowsWithoutFile],
    ["rows of cut uploads (must be 0)", (s) => s.cutUploadRows],
  ];
  const width = Math.max(...rows.map(([label]) => label.length), 48);
  console.log(`\n${"".padEnd(width)}${results.map(({ stats }) => stats.backend.padStart(10)).join("")}`);
  for (const [label, value] of rows) {
    console.log(`${label.padEnd(width)}${results.map(({ stats }) => String(value(stats)).padStart(10)).join("")}`);
  }
  type NewsletterStats = (typeof newsletters)[number]["stats"];
  const newsletterRows: [string, (s: NewsletterStats) => number | string][] = [
    ["newsletter: confirmed subscribers", (s) => s.recipients],
    ["newsletter: received when killed", (s) => s.atKill],
    ["newsletter: subscribers who got it", (s) => s.received],
    ["newsletter: got it exactly once", (s) => s.exactlyOnce],
    ["newsletter: resent, same Message-ID (<= 2)", (s) => s.resentSameId],
    ["newsletter: two different messages (must be 0)", (s) => s.distinctTwice],
    ["newsletter: never got it (must be 0)", (s) => s.missing],
    ["newsletter: recorded sent", (s) => s.issueSent],
  ];
  for (const [label, value] of newsletterRows) {
    console.log(`${label.padEnd(width)}${newsletters.map(({ stats }) => String(value(stats)).padStart(10)).join("")}`);
  }
  const failures = [
    ...results.flatMap(({ stats, failures }) => failures.map((f) => `${stats.backend}: ${f}`)),
    ...newsletters.flatMap(({ failures }, i) => failures.map((f) => `${backends[i]!.name} newsletter: ${f}`)),
  ];
  if (!postgres) console.log("PostgreSQL skipped: set TEST_DATABASE_URL to run it too.");
  if (failures.length) {
    console.error(`\nCRASH TEST FAILED:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else console.log("\nCrash test passed.");
}

const deadline = setTimeout(() => {
  console.error(`Crash test took longer than ${DEADLINE_MS / 1000} s: stopping.`);
  stopAll();
  process.exit(1);
}, DEADLINE_MS);
try {
  await main();
} catch (err) {
  stopAll();
  console.error(err);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
}
