import fs from "node:fs";
import http, { type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageVariants } from "~/infra/images.server";
import { createTestStorage, storageBackends, type TestStorage } from "~/test/storage";
import { mediaRoutes } from "./media";
import { errorAnswers } from "./request-log";

// /media on every storage backend, through a real HTTP server: what express.static answered on the
// local disk (tests/e2e/server.spec.ts checks it on the built site) holds on S3 too.
describe.each(storageBackends())("/media with files on %s", (backend) => {
  let test: TestStorage;
  let server: Server;
  let base: string;
  let cacheDir: string;
  let photo: Buffer;
  let key: string;
  beforeAll(async () => {
    test = await createTestStorage(backend);
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-media-cache-"));
    const app = express();
    // Every file public here: who may have a file is media-access.test.ts's subject.
    const everyonesFiles = { isPublic: () => Promise.resolve(true), staffSession: () => Promise.resolve(null) };
    app.use("/media", mediaRoutes(test.storage, createImageVariants(test.storage, cacheDir), everyonesFiles));
    app.use(errorAnswers());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/media/`;
    photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#b0125b" } })
      .jpeg()
      .toBuffer();
    key = (await test.storage.put(Readable.from([photo]), { maxBytes: 5e6, prefix: "photos", accept: (t) => t })).key;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await test.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });
  // node:http rather than fetch: fetch adds Cache-Control: no-cache to a conditional request.
  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Response>((resolve, reject) => {
      const req = http.request(`${base}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = [204, 304].includes(res.statusCode!) ? null : Buffer.concat(chunks);
          const list = Object.entries(res.headers).flatMap(([name, value]) =>
            typeof value === "string" ? [[name, value] as [string, string]] : [],
          );
          resolve(new Response(body, { status: res.statusCode, headers: list }));
        });
      });
      req.on("error", reject);
      req.end();
    });

  it("serves a stored file with its type, ETag, Last-Modified and a year of immutable caching, and 304 when the client has it", async () => {
    const res = await get(key);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("content-length")).toBe(String(photo.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(photo)).toBe(true);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect((await get(key, { "If-None-Match": etag })).status).toBe(304);
    expect((await get(key, { "If-Modified-Since": res.headers.get("last-modified")! })).status).toBe(304);
    expect((await get(key, { "If-Match": '"something-else"' })).status).toBe(412);
    const head = await get(key, {}, "HEAD");
    expect(head.headers.get("content-length")).toBe(String(photo.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves byte ranges: a slice, a suffix, the whole file for a stale If-Range, 416 past the end", async () => {
    const part = await get(key, { Range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${photo.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(photo.subarray(0, 100))).toBe(true);

    const tail = await get(key, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(photo.subarray(-10))).toBe(true);

    const stale = await get(key, { Range: "bytes=0-9", "If-Range": '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(photo.length);

    const beyond = await get(key, { Range: `bytes=${photo.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${photo.length}`);
  });

  it("serves a WebP variant made from the stored original, cached, with 304s", async () => {
    const res = await get(`${key}?w=320`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 240 });
    const etag = res.headers.get("etag")!;
    expect((await get(`${key}?w=320`)).headers.get("etag")).toBe(etag);
    expect((await get(`${key}?w=320`, { "If-None-Match": etag })).status).toBe(304);
    expect(fs.readdirSync(cacheDir, { recursive: true }).some((f) => String(f).endsWith("w320-q75.webp"))).toBe(true);
    expect((await get(`${key}?w=321`)).status).toBe(404);
  });

  it("answers 404 for a missing file, anything that is not a key, and an original deleted since", async () => {
    for (const url of ["photos/0b4f6d8e-2c1a-4e6b-9d3f-1a2b3c4d5e6f.jpg", "..%2Fpackage.json", ".tmp/x", ""]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toBe("No trobat");
    }
    const other = (await test.storage.put(Readable.from([photo]), { maxBytes: 5e6, prefix: "photos", accept: (t) => t })).key;
    expect((await get(`${other}?w=480`)).status).toBe(200);
    await test.storage.delete(other);
    expect((await get(other)).status).toBe(404);
    expect((await get(`${other}?w=480`)).status).toBe(404);
    expect((await get(other, {}, "POST")).status).toBe(405);
  });
});
