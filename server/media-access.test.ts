import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, getTableName } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { biciFucsiaPhotos, testimonials, videos } from "~/db/schema";
import { createImageVariants } from "~/infra/images.server";
import { concernsFiles, createMediaVisibility, isPublicKey } from "~/infra/media-access.server";
import { adminSessionFromCookie } from "~/infra/session.server";
import { signedInAdmin } from "~/test/admin";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";
import { mediaRoutes } from "./media";
import { errorAnswers } from "./request-log";

const MP3 = fs.readFileSync(path.resolve("tests/fixtures/veu.mp3"));

// Issue 19, defect 5: a rejected testimonial's audio stayed public at its /media address, with a
// year of immutable caching. Files of content that is not public go to signed-in staff only.
describe.each(testBackends())("who may fetch a stored file, on %s", (backend) => {
  const ctx = setupTestContext(backend);
  let server: Server;
  let base: string;
  let cookie: string;
  let visibility: ReturnType<typeof createMediaVisibility>;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    const put = (bytes: Buffer, prefix: string) => ctx.storage.put(Readable.from([bytes]), { maxBytes: 5e6, prefix, accept: (t) => t });
    for (const status of ["pending", "published", "hidden"] as const) {
      keys[status] = (await put(MP3, "audio")).key;
      await ctx.db.insert(testimonials).values({ title: `Testimoni ${status}`, category: "laboral", audioKey: keys[status], status });
    }
    keys.unreferenced = (await put(MP3, "audio")).key;
    keys.inactiveVideo = (await put(MP3, "videos")).key;
    await ctx.db.insert(videos).values({ scope: "laboral", title: "Inactiu", videoKey: keys.inactiveVideo, isActive: false });
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#b0125b" } })
      .jpeg()
      .toBuffer();
    keys.inactivePhoto = (await put(photo, "photos")).key;
    await ctx.db.insert(biciFucsiaPhotos).values({ title: "Amagada", imageKey: keys.inactivePhoto, isActive: false });
    keys.activePhoto = (await put(photo, "photos")).key;
    await ctx.db.insert(biciFucsiaPhotos).values({ title: "Visible", imageKey: keys.activePhoto });
    cookie = await signedInAdmin(ctx);

    visibility = createMediaVisibility(ctx.db);
    const app = express();
    const images = createImageVariants(ctx.storage, path.join(ctx.env.DATA_DIR, "image-cache"));
    const staffSession = (req: express.Request) => adminSessionFromCookie(req.get("cookie"), ctx);
    app.use("/media", mediaRoutes(ctx.storage, images, { isPublic: visibility.isPublic, staffSession }));
    app.use(errorAnswers());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/media/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = (key: string, asStaff = false, query = "") =>
    fetch(`${base}${key}${query}`, { headers: asStaff ? { cookie } : {} }).then(async (r) => ({
      status: r.status,
      cacheControl: r.headers.get("cache-control"),
      bytes: Buffer.from(await r.arrayBuffer()),
    }));

  it("pending and hidden audio, inactive items and files no row shows: 404 to the public, 200 private, no-store to staff", async () => {
    for (const name of ["pending", "hidden", "unreferenced", "inactiveVideo", "inactivePhoto"]) {
      const anonymous = await get(keys[name]!);
      expect(anonymous.status, name).toBe(404);
      expect(anonymous.cacheControl ?? "", name).not.toMatch(/public|immutable/);
      const staff = await get(keys[name]!, true);
      expect(staff.status, name).toBe(200);
      expect(staff.cacheControl, name).toBe("private, no-store");
    }
    expect((await get(keys.pending!, true)).bytes.equals(MP3)).toBe(true);
    // A variant of an inactive photo is not public either; a forged or expired cookie is no one's.
    expect((await get(keys.inactivePhoto!, false, "?w=800")).status).toBe(404);
    expect((await get(keys.inactivePhoto!, true, "?w=800")).cacheControl).toBe("private, no-store");
    const forged = await fetch(`${base}${keys.pending}`, { headers: { cookie: "pb_session=abc.def" } });
    expect(forged.status).toBe(404);
  });

  it("published audio and active items keep their year of immutable caching, for everyone", async () => {
    for (const name of ["published", "activePhoto"]) {
      const res = await get(keys[name]!);
      expect(res.status, name).toBe(200);
      expect(res.cacheControl, name).toBe("public, max-age=31536000, immutable");
    }
    expect((await get(keys.activePhoto!, false, "?w=800")).cacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("an answer past its time is given once more while it is looked up again; then the new one holds", async () => {
    const quick = createMediaVisibility(ctx.db, { ttlMs: 50 });
    const key = keys.inactiveVideo!;
    expect(await quick.isPublic(key)).toBe(false);
    // A change nobody announced (a write by the CLI, a lost NOTIFY).
    await ctx.db.update(videos).set({ isActive: true }).where(eq(videos.videoKey, key));
    await new Promise((r) => setTimeout(r, 60));
    // Past its time: the answer it had, at once, without waiting for the database.
    expect(await quick.isPublic(key)).toBe(false);
    await expect.poll(() => quick.isPublic(key)).toBe(true);
    await ctx.db.update(videos).set({ isActive: false }).where(eq(videos.videoKey, key));
    quick.changed();
    expect(await quick.isPublic(key)).toBe(false);
  });

  it("follows moderation: hiding a published testimonial hides its audio once content changes are announced", async () => {
    expect((await get(keys.published!)).status).toBe(200);
    await ctx.db.update(testimonials).set({ status: "hidden" }).where(eq(testimonials.audioKey, keys.published!));
    expect(await isPublicKey(ctx.db, keys.published!)).toBe(false);
    visibility.changed();
    expect((await get(keys.published!)).status).toBe(404);
    await ctx.db.update(testimonials).set({ status: "published" }).where(eq(testimonials.audioKey, keys.pending!));
    visibility.changed();
    expect((await get(keys.pending!)).status).toBe(200);
  });
});

describe("content changes that concern stored files (decision 060)", () => {
  it("a published map comment or reflection leaves the files' visibility and kept copies alone; a change of a table holding files, or of everything, does not", () => {
    expect(concernsFiles(["map_comments"])).toBe(false);
    expect(concernsFiles(["reflections", "site_settings"])).toBe(false);
    expect(concernsFiles(["testimonials"])).toBe(true);
    expect(concernsFiles(["map_comments", getTableName(videos)])).toBe(true);
    expect(concernsFiles([getTableName(biciFucsiaPhotos)])).toBe(true);
    expect(concernsFiles(["*"])).toBe(true);
  });
});
