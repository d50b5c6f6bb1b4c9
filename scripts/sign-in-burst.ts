// Measures a sign-in attack on the built site (issue 19): 200 wrong passwords at once from one
// client, then one guess each from 200 clients (fired from a process of their own), while /healthz
// and a /media file are timed one probe after another, and the owner signs in from a client that
// has not failed.
//
//   npm run build && npx tsx scripts/sign-in-burst.ts [--port 5100] [--rounds 3]
//   TEST_DATABASE_URL=postgres://… (a database of its own is made on that server) for PostgreSQL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase, probeWhile, ROOT, signInBurst, startBuiltServer } from "../tests/support";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PORT = arg("port", 5100);
const ROUNDS = arg("rounds", 3);
const ADMIN = { email: "gestor@penedes.cat", password: "contrasenya-de-prova" };

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-burst-"));
  const pg = process.env.TEST_DATABASE_URL ? await createPostgresDatabase("pb_burst") : null;
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? "" };
    const seeded = spawnSync("npm", ["run", "-s", "seed"], { cwd: ROOT, env, stdio: "ignore" });
    if (seeded.status !== 0) throw new Error("seed failed");
    const server = await startBuiltServer({ port: PORT, dataDir, databaseUrl: pg?.url, admin: ADMIN });
    try {
      const html = await (await fetch(`http://127.0.0.1:${PORT}/`)).text();
      const media = /\/media\/logos\/[0-9a-f-]{36}\.png/.exec(html)![0];
      console.log(`database: ${pg ? "postgres" : "pglite"}; cpus: ${os.cpus().length}; load: ${os.loadavg().map((l) => l.toFixed(1))}`);
      console.log("idle", JSON.stringify(await probeWhile([PORT], media, new Promise((r) => setTimeout(r, 1000)))));
      const count = (answers: { status: number }[]) => {
        const by: Record<number, number> = {};
        for (const { status } of answers) by[status] = (by[status] ?? 0) + 1;
        return by;
      };
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const burst = signInBurst(
          ADMIN.email,
          Array.from({ length: 200 }, (_, i) => ({ port: PORT, client: `203.0.113.${round + 1}`, password: `malament-${i}` })),
        );
        const owner = (async () => {
          for (;;) {
            const [r] = await signInBurst(ADMIN.email, [{ port: PORT, client: `198.51.100.${round + 1}`, password: ADMIN.password }]);
            if (r!.status !== 429) return { status: r!.status, ms: Math.round(performance.now() - started) };
            await new Promise((resolve) => setTimeout(resolve, Number(r!.retryAfter) * 1000));
          }
        })();
        const probes = await probeWhile([PORT], media, burst);
        const answers = count(await burst);
        const oneClient = {
          answers,
          guesses: answers[401] ?? 0,
          burstMs: Math.round(performance.now() - started),
          owner: await owner,
          ...probes,
        };
        console.log(`one client, round ${round + 1}:`, JSON.stringify(oneClient));
        const many = signInBurst(
          ADMIN.email,
          Array.from({ length: 200 }, (_, i) => ({ port: PORT, client: `10.${round}.${i >> 8}.${i & 255}`, password: `x-${i}` })),
        );
        const manyProbes = await probeWhile([PORT], media, many);
        console.log(`200 clients, round ${round + 1}:`, JSON.stringify({ answers: count(await many), ...manyProbes }));
      }
    } finally {
      await server.stop();
    }
  } finally {
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
