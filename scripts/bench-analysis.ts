// The analysis of the coding at scale (issue 32, decision 077): 20,000 contributions (8,000
// reflections, 7,000 map comments, 5,000 testimonials, over six months, in the 27 municipalities and
// the four themes, every status) and 60,000 code assignments (each contribution three of the nine
// codes). Then
//  - the cross-tab (crossTab, what /admin/analisi renders, uncached), for each dimension, 30 runs:
//    median and 95th percentile (budget: median under 200 ms);
//  - a bulk code on 5,000 rows (every testimonial: the coding screen's "add the code to all the
//    filtered ones", one transaction; budget 5 s), and its removal;
//  - the coding screen's loader on one contribution (what "next" opens: ?aportacio=type:id), the real
//    loader with a moderator's session, 30 runs over consecutive contributions (budget: under 100 ms);
//  - "next uncoded" (decision 080): with every contribution coded, and with only the oldest uncoded.
//
// Usage: npx tsx scripts/bench-analysis.ts                (PGlite in a temp folder)
//        DATABASE_URL=postgres://… npx tsx scripts/bench-analysis.ts   (PostgreSQL: a fresh database on
//        that server, dropped after; BENCH_DATABASE_URL works too)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/db/client.server";
import { adminUsers, codes } from "../app/db/schema";
import { MUNICIPALITY_NAMES } from "../app/domain/map";
import type { AppContext } from "../app/infra/app-context.server";
import { parseEnv } from "../app/infra/env.server";
import { createMailer } from "../app/infra/mail.server";
import { createSession } from "../app/infra/session.server";
import { createLocalStorage } from "../app/infra/storage-disk.server";
import { crossTab } from "../app/models/analysis.server";
import { bulkCode, codingItem, codingList, firstKey, uncodedCount, type CodingFilters } from "../app/models/coding.server";
import { loader as codingLoader } from "../app/routes/admin/coding.server";
import { createPostgresDatabase } from "../tests/support";

