// The fuzz's last phase (issue 19): concurrent bursts against the limits, on the built server.
// - 200 wrong passwords at once for the real admin account, from CLIENTS addresses: no 5xx, no
//   connection lost, every refusal a 429 with Retry-After and the Catalan 'Massa intents fallits…',
//   and at most PAIR_LIMIT guesses per address (a guess: the password was checked, 401), also
//   counted over a second round; then the right password works from a fresh address.
// - Testimonial uploads: a burst from one address past its limit (TESTIMONIAL_RATE_LIMIT), then a
//   burst from many addresses past the pending quota (PENDING_TESTIMONIALS_MAX, set for the
//   phase): every answer a 200 or the right Catalan 429, and exactly the acknowledged ones stored.
// - IPv6 clients through the trusted proxy (issue 29): wrong passwords and public writes, each
//   from a new address of one /64, are counted as one client's: at most PAIR_LIMIT guesses, and
//   the writes past RATE_LIMIT refused with the Catalan 429.
import { MESSAGES } from "../../app/lib/participation-texts";
import { PAIR_LIMIT } from "../../app/infra/login-throttle.server";
import { RATE_LIMIT, TESTIMONIAL_RATE_LIMIT } from "../../app/infra/rate-limit.server";
import { openQuery, sleep, startBuiltServer } from "../support";
import { ADMIN } from "./cases";

/** Addresses the sign-in burst comes from, and attempts from each (200 in all, at once). */
const CLIENTS = 25;
const ATTEMPTS_PER_CLIENT = 8;
/** Uploads from one address at once: past its hourly limit. */
const ONE_CLIENT_UPLOADS = TESTIMONIAL_RATE_LIMIT.points + 4;
/** Room left in the pending quota for this phase, and uploads from as many addresses at once. */
const QUOTA_ROOM = TESTIMONIAL_RATE_LIMIT.points + 5;
const MANY_CLIENT_UPLOADS = 20;
const THROTTLED = "Massa intents fallits";

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
  location: string | null;
}

async function post(url: string, client: string, body: URLSearchParams | FormData): Promise<Answer> {
  try {
    const res = await fetch(url, { method: "POST", body, headers: { "X-Forwarded-For": client }, redirect: "manual" });
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      body: await res.text(),
      location: res.headers.get("location"),
    };
  } catch (err) {
    // A connection lost without an answer.
    return { status: 0, retryAfter: null, body: String((err as Error).cause ?? err), location: null };
  }
}

const pendingTestimonials = async (where: { dataDir: string; url?: string }) => {
  const { query, close } = await openQuery(where);
  try {
    const [row] = await query("select count(*)::int as n from testimonials where status = 'pending'");
    return Number(row!.n);
  } finally {
    await close();
  }
};

export interface BurstReport {
  failures: string[];
  lines: string[];
}

