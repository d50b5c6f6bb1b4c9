import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import * as moderation from "~/routes/admin/moderation.server";
import { adminTestBed } from "~/test/admin";
import { testBackends } from "~/test/db";
import { inspectAudio } from "~/infra/audio-check.server";
import { LIMITS, MESSAGES } from "./participation";
import { createReflection, createTestimonial, PENDING_QUOTA_DEFAULTS, pendingQuota } from "~/models/participation.server";
import { TESTIMONIAL_RATE_LIMIT } from "~/infra/rate-limit.server";
import { AUDIO_FIXTURES, readAudioFixture, wav } from "~/test/audio";
import { sayIn } from "~/test/i18n";

// Issue 19, defect 4: only the first 4,100 bytes of a testimonial were checked, so a WebM header
// followed by 5 MB of random bytes was stored, 30 times per address every 15 minutes, with no
// overall bound. Now the whole file is walked, a client sends fewer testimonials, and the pending
// ones (not yet moderated) are bounded by count and bytes.

const read = (file: string) => fs.readFileSync(path.resolve(file));

/** The real recordings, with their type and their length in seconds. */
const RECORDINGS: [string, Buffer, string, number][] = [
  ["WebM (Opus)", read("scripts/seed-assets/testimoni-1.webm"), "audio/webm", 8.4],
  ["MP3", read("tests/fixtures/veu.mp3"), "audio/mpeg", 1.1],
  ["M4A (AAC)", read("tests/fixtures/veu.m4a"), "audio/mp4", 1],
  ["Ogg (Opus)", read("tests/fixtures/veu.ogg"), "audio/ogg", 1],
  ["WAV", wav(2), "audio/wav", 2],
];

describe("inspectAudio: the whole file, not its first bytes", () => {
  it("reads the length of real recordings in every accepted format from their sound", () => {
    for (const [name, bytes, type, seconds] of RECORDINGS) expect(inspectAudio(bytes, type)?.seconds, name).toBeCloseTo(seconds, 0);
  });

  it("refuses a valid beginning followed by random bytes, a file with bytes after its end, and one cut short", () => {
    for (const [name, bytes, type] of RECORDINGS) {
      const head = bytes.subarray(0, Math.min(4100, bytes.length >> 1));
      expect(inspectAudio(Buffer.concat([head, randomBytes(200_000)]), type), `${name}: head + random`).toBeNull();
      expect(inspectAudio(Buffer.concat([bytes, randomBytes(50_000)]), type), `${name}: + random`).toBeNull();
      expect(inspectAudio(randomBytes(100_000), type), `${name}: random`).toBeNull();
      // (An MP3 may end mid-frame, as a recorder stopped short writes it; the others may not.)
      if (type !== "audio/mpeg") expect(inspectAudio(bytes.subarray(0, bytes.length - 100), type), `${name}: cut`).toBeNull();
    }
  });
});

