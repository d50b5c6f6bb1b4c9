import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import sharp from "sharp";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BASE_URL, E2E_ADMIN, E2E_DATA_DIR, E2E_DATABASE_KIND, E2E_DATABASE_URL, PORT } from "../../playwright.config";
import { RATE_LIMIT } from "../../app/infra/rate-limit.server";
import { PAIR_LIMIT } from "../../app/infra/login-throttle.server";
import { probeWhile, rawRequest as sendRaw, signInBurst, TRAVERSAL_ATTEMPTS, type SignInAttempt } from "../support";
import { startS3Server } from "../../app/test/storage";
import { expect, test } from "./fixtures";

/** A raw GET that sends the path exactly as written (no client-side normalisation). */
function rawGet(pathAsIs: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path: pathAsIs, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Raw bytes on a socket, from a loopback address of its own (127.0.0.2) so that the public
 * forms' per-client limit is not the other tests'. */
const rawRequest = async (bytes: string) => {
  const res = await sendRaw(PORT, bytes, { localAddress: "127.0.0.2" });
  return { ...res, body: res.body.toString("utf8") };
};

const head = (requestLine: string, headers: string[] = [`Host: 127.0.0.1:${PORT}`]) =>
  `${requestLine}\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n`;

async function firstMediaPath(): Promise<string> {
  const html = await (await fetch(`${BASE_URL}/`)).text();
  const match = html.match(/\/media\/logos\/[0-9a-f-]{36}\.png/);
  expect(match, "the seeded footer shows a stored logo").not.toBeNull();
  return match![0];
}

/** The owner's sign-in from a client that has not failed, retried after Retry-After while the server
 * says it is busy: its status in the end. */
async function ownerSignIn(port: number, client: string) {
  for (let i = 0; i < 30; i++) {
    const [r] = await signInBurst(E2E_ADMIN.email, [{ port, client, password: E2E_ADMIN.password }]).then((a) => a);
    if (r!.status !== 429) return r!.status;
    await new Promise((resolve) => setTimeout(resolve, Number(r!.retryAfter) * 1000));
  }
  return 429;
}

/** Every answer of a burst is a guess (401) or a refusal with the spec's message and Retry-After. */
function expectRefusedClearly(answers: { status: number; retryAfter: string | null; body: string }[]) {
  for (const r of answers) {
    expect([401, 429]).toContain(r.status);
    if (r.status !== 429) continue;
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    // (The login page, or the few bytes of the gate that refuses a sign-in beyond those in progress.)
    expect(r.body.replaceAll("&#x27;", "'")).toContain("Massa intents fallits. Per seguretat, torna-ho a provar d'aquí a");
  }
}

/** /healthz and a /media file during a burst. Before: a /media file waited 10.4 s behind the
 * hashing. The target is under 100 ms. The machine these tests run on has 2 cores shared by several
 * runs (load average 15-25 when measured), where the same probes on an idle server took a median of
 * 30-105 ms: so the median is held to 250 ms, the 90th percentile to 1 s, and the worst probe (about
 * one per burst stalled 1-8 s, accepted at once, with a short time in the server's own log) to 10 s.
 * Decision 024 has the figures. */
function expectServedDuringBurst(run: Awaited<ReturnType<typeof probeWhile>>) {
  expect(Math.max(run.healthz.median, run.media.median)).toBeLessThan(250);
  expect(Math.max(run.healthz.p90, run.media.p90)).toBeLessThan(1000);
  expect(Math.max(run.healthz.max, run.media.max)).toBeLessThan(10_000);
}

test.describe("HTTP contract", () => {
  test("/healthz answers 200 while the database answers", async () => {
    const res = await fetch(`${BASE_URL}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: E2E_DATABASE_KIND });
  });

  test("/media serves stored files with ETag, immutable caching and byte ranges", async () => {
    const mediaPath = await firstMediaPath();
    const full = await rawGet(mediaPath);
    expect(full.status).toBe(200);
    expect(full.headers["content-type"]).toBe("image/png");
    expect(full.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(full.headers["accept-ranges"]).toBe("bytes");
    expect(full.body.subarray(1, 4).toString()).toBe("PNG");
    const etag = full.headers.etag!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const part = await rawGet(mediaPath, { Range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${full.body.length}`);
    expect(part.body.equals(full.body.subarray(0, 100))).toBe(true);

    const tail = await rawGet(mediaPath, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(full.body.subarray(-10))).toBe(true);

    expect((await rawGet(mediaPath, { Range: `bytes=${full.body.length + 10}-` })).status).toBe(416);
    expect((await rawGet(mediaPath, { "If-None-Match": etag })).status).toBe(304);
  });

  test("/media/<key>?w=800 serves a cached WebP variant from the image service", async () => {
    const mediaPath = await firstMediaPath();
    const first = await rawGet(`${mediaPath}?w=800`);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(first.body).metadata();
    expect(meta.format).toBe("webp");
    // The seeded logo is narrower than 800 px: never enlarged, its width is the original's.
    const original = await sharp((await rawGet(mediaPath)).body).metadata();
    expect(original.width).toBeLessThan(800);
    expect(meta.width).toBe(original.width);
    const again = await rawGet(`${mediaPath}?w=800`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await rawGet(`${mediaPath}?w=799`)).status).toBe(404);
    expect((await rawGet(`${mediaPath}?w=800&w=320`)).status).toBe(404);
  });

  for (const attempt of TRAVERSAL_ATTEMPTS) {
    test(`${attempt} is not found`, async () => {
      const res = await rawGet(attempt);
      // A path with an encoded slash or backslash cannot be read one way only: refused before
      // any route (decision 052). The others reach /media, which finds nothing.
      expect(res.status).toBe(/%(2f|5c)/i.test(attempt) ? 400 : 404);
      expect(res.body.toString()).not.toContain("penedes-bici");
    });
  }

  test("responses carry the security headers; a page rendered for one visitor has a nonce of its own", async () => {
    const res = await fetch(`${BASE_URL}/admin/login`);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("microphone=(self)");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
    const other = (await fetch(`${BASE_URL}/admin/login`)).headers.get("content-security-policy")!;
    expect(other.match(/'nonce-([^']+)'/)![1]).not.toBe(nonce);
  });

  test("a kept page carries no nonce: its policy allows its own inline scripts by hash (issue 19, note 9)", async () => {
    await fetch(`${BASE_URL}/recursos`);
    const res = await fetch(`${BASE_URL}/recursos`);
    expect(res.headers.get("x-cache")).toBe("HIT");
    const html = await res.text();
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce");
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test("pages are compressed and static assets are cached for a year", async () => {
    const res = await fetch(`${BASE_URL}/`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toMatch(/gzip|br/);
    const asset = (await res.text()).match(/\/assets\/[^"]+\.js/)![0];
    const assetRes = await fetch(`${BASE_URL}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("public pages are kept in memory, revalidated by a strong ETag, and made stale only by writes that name what they show", async () => {
    const get = (path = "/de-que-va", headers: Record<string, string> = {}) => fetch(`${BASE_URL}${path}`, { headers });
    await get();
    const hit = await get();
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2, stale-while-revalidate=2");
    const etag = (await rawGet("/de-que-va")).headers.etag!;
    expect(etag).toMatch(/^"/);
    // (Raw HTTP: fetch() adds "Cache-Control: no-cache" to conditional requests, as the spec says.)
    expect((await rawGet("/de-que-va", { "If-None-Match": etag })).status).toBe(304);

    // Writes that change nothing public keep every page (issue 19, defect 3): signing out without a
    // session, a honeypot answer, a testimonial waiting for moderation.
    await get("/aportacions");
    const logout = await fetch(`${BASE_URL}/admin/sortir`, { method: "POST", redirect: "manual" });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("set-cookie") ?? "").not.toContain("pb_fresh");
    const honeypot = await fetch(`${BASE_URL}/participa/reflexio`, {
      method: "POST",
      headers: { "X-Forwarded-For": "198.51.100.30" },
      body: new URLSearchParams({ reflection: "Bot", website: "http://spam.example" }),
    });
    expect(honeypot.status).toBe(200);
    const testimonial = new FormData();
    for (const [k, v] of Object.entries({ title: "Pendent de moderació", category: "laboral", terms: "on", duration: "3" }))
      testimonial.set(k, v);
    testimonial.set("audio", new File([fs.readFileSync("scripts/seed-assets/testimoni-1.webm")], "t.webm", { type: "audio/webm" }));
    expect((await fetch(`${BASE_URL}/testimonis/enviar`, { method: "POST", body: testimonial })).status).toBe(200);
    for (const path of ["/de-que-va", "/aportacions"]) expect((await get(path)).headers.get("x-cache"), path).toBe("HIT");

    // A reflection makes stale the pages that show reflections, not the others; its author's next
    // pages skip the cache.
    const reflection = await fetch(`${BASE_URL}/participa/reflexio`, {
      method: "POST",
      headers: { "X-Forwarded-For": "198.51.100.31" },
      body: new URLSearchParams({ reflection: `Reflexió etiquetada ${Date.now()}`, privacy: "on" }),
    });
    expect(reflection.status).toBe(200);
    const fresh = reflection.headers.get("set-cookie")!.split(";")[0]!;
    expect(fresh).toBe("pb_fresh=1");
    expect((await get("/de-que-va")).headers.get("x-cache")).toBe("HIT");
    expect(["STALE", "MISS"]).toContain((await get("/aportacions")).headers.get("x-cache"));
    const own = await get("/aportacions", { Cookie: fresh });
    expect(own.headers.get("x-cache")).toBeNull();
    expect(own.headers.get("cache-control")).toBe("private, no-store");

    // A refused write keeps them too.
    expect((await get()).headers.get("x-cache")).toBe("HIT");
    const refused = await fetch(`${BASE_URL}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "x@y.cat", password: "no" }),
      redirect: "manual",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await get()).headers.get("x-cache")).toBe("HIT");
  });

  test("a thousand made-up addresses share one kept not-found page and push no page out (issue 19, defect 6)", async () => {
    test.setTimeout(120_000);
    await fetch(`${BASE_URL}/de-que-va`);
    expect((await fetch(`${BASE_URL}/de-que-va`)).headers.get("x-cache")).toBe("HIT");
    const xCaches: (string | null)[] = [];
    for (let i = 0; i < 1000; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          fetch(`${BASE_URL}/no-existeix-${Date.now()}-${i + j}`).then((r) => [r.status, r.headers.get("x-cache")] as const),
        ),
      );
      for (const [status, xCache] of batch) {
        expect(status).toBe(404);
        xCaches.push(xCache);
      }
    }
    expect(xCaches.filter((x) => x === "MISS").length).toBeLessThanOrEqual(1);
    expect((await fetch(`${BASE_URL}/de-que-va`)).headers.get("x-cache")).toBe("HIT");
  });

  test("a 404, then every static file that the home references is still served with its own type (issue 27, item 1)", async () => {
    const TYPES: Record<string, string> = {
      svg: "image/svg+xml",
      jpg: "image/jpeg",
      jpeg: "image/jpeg",
      png: "image/png",
      webp: "image/webp",
      ico: "image/",
      woff2: "font/woff2",
      js: "text/javascript",
      css: "text/css",
      mp4: "video/mp4",
    };
    const html = await (await fetch(`${BASE_URL}/`)).text();
    const origin = new URL(BASE_URL).origin;
    const files = new Set<string>();
    const note = (ref: string) => {
      const url = new URL(ref.replaceAll("&amp;", "&"), `${BASE_URL}/`);
      // The social preview names the public address (PUBLIC_URL): its path is this server's file.
      if (url.origin !== origin && !ref.includes("/images/og.")) return;
      const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
      if (ext && ext in TYPES) files.add(url.pathname);
    };
    for (const [, ref] of html.matchAll(/\b(?:src|href|content|poster)="([^"]+)"/g)) note(ref!);
    for (const [, set] of html.matchAll(/\bsrcset="([^"]+)"/g)) for (const part of set!.split(",")) note(part.trim().split(/\s+/)[0]!);
    for (const [, ref] of html.matchAll(/url\((?:&quot;|["'])?([^)"'&]+)/g)) note(ref!);
    // The scripts, which the page's inline scripts name (app/infra/html-stream.server.ts).
    for (const [, ref] of html.matchAll(/["'](\/assets\/[^"'\s]+)["']/g)) note(ref!);
    // The ones the issue names, at least.
    for (const named of ["/favicon.svg", "/images/og.jpg"]) expect([...files], named).toContain(named);
    expect(
      [...files].some((f) => f.startsWith("/images/scenes/") && f.endsWith(".svg")),
      "a scene picture",
    ).toBe(true);
    expect(
      [...files].some((f) => f.startsWith("/assets/") && f.endsWith(".js")),
      "a script",
    ).toBe(true);
    const unknown = `/no-existeix-${Date.now()}`;
    for (const path of [unknown, `${unknown}-2`, "/images/no-existeix.svg"]) expect((await rawGet(path)).status, path).toBe(404);
    expect((await rawGet(unknown)).headers["x-cache"]).toBe("HIT");
    for (let round = 0; round < 2; round++) {
      for (const file of files) {
        const res = await rawGet(file, { "Accept-Encoding": "br, gzip" });
        expect(res.status, file).toBe(200);
        expect(res.headers["content-type"], file).toContain(TYPES[file.split(".").pop()!.toLowerCase()]!);
        expect(res.headers["x-cache"], file).toBeUndefined();
      }
      expect((await rawGet(`/no-existeix-${round}`)).status).toBe(404);
    }
  });

  test("another spelling of a page's address is redirected to the one the site writes; its variants push no other page out (issue 29, item 8)", async () => {
    test.setTimeout(120_000);
    for (const spelling of ["/APORTACIONS?tipus=reflection", "/%61portacions?tipus=reflection", "/Aportacions/?tipus=reflection"]) {
      const res = await rawGet(spelling);
      expect(res.status, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe("/aportacions?tipus=reflection");
    }
    await fetch(`${BASE_URL}/`);
    expect((await rawGet("/")).headers["x-cache"]).toBe("HIT");
    for (let i = 0; i < 600; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => {
          const n = i + j;
          const path =
            n % 3 === 0
              ? `/aportacions?tipus=x${n}`
              : n % 3 === 1
                ? `/APORTACIONS?pagina=${n}`
                : `/aportacions?pagina=1&tipus=reflection&u=${n}`;
          return rawGet(path).then((r) => expect([200, 301], path).toContain(r.status));
        }),
      );
    }
    expect((await rawGet("/")).headers["x-cache"]).toBe("HIT");
  });

  test("back-office addresses in any letter case or encoding are never kept (issue 19, note 9)", async () => {
    for (const path of ["/ADMIN/login", "/Admin/Login", "/%61dmin/login"]) {
      for (let i = 0; i < 2; i++) {
        const res = await rawGet(path);
        expect(res.headers["x-cache"], path).toBeUndefined();
        expect(res.headers["cache-control"], path).toBe("private, no-store");
      }
    }
  });

  test("addresses that differ only in parameters a page does not read share its cached page", async () => {
    const get = (path: string) => fetch(`${BASE_URL}${path}`);
    await get("/recursos?utm_source=butlleti");
    const other = await get(`/recursos?x=${Date.now()}`);
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(await other.text()).not.toContain("utm_source");
    // The parameters a page reads still make pages of their own, whatever else comes with them.
    const infants = await (await get("/testimonis?utm_medium=xarxes&ambit=infants")).text();
    const again = await get("/testimonis?ambit=infants&ambit=laboral&fbclid=abc");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe(infants);
    const current = (html: string) => /<a [^>]*aria-current="true"[^>]*>([^<]+)</.exec(html)?.[1];
    expect(current(infants)).toBe("Infants");
    expect(current(await (await get("/testimonis?utm_medium=xarxes")).text())).toBe("Tots");
  });

  test("pages for a signed-in admin and the back office are never kept", async () => {
    const signIn = await fetch(`${BASE_URL}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
      redirect: "manual",
    });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    for (const path of ["/", "/admin/dashboard"]) {
      const res = await fetch(`${BASE_URL}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-cache"), path).toBeNull();
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // The header's sign-out button: only on the signed-in admin's page (the word itself travels with
    // every page's messages, decision 059; the button is what must not be kept for everyone).
    const signOut = /<button[^>]*type="submit"[^>]*>Sortir<\/button>/;
    expect(await (await fetch(`${BASE_URL}/`, { headers: { Cookie: cookie } })).text()).toMatch(signOut);
    expect(await (await fetch(`${BASE_URL}/`)).text()).not.toMatch(signOut);
  });

  test("a cross-site form post is refused", async () => {
    const res = await fetch(`${BASE_URL}/admin/login`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.cat&password=x",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});

// Found by the bad-traffic fuzzer (tests/fuzz): each of these answered 500, or not at all.
test.describe("bad traffic", () => {
  test("methods other than GET, HEAD and POST answer 405 in Catalan (TRACE was a 500)", async () => {
    for (const [method, target] of [
      ["TRACE", "/"],
      ["PUT", "/admin/login"],
      ["DELETE", "/newsletter"],
      ["OPTIONS", "/participa"],
      ["PROPFIND", "/media/x"],
    ]) {
      const res = await rawRequest(head(`${method} ${target} HTTP/1.1`));
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.body).toBe("Mètode no permès");
    }
  });

  test("a form sent to an admin screen that takes none is refused in words, not in catalogue keys", async () => {
    // The root's error page had no words: the root's loader does not run for the error page of
    // the route that catches the error, and nothing below the root caught the admin's.
    for (const target of ["/admin/dashboard", "/admin/traduccions", "/admin/login/x"]) {
      const res = await fetch(`${BASE_URL}${target}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
        redirect: "manual",
      });
      const html = await res.text();
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(html, target).not.toMatch(/>(errors|public)\.[\w.]+</);
      expect(html, target).toMatch(/<h1[^>]*>(Petició no vàlida|Pàgina no trobada)</);
    }
    // The root's own: no page takes a form there (the home page is the root's index).
    const root = await fetch(`${BASE_URL}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(root.status).toBe(405);
    expect(await root.text()).toBe("Mètode no permès");
  });

  test("a request no URL can be made of answers 400: an empty or malformed Host, an absolute-form target", async () => {
    for (const host of ["Host: ", "Host: a b", "Host: [::1", "Host: 127.0.0.1:99999"]) {
      const res = await rawRequest(head("GET /admin/login HTTP/1.1", [host]));
      expect(res.status, host).toBe(400);
      expect(res.body).toBe("Petició no vàlida");
    }
    expect((await rawRequest(head("GET http://evil.example/admin/login HTTP/1.1"))).status).toBe(400);
  });

  test("the sign-in refuses a body that is not a form at once, and a huge one without waiting for it", async () => {
    for (const type of ["text/plain", "application/json", "multipart/form-data", "multipart/form-data; boundary=X"]) {
      const res = await rawRequest(
        head("POST /admin/login HTTP/1.1", [`Host: 127.0.0.1:${PORT}`, `Content-Type: ${type}`, "Content-Length: 7"]) + '{"a":1}',
      );
      expect(res.status, type).toBe(400);
    }
    // 200 MB announced, a few bytes sent: refused from the headers (it was read into memory).
    const claim = await rawRequest(
      head("POST /admin/login HTTP/1.1", [
        `Host: 127.0.0.1:${PORT}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${200 * 1024 * 1024}`,
      ]) + "email=a",
    );
    expect(claim.status).toBe(413);
    expect(claim.ms).toBeLessThan(3000);
  });

  test("a broken upload and a form too large for its limit are answered, not dropped", async () => {
    // A part without headers: the parser fails, and the connection used to be closed unanswered.
    const multipart = "--X\r\n\r\nno headers\r\n--X--\r\n";
    const upload = await rawRequest(
      head("POST /testimonis/enviar HTTP/1.1", [
        `Host: 127.0.0.1:${PORT}`,
        "Content-Type: multipart/form-data; boundary=X",
        `Content-Length: ${multipart.length}`,
      ]) + multipart,
    );
    expect(upload.status).toBe(400);
    // No length announced (chunked), 300 KB: found too large while reading, answered 413.
    const chunk = `comment=${"x".repeat(30_000)}`;
    const chunks = Array.from({ length: 10 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("") + "0\r\n\r\n";
    const form = await rawRequest(
      head("POST /participa/mapa HTTP/1.1", [
        `Host: 127.0.0.1:${PORT}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
      ]) + chunks,
    );
    expect(form.status).toBe(413);
  });

  test("a landing address that cannot be a slug is not found (a NUL was a 503)", async () => {
    const res = await rawGet("/landing/%C3%A0-no-existeix");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/404");
    // A control character is no path at all: refused before any route (decision 052).
    const nul = await rawGet("/landing/%00");
    expect(nul.status).toBe(400);
    expect(nul.body.toString()).toBe("Petició no vàlida");
  });
});

/** A fresh database on the PostgreSQL server `base`, seeded, and a data folder of its own, for `run`;
 * both removed afterwards. `admin` is a connection to `base`, to act on the database from outside. */
async function withSeededPostgres(
  base: string,
  run: (db: { url: string; name: string; admin: pg.Client; dataDir: string }) => Promise<void>,
) {
  const name = `pb_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-pg-"));
  try {
    const seed = spawn("npm", ["run", "-s", "seed"], {
      env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      stdio: "ignore",
    });
    expect(await new Promise((resolve) => seed.on("exit", resolve))).toBe(0);
    await run({ url: url.toString(), name, admin, dataDir });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A test that starts servers of its own on PGlite, whatever the database of the shared one: the
 * PostgreSQL lane leaves it to the PGlite lane (decision 041). */
const OWN_SERVER = { tag: "@own-server" };

test.describe("processes and the data folder", () => {
  // These start, seed and restart whole servers: give them room on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  let nextPort = PORT + 100;
  const children: ChildProcess[] = [];
  test.afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  });

  function start(dataDir: string, extraEnv: Record<string, string> = {}, port = nextPort++) {
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_SILENT: "",
        ADMIN_EMAIL: "",
        ADMIN_PASSWORD: "",
        PUBLIC_URL: "",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const ready = async () => {
      // (A new data folder's database takes seconds to make, many more on a loaded machine.)
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start: ${output}`);
    };
    return { child, port, exited, ready, output: () => output };
  }

  // PGlite only: on PostgreSQL instances share DATA_DIR by design (the multi-instance test below).
  if (E2E_DATABASE_KIND === "pglite") {
    test("a second instance on the same DATA_DIR refuses to start, with a clear message", OWN_SERVER, async () => {
      const second = start(E2E_DATA_DIR);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/La carpeta de dades .*e2e-data-\d+ ja està en ús pel procés \d+/);
      // The first one is untouched.
      expect((await fetch(`${BASE_URL}/healthz`)).status).toBe(200);
    });
  }

  test("a bad configuration stops the start with a readable message", OWN_SERVER, async () => {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: os.tmpdir() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    expect(await new Promise((resolve) => child.on("exit", resolve))).toBe(1);
    expect(err).toContain("Configuració no vàlida");
    expect(err).toContain("PORT");
  });

  test(
    "PGlite under a burst of 200 sign-ins: at most the pair's guesses, the owner gets in, /healthz and /media stay fast",
    OWN_SERVER,
    async () => {
      test.setTimeout(180_000);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-burst-"));
      try {
        const seed = spawn("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, stdio: "ignore" });
        expect(await new Promise((resolve) => seed.on("exit", resolve))).toBe(0);
        const site = start(dataDir, {
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          TRUST_PROXY: "loopback",
          LOG_SILENT: "1",
        });
        await site.ready();
        const html = await (await fetch(`http://127.0.0.1:${site.port}/`)).text();
        const media = /\/media\/logos\/[0-9a-f-]{36}\.png/.exec(html)![0];
        const idle = await probeWhile([site.port], media, new Promise((resolve) => setTimeout(resolve, 1000)));
        const attack = signInBurst(
          E2E_ADMIN.email,
          Array.from({ length: 200 }, (_, i) => ({ port: site.port, client: "203.0.113.77", password: `malament-${i}` })),
        );
        const owner = ownerSignIn(site.port, "198.51.100.9");
        const during = await probeWhile([site.port], media, attack);
        const answers = await attack;
        const guesses = answers.filter((r) => r.status === 401).length;
        console.log(`sign-in burst on PGlite: idle ${JSON.stringify(idle)}; one client ${JSON.stringify({ guesses, ...during })}`);
        expect(guesses).toBeGreaterThan(0);
        expect(guesses).toBeLessThanOrEqual(PAIR_LIMIT.points);
        expectRefusedClearly(answers);
        expect(await owner).toBe(302);
        expectServedDuringBurst(during);
        site.child.kill("SIGTERM");
        expect(await site.exited).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  test(
    "a POST from another origin is refused before React Router, and refusals are logged as one warning without stack",
    OWN_SERVER,
    async () => {
      test.setTimeout(180_000);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-origin-"));
      try {
        const seed = spawn("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, stdio: "ignore" });
        expect(await new Promise((resolve) => seed.on("exit", resolve))).toBe(0);
        const site = start(dataDir, { PUBLIC_URL: "https://bici.example.cat" });
        await site.ready();
        const post = (origin: string) =>
          fetch(`http://127.0.0.1:${site.port}/participa/reflexio`, {
            method: "POST",
            headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
            body: "reflection=hola",
          }).then((r) => r.status);
        // Before: the host alone was compared, so an https page of the same host got as far as React
        // Router, which answered 400 and logged an error with its stack each time.
        for (let i = 0; i < 30; i++) expect(await post(`https://127.0.0.1:${site.port}`)).toBe(403);
        // PUBLIC_URL's origin passes this check; reached through another address, React Router's own
        // check still refuses it: a warning, once, no stack.
        for (let i = 0; i < 30; i++) expect(await post("https://bici.example.cat")).toBeGreaterThanOrEqual(400);
        const lines = site
          .output()
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as { level: string; msg: string; stack?: string });
        expect(lines.filter((l) => l.msg === "cross-origin request refused")).toHaveLength(1);
        expect(lines.filter((l) => l.msg === "cross-origin action refused")).toHaveLength(1);
        expect(lines.filter((l) => l.level === "error")).toEqual([]);
        expect(site.output()).not.toContain('"stack"');
        site.child.kill("SIGTERM");
        expect(await site.exited).toBe(0);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  test("SIGTERM stops gracefully and releases the lock; a restart keeps the data", OWN_SERVER, async () => {
    // Two servers started from a seeded folder, one after the other: 78 s of the 90 on a loaded machine.
    test.setTimeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-restart-"));
    try {
      const first = start(dataDir);
      await first.ready();
      // A new, empty DATA_DIR has no content.
      const emptyHome = await (await fetch(`http://127.0.0.1:${first.port}/`)).text();
      expect(emptyHome).toContain("No hi ha activitats programades encara.");
      // Without PUBLIC_URL the links for search engines name the listening address: said at start.
      expect(first.output()).toContain('"level":"warn","msg":"PUBLIC_URL is not set');
      expect(emptyHome).toContain("Encara no hi ha aportacions.");
      expect(emptyHome).toContain("/images/scenes/vinyes.svg"); // the default illustration
      // No logo yet: the footer shows the default collaborators' image (spec §1).
      expect(emptyHome).toContain('src="/images/collaborators.svg"');
      expect(emptyHome).not.toContain("<iframe"); // no map configured, no embed
      const emptyPage = async (path: string) => (await fetch(`http://127.0.0.1:${first.port}${path}`)).text();
      expect(await emptyPage("/segueixlavivi")).toContain("Fotos pròximament");
      expect(await emptyPage("/recursos")).toContain("Aviat publicarem recursos per compartir");
      expect(await emptyPage("/aportacions")).toContain("0 aportacions");
      const emptyTheme = await emptyPage("/laboral");
      expect(emptyTheme).not.toContain("<video");
      expect(emptyTheme).toContain("Per anar a la feina sense estrès");
      expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(true);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);

      // Write through the real CLI, then restart and read it back through the site.
      const seed = spawn("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "ignore" });
      expect(await new Promise((resolve) => seed.on("exit", resolve))).toBe(0);
      const second = start(dataDir);
      await second.ready();
      const home = await (await fetch(`http://127.0.0.1:${second.port}/`)).text();
      expect(home).toContain("Bicicletada popular per la xarxa de carrils");
      // A visitor who leaves while an image variant is being made is no error of the server's.
      const photo = home.match(/\/media\/[\w/-]+\.(?:jpg|png)/)![0];
      await new Promise<void>((resolve) => {
        const socket = net.connect(second.port, "127.0.0.1", () => {
          socket.end(`GET ${photo}?w=1920 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, () => socket.destroy());
        });
        socket.on("close", () => resolve());
      });
      await expect
        .poll(() => /request aborted by the client|unhandled request error/.test(second.output()), { timeout: 15_000 })
        .toBe(true);
      expect(second.output()).not.toContain('"level":"error"');
      second.child.kill("SIGKILL");
      await second.exited;

      // After a crash (SIGKILL) the stale lock is taken over and nothing is lost.
      const third = start(dataDir);
      await third.ready();
      const again = await (await fetch(`http://127.0.0.1:${third.port}/`)).text();
      expect(again).toContain("Bicicletada popular per la xarxa de carrils");
      third.child.kill("SIGTERM");
      expect(await third.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test(
    "with S3_BUCKET the files live in the bucket: seeded there, served from it with ranges and variants, none on disk",
    OWN_SERVER,
    async () => {
      const s3 = await startS3Server();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-s3-"));
      const s3Env = {
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.settings.endpoint!,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
        S3_PREFIX: s3.settings.prefix,
      };
      try {
        const seed = spawn("npm", ["run", "-s", "seed"], { env: { ...process.env, DATA_DIR: dataDir, ...s3Env }, stdio: "ignore" });
        expect(await new Promise((resolve) => seed.on("exit", resolve))).toBe(0);
        const site = start(dataDir, s3Env);
        await site.ready();
        const base = `http://127.0.0.1:${site.port}`;
        const logo = (await (await fetch(`${base}/`)).text()).match(/\/media\/logos\/[0-9a-f-]{36}\.png/)![0];
        const full = await fetch(`${base}${logo}`);
        expect(full.status).toBe(200);
        expect(full.headers.get("content-type")).toBe("image/png");
        expect(full.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const bytes = Buffer.from(await full.arrayBuffer());
        const part = await fetch(`${base}${logo}`, { headers: { Range: "bytes=0-99" } });
        expect(part.status).toBe(206);
        expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
        expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
        const variant = await fetch(`${base}${logo}?w=320`);
        expect(variant.headers.get("content-type")).toBe("image/webp");
        expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).format).toBe("webp");
        // The bytes came from the bucket: nothing was stored in DATA_DIR/uploads.
        expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
        expect(fs.readdirSync(path.join(s3.directory, s3.settings.bucket), { recursive: true }).length).toBeGreaterThan(10);
        site.child.kill("SIGTERM");
        expect(await site.exited).toBe(0);
        expect(site.output()).not.toContain('"level":"error"');
      } finally {
        await s3.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  test("behind HTTPS: HSTS, upgrade-insecure-requests and Secure cookies; plain HTTP gets no HSTS", OWN_SERVER, async () => {
    expect((await fetch(`${BASE_URL}/`)).headers.get("strict-transport-security")).toBeNull();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-e2e-https-"));
    try {
      const site = start(dataDir, {
        PUBLIC_URL: "https://bici.example.cat",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      });
      await site.ready();
      expect(site.output()).not.toContain("PUBLIC_URL is not set");
      const home = await fetch(`http://127.0.0.1:${site.port}/`);
      expect(home.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const csp = home.headers.get("content-security-policy")!;
      expect(csp).toContain("upgrade-insecure-requests");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(home.headers.get("permissions-policy")).toContain("microphone=(self)");

      const signIn = await fetch(`http://127.0.0.1:${site.port}/admin/login`, {
        method: "POST",
        body: new URLSearchParams(E2E_ADMIN),
        redirect: "manual",
      });
      expect(signIn.status).toBe(302);
      const cookies = signIn.headers.getSetCookie();
      expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["pb_flash", "pb_session"]);
      for (const c of cookies) expect(c).toMatch(/; Secure/i);
      for (const c of cookies) expect(c).toMatch(/; HttpOnly/i);
      for (const c of cookies) expect(c).toMatch(/; SameSite=Lax/i);
      const session = cookies.map((c) => c.split(";")[0]!).find((c) => c.startsWith("pb_session="))!;
      const dashboard = await fetch(`http://127.0.0.1:${site.port}/admin/dashboard`, { headers: { cookie: session } });
      expect(dashboard.status).toBe(200);
      expect(dashboard.headers.get("cache-control")).toBe("private, no-store");
      site.child.kill("SIGTERM");
      expect(await site.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Run with the PostgreSQL lane (CI's), which gives the server to share.
  for (const base of E2E_DATABASE_URL ? [process.env.E2E_DATABASE_URL!] : []) {
    test("with DATABASE_URL two instances share one database: no lock, cache invalidation, sessions, rate limits, /healthz", async () => {
      // (Two instances, a seed run beside them, and targeted invalidation checked page by page.)
      test.setTimeout(180_000);
      await withSeededPostgres(base, async ({ url, name, admin, dataDir }) => {
        // Two instances side by side on one database and one uploads folder, behind a (loopback) proxy.
        const shared = {
          DATABASE_URL: url.toString(),
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          TRUST_PROXY: "loopback",
        };
        const a = start(dataDir, shared);
        const b = start(dataDir, shared);
        await Promise.all([a.ready(), b.ready()]);
        expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
        expect(await (await fetch(`http://127.0.0.1:${a.port}/healthz`)).json()).toEqual({ status: "ok", database: "postgres" });
        expect(await (await fetch(`http://127.0.0.1:${b.port}/`)).text()).toContain("Bicicletada popular per la xarxa de carrils");
        // Targeted invalidation between instances: a write on A names its tables, and B makes stale
        // the pages that show them, and only those (LISTEN/NOTIFY carries the tables).
        const onB = (path: string) => fetch(`http://127.0.0.1:${b.port}${path}`);
        const pagesOnB = ["/", "/aportacions", "/testimonis", "/de-que-va"];
        for (const path of pagesOnB) {
          await onB(path);
          await expect.poll(async () => (await onB(path)).headers.get("x-cache"), path).toBe("HIT");
        }
        // A sign-out without a session names nothing: B keeps every page.
        expect((await fetch(`http://127.0.0.1:${a.port}/admin/sortir`, { method: "POST", redirect: "manual" })).status).toBe(302);
        await new Promise((r) => setTimeout(r, 300));
        for (const path of pagesOnB) expect((await onB(path)).headers.get("x-cache"), path).toBe("HIT");
        // A reflection on A shows on B's /aportacions within the staleness bound; /testimonis and
        // /de-que-va, which do not show reflections, stay kept.
        const reflectionText = `Reflexió entre instàncies ${randomBytes(4).toString("hex")}`;
        const wroteAt = Date.now();
        const reflected = await fetch(`http://127.0.0.1:${a.port}/participa/reflexio`, {
          method: "POST",
          headers: { "X-Forwarded-For": "203.0.113.50" },
          body: new URLSearchParams({ reflection: reflectionText, privacy: "on" }),
        });
        expect(reflected.status).toBe(200);
        await expect.poll(async () => (await (await onB("/aportacions")).text()).includes(reflectionText), { timeout: 5000 }).toBe(true);
        expect(Date.now() - wroteAt).toBeLessThan(2500);
        await expect.poll(async () => (await (await onB("/")).text()).includes(reflectionText), { timeout: 5000 }).toBe(true);
        for (const path of ["/testimonis", "/de-que-va"]) expect((await onB(path)).headers.get("x-cache"), path).toBe("HIT");
        // An admin's footer edit on A: every page on B.
        const adminOnA = await fetch(`http://127.0.0.1:${a.port}/admin/login`, {
          method: "POST",
          body: new URLSearchParams(E2E_ADMIN),
          redirect: "manual",
        });
        const adminCookie = adminOnA.headers
          .getSetCookie()
          .map((c) => c.split(";")[0]!)
          .find((c) => c.startsWith("pb_session="))!;
        const footerText = `Peu entre instàncies ${randomBytes(4).toString("hex")}`;
        const footer = await fetch(`http://127.0.0.1:${a.port}/admin/peu`, {
          method: "POST",
          headers: { cookie: adminCookie },
          body: new URLSearchParams({ intent: "texts", footerText, collaboratorsText: "Amb el suport de" }),
        });
        expect(footer.status).toBe(200);
        for (const path of pagesOnB) {
          await expect.poll(async () => (await (await onB(path)).text()).includes(footerText), { timeout: 5000, message: path }).toBe(true);
        }
        // So does the seed command, run beside them (it names everything).
        for (const path of pagesOnB) await expect.poll(async () => (await onB(path)).headers.get("x-cache"), path).toBe("HIT");
        const reseed = spawn("npm", ["run", "-s", "seed"], {
          env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir },
          stdio: "ignore",
        });
        expect(await new Promise((resolve) => reseed.on("exit", resolve))).toBe(0);
        await expect.poll(async () => (await onB("/testimonis")).headers.get("x-cache")).not.toBe("HIT");

        // Sessions live in the database: signed in on A, recognised on B; signed out on B, gone on A.
        const signIn = await fetch(`http://127.0.0.1:${a.port}/admin/login`, {
          method: "POST",
          body: new URLSearchParams(E2E_ADMIN),
          redirect: "manual",
        });
        expect(signIn.status).toBe(302);
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(";")[0]!)
          .find((c) => c.startsWith("pb_session="))!;
        const dashboard = (port: number) => fetch(`http://127.0.0.1:${port}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
        expect((await dashboard(b.port)).status).toBe(200);
        const signOut = await fetch(`http://127.0.0.1:${b.port}/admin/sortir`, { method: "POST", headers: { cookie }, redirect: "manual" });
        expect(signOut.status).toBe(302);
        const after = await dashboard(a.port);
        expect(after.status).toBe(302);
        expect(after.headers.get("location")).toMatch(/^\/admin\/login\b/);

        // Rate limits are counted in PostgreSQL: one client's writes spread over A and B add up.
        const reflect = (port: number, client: string) =>
          fetch(`http://127.0.0.1:${port}/participa/reflexio`, {
            method: "POST",
            headers: { "X-Forwarded-For": client },
            body: new URLSearchParams({ reflection: `Reflexió de prova des de ${client}` }),
          }).then((r) => r.status);
        for (let i = 0; i < RATE_LIMIT.points; i++) expect(await reflect(i % 2 ? a.port : b.port, "203.0.113.7")).toBe(200);
        expect(await reflect(a.port, "203.0.113.7")).toBe(429);
        expect(await reflect(b.port, "203.0.113.7")).toBe(429);
        expect(await reflect(b.port, "203.0.113.8")).toBe(200);

        // A public read that fails shows its default, and that page is kept by no cache.
        const home = () => fetch(`http://127.0.0.1:${b.port}/`);
        // (Notices of the writes above may still be arriving: wait until the page stays kept.)
        await expect.poll(async () => (await home()).headers.get("x-cache")).toBe("HIT");
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        await db.query("alter table activities rename to activities_away");
        try {
          // (A map comment makes the home page stale; the failing read comes with its next render.)
          const comment = await fetch(`http://127.0.0.1:${a.port}/participa/mapa`, {
            method: "POST",
            headers: { "X-Forwarded-For": "203.0.113.51" },
            body: new URLSearchParams({ comment: "Un comentari mentre falla una lectura", privacy: "on" }),
          });
          expect(comment.status).toBe(200);
          await expect.poll(async () => (await home()).headers.get("x-cache")).toBe("MISS");
          for (let i = 0; i < 2; i++) {
            const degraded = await home();
            expect(degraded.status).toBe(200);
            expect(degraded.headers.get("x-cache")).toBe("MISS");
            expect(degraded.headers.get("cache-control")).toBe("no-store");
            const html = await degraded.text();
            expect(html).toContain("No hi ha activitats programades encara.");
            expect(html).not.toContain("Bicicletada popular per la xarxa de carrils");
          }
        } finally {
          await db.query("alter table activities_away rename to activities");
          await db.end();
        }
        expect(await (await home()).text()).toContain("Bicicletada popular per la xarxa de carrils");
        await expect.poll(async () => (await home()).headers.get("x-cache")).toBe("HIT");

        // The database stops answering: /healthz says so; it comes back: so does /healthz.
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
        expect((await fetch(`http://127.0.0.1:${a.port}/healthz`)).status).toBe(503);
        await admin.query(`alter database ${name} allow_connections true`);
        await expect.poll(async () => (await fetch(`http://127.0.0.1:${a.port}/healthz`)).status).toBe(200);

        for (const s of [a, b]) s.child.kill("SIGTERM");
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      });
    });

    test("two instances under a burst of 200 sign-ins: at most the pair's guesses in all, the owner gets in, /healthz and /media stay fast", async () => {
      test.setTimeout(180_000);
      await withSeededPostgres(base, async ({ url, dataDir }) => {
        const shared = {
          DATABASE_URL: url.toString(),
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          TRUST_PROXY: "loopback",
          LOG_SILENT: "1",
        };
        // Ports of this run's own range (PORT+50…): PORT+100… may be another run's, whose answers would count here.
        const a = start(dataDir, shared, PORT + 50);
        const b = start(dataDir, shared, PORT + 51);
        await Promise.all([a.ready(), b.ready()]);
        const html = await (await fetch(`http://127.0.0.1:${a.port}/`)).text();
        const media = /\/media\/logos\/[0-9a-f-]{36}\.png/.exec(html)?.[0];
        expect(media, "the seeded footer shows a stored logo").toBeDefined();

        const burst = (attempts: SignInAttempt[]) => signInBurst(E2E_ADMIN.email, attempts);
        const ports = [a.port, b.port];
        const idle = await probeWhile(ports, media!, new Promise((resolve) => setTimeout(resolve, 1000)));

        // 1. One client, 200 wrong passwords at once, spread over both instances: the attempts are
        // counted in PostgreSQL before any password is checked, so A and B together allow PAIR_LIMIT
        // guesses; the owner, from a client that has not failed, signs in meanwhile.
        const oneClient = burst(
          Array.from({ length: 200 }, (_, i) => ({ port: ports[i % 2]!, client: "203.0.113.66", password: `malament-${i}` })),
        );
        const owner = ownerSignIn(b.port, "198.51.100.7");
        const oneClientTimes = await probeWhile(ports, media!, oneClient);
        const answers = await oneClient;
        const guesses = answers.filter((r) => r.status === 401).length;
        expect(guesses).toBeGreaterThan(0);
        expect(guesses).toBeLessThanOrEqual(PAIR_LIMIT.points);
        expectRefusedClearly(answers);
        expect(await owner).toBe(302);

        // 2. 200 clients at once, one guess each: every password check waits its turn (one at a
        // time per instance, a few queued, the rest refused at once), so the files and /healthz
        // are served as usual. The owner retries after Retry-After and gets in.
        const many = burst(
          Array.from({ length: 200 }, (_, i) => ({ port: ports[i % 2]!, client: `10.1.${i >> 8}.${i & 255}`, password: `x-${i}` })),
        );
        const ownerRetrying = ownerSignIn(a.port, "198.51.100.8");
        const manyTimes = await probeWhile(ports, media!, many);
        const manyAnswers = await many;
        expectRefusedClearly(manyAnswers);
        expect(await ownerRetrying).toBe(302);

        console.log(
          `sign-in bursts on two instances (PostgreSQL): idle ${JSON.stringify(idle)}; one client ${JSON.stringify({ guesses, ...oneClientTimes })}; 200 clients ${JSON.stringify({ guesses: manyAnswers.filter((r) => r.status === 401).length, ...manyTimes })}`,
        );
        for (const run of [oneClientTimes, manyTimes]) expectServedDuringBurst(run);
        for (const s of [a, b]) s.child.kill("SIGTERM");
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      });
    });
  }
});
