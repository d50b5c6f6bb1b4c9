// The council's answers at scale (issue 31): 20,000 public contributions (reflections, map comments
// in 10 municipalities, testimonials in the four themes), 15,000 of them with a draft answer. Then
//  - "publish all" of the 15,000 drafts, timed, while another connection keeps reading the report's
//    figures (the site keeps serving pages: each read's time during the publication is printed);
//  - the report's figures (answersReport, what "Què hem escoltat" renders, uncached), 30 runs,
//    median and 95th percentile.
//
// Usage: npx tsx scripts/bench-answers.ts               (PGlite in a temp folder)
//        BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench-answers.ts   (also PostgreSQL: a fresh database, dropped after)
//        BENCH_CONTRIBUTIONS (default 20000), BENCH_ANSWERED (default 15000)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/db/client.server";
import { answersReport, publishAll } from "../app/models/answers.server";
import { createPostgresDatabase } from "../tests/support";

process.env.LOG_SILENT = "1";
const TOTAL = Number(process.env.BENCH_CONTRIBUTIONS ?? 20_000);
const ANSWERED = Number(process.env.BENCH_ANSWERED ?? 15_000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function bench(name: string, database: Database) {
  const db = database.db;
  const third = Math.floor(TOTAL / 3);
  await db.execute(
    sql`insert into reflections (reflection, status) select 'Reflexió ' || g, 'published' from generate_series(1, ${third}) g`,
  );
  await db.execute(sql`insert into map_comments (comment, municipality, status)
    select 'Comentari ' || g, 'Municipi ' || (g % 10), 'published' from generate_series(1, ${third}) g`);
  await db.execute(sql`insert into testimonials (title, category, audio_key, status)
    select 'Testimoni ' || g, (array['ciutadania','infants','laboral','turistic'])[1 + g % 4]::category, 'testimonials/bench-' || g || '.webm', 'published'
    from generate_series(1, ${TOTAL - 2 * third}) g`);
  // 15,000 drafts spread over the kinds and the five default states.
  await db.execute(sql`insert into contribution_answers (contribution_type, contribution_id, state_id, text)
    select c.type::contribution_type, c.id, s.id, 'Resposta a ' || c.id
    from (select type, id, row_number() over (order by id) as n from (
      select 'reflection' as type, id from reflections union all select 'map_comment', id from map_comments
      union all select 'testimonial', id from testimonials) u) c
    join (select id, row_number() over (order by position) - 1 as k from answer_states) s on s.k = c.n % 5
    where c.n <= ${ANSWERED}`);

  // Publish all, while the report keeps being read on the side.
  const during: number[] = [];
  let publishing = true;
  const reader = (async () => {
    while (publishing) {
      const t0 = performance.now();
      await answersReport(db, "ca");
      during.push(performance.now() - t0);
    }
  })();
  const t0 = performance.now();
  const published = await db.transaction((tx) => publishAll(tx as unknown as typeof db));
  const publishMs = performance.now() - t0;
  publishing = false;
  await reader;

  const runs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t1 = performance.now();
    const report = await answersReport(db, "ca");
    runs.push(performance.now() - t1);
    if (i === 0 && report.answered !== ANSWERED) throw new Error(`expected ${ANSWERED} answered, got ${report.answered}`);
  }
  console.log(
    `${name}: ${TOTAL} contributions, ${ANSWERED} answered | publish all: ${published.length} in ${ms(publishMs)}; ` +
      `${during.length} report reads meanwhile (slowest ${ms(Math.max(0, ...during))}) | ` +
      `report figures: median ${ms(median(runs))}, p95 ${ms(p95(runs))}`,
  );
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-bench-answers-"));
try {
  const pglite = await openDatabase({ kind: "pglite", dataDir: path.join(root, "pglite") });
  try {
    await bench("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
    const { url, drop } = await createPostgresDatabase("pb_bench_answers");
    const postgres = await openDatabase({ kind: "postgres", url });
    try {
      await bench("PostgreSQL", postgres);
    } finally {
      await postgres.close();
      await drop();
    }
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