/** The phase, on a server of its own over `where` (stopped: PGlite is read with no server on it). */
export async function bursts(port: number, where: { dataDir: string; url?: string }, audio: Buffer): Promise<BurstReport> {
  const failures: string[] = [];
  const lines: string[] = [];
  const pendingBefore = await pendingTestimonials(where);
  const quota = pendingBefore + QUOTA_ROOM;
  const server = await startBuiltServer({
    port,
    dataDir: where.dataDir,
    databaseUrl: where.url,
    admin: ADMIN,
    env: { PENDING_TESTIMONIALS_MAX: String(quota) },
  });
  const login = `${server.base}/admin/login`;
  let acknowledged = 0;
  try {
    // --- Sign-ins: two rounds of 200 wrong passwords at once. --------------------------------
    const guesses = new Map<string, number>();
    for (let round = 1; round <= 2; round++) {
      // The same addresses in both rounds: their guesses add up.
      const clientOf = (i: number) => `172.16.0.${(i % CLIENTS) + 1}`;
      const answers = await Promise.all(
        Array.from({ length: CLIENTS * ATTEMPTS_PER_CLIENT }, (_, i) =>
          post(login, clientOf(i), new URLSearchParams({ email: ADMIN.email, password: `no-${round}-${i}` })),
        ),
      );
      const by: Record<number, number> = {};
      answers.forEach((a, i) => {
        by[a.status] = (by[a.status] ?? 0) + 1;
        if (a.status === 401) guesses.set(clientOf(i), (guesses.get(clientOf(i)) ?? 0) + 1);
        else if (a.status === 429) {
          if (!a.retryAfter || !(Number(a.retryAfter) >= 1)) failures.push(`sign-in burst: a 429 without Retry-After (${a.retryAfter})`);
          if (!a.body.includes(THROTTLED)) failures.push(`sign-in burst: a 429 without '${THROTTLED}…': ${a.body.slice(0, 120)}`);
        } else failures.push(`sign-in burst, round ${round}: answered ${a.status || "nothing (connection lost)"} ${a.body.slice(0, 120)}`);
      });
      lines.push(
        `sign-in burst, round ${round}: ${CLIENTS * ATTEMPTS_PER_CLIENT} wrong passwords from ${CLIENTS} addresses at once: ${JSON.stringify(by)}`,
      );
      // The gate's window per address (10 s) is not what is tested: the database's count is.
      if (round === 1) await sleep(1000);
    }
    const total = [...guesses.values()].reduce((a, b) => a + b, 0);
    const most = Math.max(0, ...guesses.values());
    lines.push(`guesses (401): ${total} in all, at most ${most} from one address (limit ${PAIR_LIMIT.points} per address)`);
    if (total === 0) failures.push("sign-in burst: no password was checked at all (the burst did not reach the sign-in)");
    if (most > PAIR_LIMIT.points) failures.push(`sign-in burst: ${most} guesses from one address (limit ${PAIR_LIMIT.points})`);

    // The owner, from an address that has not failed: signed in, waiting as told while busy.
    let owner: Answer | undefined;
    for (let i = 0; i < 10; i++) {
      owner = await post(login, "192.0.2.10", new URLSearchParams(ADMIN));
      if (owner.status !== 429) break;
      await sleep(Number(owner.retryAfter ?? 1) * 1000);
    }
    lines.push(`the right password from a fresh address: ${owner!.status} ${owner!.location ?? ""}`);
    if (owner!.status !== 302 || !/\/admin\/dashboard$/.test(owner!.location ?? ""))
      failures.push(`the right password from a fresh address answered ${owner!.status} ${owner!.location ?? ""}`);

    // --- IPv6: one /64 is one client, whatever address of it each request comes from. -----------
    const inBlock = (block: number, i: number) =>
      `2001:db8:${block.toString(16)}:64:${((i * 2654435761) % 65536).toString(16)}:${i.toString(16)}::${(i % 7) + 1}`;
    const v6Guesses = [];
    for (let i = 0; i < PAIR_LIMIT.points + 7; i++)
      v6Guesses.push(await post(login, inBlock(1, i), new URLSearchParams({ email: ADMIN.email, password: `no-v6-${i}` })));
    const v6By: Record<number, number> = {};
    for (const a of v6Guesses) v6By[a.status] = (v6By[a.status] ?? 0) + 1;
    lines.push(`${v6Guesses.length} wrong passwords, each from a new address of one IPv6 /64: ${JSON.stringify(v6By)}`);
    if ((v6By[401] ?? 0) > PAIR_LIMIT.points)
      failures.push(`IPv6: ${v6By[401]} guesses from one /64 (limit ${PAIR_LIMIT.points}): its addresses counted as many clients`);
    if (Object.keys(v6By).some((k) => k !== "401" && k !== "429")) failures.push(`IPv6 sign-ins answered ${JSON.stringify(v6By)}`);
    // Public writes (an empty reflection: counted before it is read, refused for its content).
    const writes = [];
    for (let i = 0; i < RATE_LIMIT.points + 2; i++)
      writes.push(await post(`${server.base}/participa/reflexio`, inBlock(2, i), new URLSearchParams({ reflection: "" })));
    const writesBy: Record<number, number> = {};
    for (const a of writes) writesBy[a.status] = (writesBy[a.status] ?? 0) + 1;
    lines.push(
      `${writes.length} public writes, each from a new address of one IPv6 /64 (limit ${RATE_LIMIT.points}): ${JSON.stringify(writesBy)}`,
    );
    const tooMany = writes.filter((a) => a.status === 429 && a.body.includes(MESSAGES.tooMany)).length;
    if (tooMany < writes.length - RATE_LIMIT.points)
      failures.push(`IPv6: ${writes.length - tooMany} public writes from one /64 passed a limit of ${RATE_LIMIT.points}`);
    if (writes.some((a) => a.status >= 500 || a.status === 0)) failures.push(`IPv6 writes answered ${JSON.stringify(writesBy)}`);

    // --- Testimonials: one address past its limit, then many past the pending quota. -------------
    const upload = (client: string, i: number) => {
      const form = new FormData();
      form.set("title", `Testimoni de la ràfega ${i}`);
      form.set("category", "ciutadania");
      form.set("terms", "on");
      form.set("duration", "5");
      form.set("audio", new Blob([new Uint8Array(audio)], { type: "audio/webm" }), "veu.webm");
      return post(`${server.base}/testimonis/enviar`, client, form);
    };
    const judgeUploads = (what: string, answers: Answer[], refusal: string) => {
      const by: Record<number, number> = {};
      for (const a of answers) {
        by[a.status] = (by[a.status] ?? 0) + 1;
        if (a.status === 200 && a.body.includes(MESSAGES.testimonialSuccess.title)) acknowledged++;
        else if (a.status !== 429 || !a.body.includes(refusal))
          failures.push(
            `${what}: answered ${a.status || "nothing (connection lost)"} without '${refusal.slice(0, 40)}…': ${a.body.slice(0, 120)}`,
          );
      }
      lines.push(`${what}: ${JSON.stringify(by)}`);
      return by[200] ?? 0;
    };
    const fromOne = judgeUploads(
      `${ONE_CLIENT_UPLOADS} testimonials at once from one address (limit ${TESTIMONIAL_RATE_LIMIT.points})`,
      await Promise.all(Array.from({ length: ONE_CLIENT_UPLOADS }, (_, i) => upload("172.17.0.1", i))),
      MESSAGES.tooMany,
    );
    if (fromOne > TESTIMONIAL_RATE_LIMIT.points)
      failures.push(`one address stored ${fromOne} testimonials (limit ${TESTIMONIAL_RATE_LIMIT.points})`);
    const fromMany = judgeUploads(
      `${MANY_CLIENT_UPLOADS} testimonials at once from as many addresses (room left in the pending quota: ${quota - pendingBefore - fromOne})`,
      await Promise.all(Array.from({ length: MANY_CLIENT_UPLOADS }, (_, i) => upload(`172.18.0.${i + 1}`, i))),
      MESSAGES.testimonialsFull,
    );
    if (fromMany === MANY_CLIENT_UPLOADS) failures.push("the pending quota refused none of the uploads past it");
    // Still healthy.
    const health = await fetch(`${server.base}/healthz`);
    if (health.status !== 200) failures.push(`after the bursts /healthz answered ${health.status}`);
  } finally {
    const code = await server.stop();
    if (code !== 0) failures.push(`the server stopped with ${code} after the bursts`);
  }
  const pendingAfter = await pendingTestimonials(where);
  lines.push(`pending testimonials: ${pendingBefore} before, ${pendingAfter} after (quota ${quota}); ${acknowledged} acknowledged`);
  if (pendingAfter > quota) failures.push(`${pendingAfter} pending testimonials, past the quota of ${quota}`);
  if (pendingAfter - pendingBefore !== acknowledged)
    failures.push(`${acknowledged} testimonials acknowledged but ${pendingAfter - pendingBefore} stored`);
  return { failures, lines };
}
