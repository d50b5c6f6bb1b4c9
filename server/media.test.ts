import fs from "node:fs";
import http, { type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageVariants } from "~/infra/images.server";
import type { Storage } from "~/infra/storage.server";
import { createTestStorage, storageBackends, type TestStorage } from "~/test/storage";
import { createKeptFiles, mediaRoutes } from "./media";
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

  it("keeps a small public file in memory after its first answer: the next read nothing from storage, with the same bytes, ranges, HEAD and 304; a change of content forgets it; staff-only and large files are not kept", async () => {
    // The real storage, with its reads counted.
    const reads: string[] = [];
    const counted: Storage = {
      ...test.storage,
      stat: (k) => (reads.push(`stat ${k}`), test.storage.stat(k)),
      get: (k, range) => (reads.push(`get ${k}`), test.storage.get(k, range)),
    };
    const staffOnly = (await test.storage.put(Readable.from([photo]), { maxBytes: 5e6, prefix: "photos", accept: (t) => t })).key;
    const kept = createKeptFiles({ maxFileBytes: photo.length, maxTotalBytes: 10 * photo.length });
    const access = {
      isPublic: (k: string) => Promise.resolve(k !== staffOnly),
      staffSession: () => Promise.resolve({ renewCookie: null }),
    };
    const app = express();
    app.use("/media", mediaRoutes(counted, createImageVariants(test.storage, cacheDir), access, kept));
    const own = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const at = `http://127.0.0.1:${(own.address() as { port: number }).port}/media/`;
    const fetchRaw = (k: string, headers: Record<string, string> = {}, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .request(`${at}${k}`, { method, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject)
          .end();
      });
    const sameHeaders = (h: http.IncomingHttpHeaders) => {
      const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = h;
      return rest;
    };
    try {
      const first = await fetchRaw(key);
      expect(first.status).toBe(200);
      expect(reads).toEqual([`stat ${key}`, `get ${key}`]);
      expect(kept.size).toBe(1);

      reads.length = 0;
      const again = await fetchRaw(key);
      expect(again.body.equals(photo)).toBe(true);
      expect(sameHeaders(again.headers)).toEqual(sameHeaders(first.headers));
      const part = await fetchRaw(key, { Range: "bytes=10-19" });
      expect(part.status).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 10-19/${photo.length}`);
      expect(part.body.equals(photo.subarray(10, 20))).toBe(true);
      expect((await fetchRaw(key, { "If-None-Match": first.headers.etag! })).status).toBe(304);
      const head = await fetchRaw(key, {}, "HEAD");
      expect(head.headers["content-length"]).toBe(String(photo.length));
      expect(head.body.length).toBe(0);
      expect(reads).toEqual([]);

      // A change of content (a row and its file deleted, say): read from storage again.
      kept.forget();
      await fetchRaw(key);
      expect(reads).toEqual([`stat ${key}`, `get ${key}`]);

      // Staff-only files are sent private and never kept; neither is a file above the size.
      reads.length = 0;
      for (let i = 0; i < 2; i++) expect((await fetchRaw(staffOnly)).headers["cache-control"]).toBe("private, no-store");
      expect(reads).toEqual([`stat ${staffOnly}`, `get ${staffOnly}`, `stat ${staffOnly}`, `get ${staffOnly}`]);
      const small = createKeptFiles({ maxFileBytes: photo.length - 1 });
      small.keep(key, (await test.storage.stat(key))!, photo, small.generation);
      expect(small.size).toBe(0);
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
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
