import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Each scrypt takes a libuv thread (there are 4, shared with file reads and compression), a CPU core
// and 32 MB for ~50-100 ms. Unbounded, a burst of sign-ins took every thread and a /media file waited
// 10 s. So at most HASHING.running run at once and HASHING.waiting wait; beyond that the work is
// refused at once. One at a time: on a 2-core server a second hash took the core the event loop
// needs, and every other request waited behind both (decision 024).
export const HASHING = { running: 1, waiting: 3 } as const;
/** Places of the queue (running or waiting) one client may hold at once: one client, however many
 * connections it opens, never fills the queue the staff's sign-ins need (issue 29). A person signs
 * in once at a time. Callers name the client by its key (`context.clientKey`: an address, or an
 * IPv6 /64); work without a client (the command line, start-up) is not counted per client. */
export const HASHING_PER_CLIENT = 1;

/** Thrown, before any work, when the hashing queue is full: the caller answers "try again". */
export class HashingBusyError extends Error {
  constructor() {
    super("password hashing is busy");
  }
}

let running = 0;
const queue: (() => void)[] = [];
/** Places held per client (running or waiting). */
const held = new Map<string, number>();

async function capped<T>(client: string | undefined, work: () => Promise<T>): Promise<T> {
  if (client !== undefined && (held.get(client) ?? 0) >= HASHING_PER_CLIENT) throw new HashingBusyError();
  let wait: Promise<void> | undefined;
  if (running < HASHING.running) running++;
  else if (queue.length < HASHING.waiting) wait = new Promise<void>((resolve) => queue.push(resolve));
  else throw new HashingBusyError();
  if (client !== undefined) held.set(client, (held.get(client) ?? 0) + 1);
  try {
    await wait;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is freed.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  } finally {
    if (client !== undefined) {
      const n = held.get(client)! - 1;
      if (n > 0) held.set(client, n);
      else held.delete(client);
    }
  }
}

const scrypt = (client: string | undefined, password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  capped(
    client,
    () =>
      new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))),
  );

const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEYLEN = 64;
const maxmem = (N: number, r: number) => 256 * N * r; // twice what scrypt needs

/** `scrypt$N$r$p$salt$hash`, base64: self-describing, so parameters can grow later. `client` is the
 * key of the client asking (HASHING_PER_CLIENT), when a request asks. */
export async function hashPassword(password: string, client?: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(client, password.normalize("NFKC"), salt, KEYLEN, { N, r, p, maxmem: maxmem(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string, client?: string): Promise<boolean> {
  const [algo, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algo !== "scrypt" || !saltB64 || !keyB64) return false;
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  const expected = Buffer.from(keyB64, "base64");
  const key = await scrypt(client, password.normalize("NFKC"), Buffer.from(saltB64, "base64"), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmem(N, R),
  });
  return timingSafeEqual(key, expected);
}
