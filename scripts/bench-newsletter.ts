// Sends one newsletter to 5,000 confirmed subscribers through the real queue and worker
// (app/models/newsletter-send.server.ts) and nodemailer's SMTP pool, to the SMTP server of the tests
// (app/test/smtp.ts, in this process, parsing every message), and reports the time, the peak
// memory of this process and whether each message arrived exactly once.
//
// Usage: npx tsx scripts/bench-newsletter.ts            (PGlite in a temp folder)
//        BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench-newsletter.ts   (also PostgreSQL: a fresh database, dropped after)
//        BENCH_RECIPIENTS (default 5000), BENCH_RATE (messages a second, default 1000: the most NEWSLETTER_RATE allows)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../app/db/client.server";
import { newsletterSubscriptions } from "../app/db/schema";
import { parseEnv } from "../app/infra/env.server";
import { createMailer } from "../app/infra/mail.server";
import { newsletterHistory, queueNewsletter, startNewsletterWorker } from "../app/models/newsletter-send.server";
import { startSmtpServer } from "../app/test/smtp";
import { createPostgresDatabase } from "../tests/support";

process.env.LOG_SILENT = "1";
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function bench(name: string, database: Database, dataDir: string) {
  const smtp = await startSmtpServer();
  const env = parseEnv({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: "Campanya <campanya@example.cat>" });
  const mailer = createMailer(env);
  const ctx = { db: database.db, env, mailer, sessionSecret: "bench-secret-".padEnd(40, "x") };
  for (let i = 0; i < RECIPIENTS; i += 1000) {
    await database.db.insert(newsletterSubscriptions).values(
      Array.from({ length: Math.min(1000, RECIPIENTS - i) }, (_, j) => ({
        email: `persona${i + j}@example.cat`,
        privacyAccepted: true,
        status: "confirmed" as const,
      })),
    );
  }
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const queued = await queueNewsletter(database.db, {
    subject: "Novetats del pla de la bici",
    body: "# Hola!\n\nJa tenim **traçat** del carril bici. Mira [el mapa](/participa).\n\n- Vilafranca\n- Sant Sadurní\n",
  });
  const queuedMs = performance.now() - started;
  if (!queued.ok) throw new Error(`not queued: ${queued.reason}`);
  const worker = startNewsletterWorker(ctx, { rate: RATE, pollMs: 50 });
  while ((await newsletterHistory(database.db, 1))[0]!.status !== "sent") await new Promise((r) => setTimeout(r, 100));
  const ms = performance.now() - started;
  clearInterval(sampler);
  await worker.stop();
  mailer.close();
  await smtp.close();

  const counts = new Map<string, number>();
  for (const m of smtp.received) counts.set(m.to[0]!, (counts.get(m.to[0]!) ?? 0) + 1);
  const once = [...counts.values()].filter((n) => n === 1).length;
  const [issue] = await newsletterHistory(database.db, 1);
  console.log(
    `${name}: ${RECIPIENTS} messages in ${(ms / 1000).toFixed(1)} s (${Math.round(RECIPIENTS / (ms / 1000))}/s; queued in ${Math.round(queuedMs)} ms); ` +
      `RSS ${mb(rssBefore)} before, peak ${mb(peak)} (+${mb(peak - rssBefore)}); ` +
      `received ${smtp.received.length}, distinct recipients ${counts.size}, exactly once ${once}; recorded sent ${issue!.sent}, failed ${issue!.failed}`,
  );
  return smtp.received.length === RECIPIENTS && once === RECIPIENTS && issue!.sent === RECIPIENTS;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-bench-newsletter-"));
let ok = true;
try {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; rate cap ${RATE}/s`);
  fs.mkdirSync(path.join(root, "pglite"));
  const pglite = await openDatabase({ kind: "pglite", dataDir: path.join(root, "pglite") });
  try {
    ok = (await bench("PGlite", pglite, root)) && ok;
  } finally {
    await pglite.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const { url, drop } = await createPostgresDatabase("pb_bench_nl");
    const postgres = await openDatabase({ kind: "postgres", url });
    try {
      ok = (await bench("PostgreSQL", postgres, root)) && ok;
    } finally {
      await postgres.close();
      await drop();
    }
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
if (!ok) {
  console.error("Some message did not arrive exactly once.");
  process.exitCode = 1;
}