describe.each(testBackends())("testimonial uploads on %s", (backend) => {
  const bed = adminTestBed(backend);
  const valid = { title: "La bici a l'escola", category: "infants", terms: "on" };
  const request = (bytes: Uint8Array, title = valid.title) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...valid, title })) fd.append(k, v);
    fd.append("audio", new Blob([new Uint8Array(bytes)], { type: "audio/webm" }), "gravacio.webm");
    return new Request("http://127.0.0.1:3000/testimonis/enviar", { method: "POST", body: fd });
  };
  type Env = (typeof bed.ctx)["env"];
  const send = (bytes: Uint8Array, options: { client?: string; env?: Partial<Env>; title?: string } = {}) =>
    createTestimonial(request(bytes, options.title), {
      ...bed.ctx,
      env: { ...bed.ctx.env, ...options.env },
      clientKey: options.client ?? randomUUID(),
    });
  const rows = async () => (await bed.ctx.db.select({ n: count() }).from(t.testimonials))[0]!.n;
  const audioFiles = () => {
    const dir = path.join(bed.ctx.env.DATA_DIR, "audio");
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const pendingIds = async () =>
    (await bed.ctx.db.select({ id: t.testimonials.id }).from(t.testimonials).where(eq(t.testimonials.status, "pending"))).map((r) => r.id);
  // (Their files stay: the tests count files by difference.)
  const clearAll = () => bed.ctx.db.delete(t.testimonials);

  it("a WebM header followed by random bytes, or any recording with junk after it, is refused clearly: no row, no file", async () => {
    const [rowsBefore, filesBefore] = [await rows(), audioFiles()];
    const webm = RECORDINGS[0]![1];
    const forged = [Buffer.concat([webm.subarray(0, 4100), randomBytes(LIMITS.audioBytes - 5000)])];
    for (const [, bytes] of RECORDINGS) forged.push(Buffer.concat([bytes, randomBytes(300_000)]));
    for (const bytes of forged) {
      const res = await send(bytes);
      expect(res.status).toBe(422);
      expect(res.result).toEqual({ ok: false, errors: { audio: MESSAGES.audioUnreadable }, message: { title: MESSAGES.audioUnreadable } });
    }
    // Longer than the recorder's minute: refused with its own message.
    const long = await send(wav(LIMITS.recording + 5));
    expect(long.status).toBe(422);
    expect(long.result.message?.title).toBe(MESSAGES.audioTooLong);
    expect(sayIn("ca", MESSAGES.audioTooLong)).toBe("L'àudio pot durar com a màxim 60 segons.");
    expect(await rows()).toBe(rowsBefore);
    expect(audioFiles()).toBe(filesBefore);
    // Real recordings of every format go through, with their size kept for the quota.
    for (const [name, bytes] of RECORDINGS) expect((await send(bytes, { title: name })).status, name).toBe(200);
    const stored = await bed.ctx.db.select().from(t.testimonials);
    expect(stored.map((r) => r.audioBytes).sort()).toEqual(RECORDINGS.map(([, b]) => b.length).sort());
    await clearAll();
  });

  it("real recordings (Chromium's WebM of 5 and 30 s, with and without a Duration, Safari's MP4, Ogg) are stored with the length of their sound", async () => {
    // Issue 27: every recording longer than a second was refused with 'No hem pogut llegir l'àudio'.
    for (const { file, seconds } of AUDIO_FIXTURES) {
      // The browser's figure is ignored when the sound's own is known.
      const res = await send(readAudioFixture(file), { title: file, client: file });
      expect(res.status, file).toBe(200);
      const [row] = await bed.ctx.db.select().from(t.testimonials).where(eq(t.testimonials.title, file));
      expect(row?.duration, file).toBe(Math.round(seconds));
      expect(row?.audioBytes, file).toBe(readAudioFixture(file).length);
    }
    await clearAll();
  });

  it("a client may send fewer testimonials than other writes: the next is a 429 in Catalan", async () => {
    const webm = RECORDINGS[0]![1];
    for (let i = 0; i < TESTIMONIAL_RATE_LIMIT.points; i++) expect((await send(webm, { client: "escola" })).status).toBe(200);
    const refused = await send(webm, { client: "escola" });
    expect(refused.status).toBe(429);
    expect(refused.result.message?.title).toBe(MESSAGES.tooMany);
    expect((await send(webm, { client: "una-altra-escola" })).status).toBe(200);
    await clearAll();
  });

  it("the quota of pending testimonials (count) refuses cleanly, keeps the rest working, and frees when staff moderate or delete", async () => {
    const env = { PENDING_TESTIMONIALS_MAX: 3 };
    const webm = RECORDINGS[0]![1];
    const filesBefore = audioFiles();
    // Concurrent uploads cannot overshoot it: counted and stored under one lock.
    const burst = await Promise.all(Array.from({ length: 8 }, () => send(webm, { env })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of burst.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(429);
      expect(r.result.message?.title).toBe(MESSAGES.testimonialsFull);
    }
    expect(await rows()).toBe(3);
    expect(audioFiles()).toBe(filesBefore + 3);
    // Everything else keeps working.
    const other = await createReflection(
      new Request("http://127.0.0.1:3000/participa/reflexio", { method: "POST", body: new URLSearchParams({ reflection: "Més carrils" }) }),
      { ...bed.ctx, env: { ...bed.ctx.env, ...env }, clientKey: randomUUID() },
    );
    expect(other.status).toBe(200);

    const [first, second, third] = await pendingIds();
    // A testimonial is published with its transcript (issue 33: approving one without is refused).
    await bed.ctx.db.update(t.testimonials).set({ transcript: "El que diu l'àudio." }).where(eq(t.testimonials.id, first!));
    expect((await bed.post(moderation.action, { intent: "approve", items: `testimonial:${first!}` })).ok).toBe(true);
    expect((await send(webm, { env })).status).toBe(200);
    expect((await send(webm, { env })).status).toBe(429);
    expect((await bed.post(moderation.action, { intent: "hide", items: `testimonial:${second!}`, reason: "Fora de lloc" })).ok).toBe(true);
    expect((await send(webm, { env })).status).toBe(200);
    await bed.ctx.db.delete(t.testimonials).where(eq(t.testimonials.id, third!));
    expect((await send(webm, { env })).status).toBe(200);
    expect((await send(webm, { env })).status).toBe(429);
    await clearAll();
  });

  it("the quota of pending bytes counts the audio's size", async () => {
    const env = { PENDING_TESTIMONIALS_MAX_MB: 1 };
    const clip = wav(25); // 400 KB
    expect((await send(clip, { env })).status).toBe(200);
    expect((await send(clip, { env })).status).toBe(200);
    const files = audioFiles();
    const third = await send(clip, { env });
    expect(third.status).toBe(429);
    expect(third.result.message?.title).toBe(MESSAGES.testimonialsFull);
    expect(audioFiles()).toBe(files);
    // A smaller one still fits.
    expect((await send(RECORDINGS[0]![1], { env })).status).toBe(200);
    await clearAll();
  });

  it("the defaults, and PENDING_TESTIMONIALS_MAX(_MB) from the environment", () => {
    expect(pendingQuota(bed.ctx.env)).toEqual({
      count: PENDING_QUOTA_DEFAULTS.count,
      bytes: PENDING_QUOTA_DEFAULTS.megabytes * 1024 * 1024,
    });
    expect(pendingQuota({ ...bed.ctx.env, PENDING_TESTIMONIALS_MAX: 7, PENDING_TESTIMONIALS_MAX_MB: 2 })).toEqual({
      count: 7,
      bytes: 2 * 1024 * 1024,
    });
  });
});