process.env.LOG_SILENT = "1";
const [REFLECTIONS, COMMENTS, TESTIMONIALS] = [8_000, 7_000, 5_000];
const RUNS = 30;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function bench(name: string, database: Database, root: string) {
  const db = database.db;
  const env = parseEnv({ DATA_DIR: root });
  const context: AppContext = {
    db,
    storage: createLocalStorage(root),
    env,
    mailer: createMailer(env),
    cspNonce: "bench",
    sessionSecret: "bench-secret-".padEnd(40, "x"),
    clientKey: "bench",
  };
  const t0 = performance.now();
  // Six months back from 1 November 2026, one contribution every ~13 minutes of each kind.
  const spread = (n: number) => sql`timestamptz '2026-11-01 00:00:00+01' - (g * interval '1 minute' * ${Math.floor(262_800 / n)})`;
  const status = sql`(array['published','pending','hidden'])[1 + (g % 10) / 4]::moderation_status`;
  await db.execute(sql`insert into reflections (reflection, municipality, status, created_at)
    select 'Reflexió ' || g || ': cal un carril segur fins a l''escola', (select name from (values ${sql.raw(MUNICIPALITY_VALUES)}) m(i, name) where i = g % 28),
      ${status}, ${spread(REFLECTIONS)} from generate_series(1, ${REFLECTIONS}) g`);
  await db.execute(sql`insert into map_comments (comment, municipality, lat, lng, status, created_at)
    select 'Comentari ' || g || ': cruïlla perillosa', (select name from (values ${sql.raw(MUNICIPALITY_VALUES)}) m(i, name) where i = g % 28),
      41.3 + (g % 200) / 1000.0, 1.6 + (g % 300) / 1000.0, ${status}, ${spread(COMMENTS)} from generate_series(1, ${COMMENTS}) g`);
  await db.execute(sql`insert into testimonials (title, category, municipality, audio_key, status, submitted_at)
    select 'Testimoni ' || g, (array['ciutadania','infants','laboral','turistic'])[1 + g % 4]::category,
      (select name from (values ${sql.raw(MUNICIPALITY_VALUES)}) m(i, name) where i = g % 28), 'testimonials/bench-' || g || '.webm',
      ${status}, ${spread(TESTIMONIALS)} from generate_series(1, ${TESTIMONIALS}) g`);
  // Three codes each: code k (0-8 in the codebook's order) on contribution n when (n + k) % 3 = 0.
  await db.execute(sql`insert into contribution_codes (contribution_type, contribution_id, code_id)
    select c.type::contribution_type, c.id, k.id
    from (select type, id, row_number() over (order by type, id) as n from (
      select 'reflection' as type, id from reflections union all select 'map_comment', id from map_comments
      union all select 'testimonial', id from testimonials) u) c
    join (select id, row_number() over (order by position, name) - 1 as k from codes) k on (c.n + k.k) % 3 = 0`);
  await db.execute(sql`analyze`);
  const assignments = Number(
    ((await db.execute(sql`select count(*)::int as n from contribution_codes`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );
  const seeded = performance.now() - t0;

  const tab: Record<string, number[]> = {};
  for (const per of ["tema", "municipi", "tipus"] as const) {
    tab[per] = [];
    for (let i = 0; i < RUNS; i++) {
      const t1 = performance.now();
      const table = await crossTab(db, per);
      tab[per].push(performance.now() - t1);
      if (i === 0 && table.contributions !== REFLECTIONS + COMMENTS + TESTIMONIALS) throw new Error(`counted ${table.contributions}`);
    }
  }

  // A new code, put on all 5,000 testimonials at once (the filtered list), then taken off.
  const group = ((await db.execute(sql`select id from code_groups order by position limit 1`)) as unknown as { rows: { id: string }[] })
    .rows[0]!.id;
  const [code] = await db.insert(codes).values({ groupId: group, name: "Banc de proves", colour: "#37474f" }).returning();
  const filters: CodingFilters = { type: "testimonial", theme: null, codeId: null, uncoded: false, q: "", from: null, to: null };
  const staff = { email: "bench@penedes.cat" };
  let t2 = performance.now();
  const added = await db.transaction((tx) => bulkCode(tx as unknown as typeof db, "add", code!.id, { filters }, staff));
  const addMs = performance.now() - t2;
  t2 = performance.now();
  const removed = await db.transaction((tx) => bulkCode(tx as unknown as typeof db, "remove", code!.id, { filters }, staff));
  const removeMs = performance.now() - t2;
  if (added.count !== TESTIMONIALS || removed.count !== TESTIMONIALS) throw new Error(`bulk: ${added.count}, ${removed.count}`);

  // The coding screen on one contribution after another ("next"), with a moderator's session.
  const [user] = await db.insert(adminUsers).values({ email: "moderadora@penedes.cat", role: "moderator", passwordHash: "x" }).returning();
  const cookie = (await createSession(context, user!.id)).split(";")[0]!;
  const open = async (key: string) =>
    codingLoader({
      request: new Request(`http://127.0.0.1/admin/codificacio?aportacio=${key}`, { headers: { Cookie: cookie } }),
      context,
      params: {},
    } as never);
  let current = (await open("reflection:00000000-0000-0000-0000-000000000000")).firstUncoded;
  // Every contribution is coded: start from the newest.
  const first = (
    (await db.execute(sql`select id from reflections order by created_at desc, id desc limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  current ??= `reflection:${first}`;
  const next: number[] = [];
  for (let i = 0; i < RUNS && current; i++) {
    const t3 = performance.now();
    const data = await open(current);
    next.push(performance.now() - t3);
    current = data.current?.next ?? null;
  }
  // Where the loader's time goes: each of its reads alone, 10 runs each (medians).
  const none: CodingFilters = { ...filters, type: null };
  const parts: [string, () => Promise<unknown>][] = [
    ["the list's page", () => codingList(db, none, 1)],
    ["uncoded count", () => uncodedCount(db)],
    ["first uncoded (none left)", () => firstKey(db, { ...none, uncoded: true })],
    ["the contribution and its neighbours", () => codingItem(db, { type: "reflection", id: first }, none)],
  ];
  const split: string[] = [];
  for (const [label, run] of parts) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t4 = performance.now();
      await run();
      times.push(performance.now() - t4);
    }
    split.push(`${label} ${ms(median(times))}`);
  }
  // "Next uncoded" (decision 080) when the only uncoded one is the oldest of all (its codes taken
  // off): from the newest, the loader (next uncoded and the first uncoded) and the read alone.
  const oldest = (
    (await db.execute(sql`select id from testimonials order by submitted_at asc, id asc limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  await db.execute(sql`delete from contribution_codes where contribution_id = ${oldest}`);
  const uncoded: number[] = [];
  const uncodedRead: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t5 = performance.now();
    const data = await open(`reflection:${first}`);
    uncoded.push(performance.now() - t5);
    if (data.current?.nextUncoded !== `testimonial:${oldest}`) throw new Error(`next uncoded: ${data.current?.nextUncoded}`);
    t5 = performance.now();
    await firstKey(db, { ...none, uncoded: true });
    uncodedRead.push(performance.now() - t5);
  }
  await db.delete(codes).where(eq(codes.id, code!.id));

  const line = (per: string) => `${per} median ${ms(median(tab[per]!))} (p95 ${ms(p95(tab[per]!))})`;
  console.log(
    `${name}: ${REFLECTIONS + COMMENTS + TESTIMONIALS} contributions, ${assignments} code assignments (seeded in ${ms(seeded)})\n` +
      `  cross-tab, uncached, ${RUNS} runs: ${["tema", "municipi", "tipus"].map(line).join("; ")}\n` +
      `  bulk code on ${TESTIMONIALS} rows: add ${ms(addMs)}, remove ${ms(removeMs)}\n` +
      `  coding screen, next contribution (loader, ${next.length} runs): median ${ms(median(next))} (p95 ${ms(p95(next))})\n` +
      `    its reads alone: ${split.join("; ")}\n` +
      `  next uncoded, the only uncoded one the oldest (${RUNS} runs): the loader from the newest median ${ms(median(uncoded))} (p95 ${ms(p95(uncoded))}); the read alone median ${ms(median(uncodedRead))}`,
  );
}

/** (i, name) for the 27 municipalities and a row without (i = 0: none). */
const MUNICIPALITY_VALUES = [`(0, null::text)`, ...MUNICIPALITY_NAMES.map((m, i) => `(${i + 1}, '${m.replace(/'/g, "''")}')`)].join(", ");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pb-bench-analysis-"));
try {
  const url = process.env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    const pglite = await openDatabase({ kind: "pglite", dataDir: path.join(root, "pglite") });
    try {
      await bench("PGlite", pglite, root);
    } finally {
      await pglite.close();
    }
  } else {
    process.env.TEST_DATABASE_URL ??= url;
    const { url: fresh, drop } = await createPostgresDatabase("pb_bench_analysis");
    const postgres = await openDatabase({ kind: "postgres", url: fresh });
    try {
      await bench("PostgreSQL", postgres, root);
    } finally {
      await postgres.close();
      await drop();
    }
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
