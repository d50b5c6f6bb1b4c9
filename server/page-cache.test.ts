import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { contentChanged, parseAnnouncement } from "~/infra/content-changes.server";
import { createTestDatabase } from "~/test/db";
import { fixClock } from "~/test/clock";
import {
  createPageCache,
  FRESH_COOKIE,
  inlineScriptHashes,
  MAX_ENTRIES,
  MAX_KEYS_PER_PAGE,
  NOT_FOUND_KEY,
  pageAddress,
  pageKey,
  PUBLIC_CACHE_CONTROL,
  type PageCacheOptions,
  type RouteOf,
} from "./page-cache";
import { clientFiles, staticAssets } from "./static-assets";
import { PUBLIC_PAGES } from "~/lib/routes";

const key = (path: string) => pageKey(new URL(path, "http://127.0.0.1:3000"));

describe("pageKey", () => {
  it("keeps only the parameters a page reads, the first value of each, in a fixed order", () => {
    expect(key("/")).toBe("/");
    expect(key("/?utm_source=butlleti&fbclid=x")).toBe("/");
    expect(key("/recursos?ambit=infants")).toBe("/recursos");
    expect(key("/testimonis?utm_medium=xarxes&ambit=infants&ambit=laboral")).toBe("/testimonis?ambit=infants");
    expect(key("/testimonis?ambit=")).toBe("/testimonis?ambit=");
    expect(key("/aportacions?pagina=2&x=1&tipus=reflection")).toBe("/aportacions?tipus=reflection&pagina=2");
  });

  it("keeps them, and React Router's own, for a page's data and for route discovery on a client-side navigation", () => {
    expect(key("/aportacions.data?tipus=testimonial&_routes=routes%2Faportacions&gclid=1")).toBe(
      "/aportacions.data?tipus=testimonial&_routes=routes%2Faportacions",
    );
    expect(key("/_root.data?_routes=root%2Croutes%2Fhome&utm_source=x")).toBe("/_root.data?_routes=root%2Croutes%2Fhome");
    expect(key("/testimonis.data?ambit=infants")).toBe("/testimonis.data?ambit=infants");
    expect(key("/__manifest?paths=%2F%2C%2Frecursos&version=00dbb151")).toBe("/__manifest?paths=%2F%2C%2Frecursos&version=00dbb151");
  });

  it("gives every path no route knows the one key of the not-found page (issue 19, defect 6)", () => {
    const routeOf: RouteOf = (path) => (path.includes("/no-") ? null : { id: path, canonical: path });
    const keyOf = (path: string) => pageKey(new URL(path, "http://127.0.0.1:3000"), routeOf);
    expect(keyOf("/no-existeix-1")).toBe(NOT_FOUND_KEY);
    expect(keyOf("/no-existeix-2?x=1")).toBe(NOT_FOUND_KEY);
    expect(keyOf("/no-existeix-3.data?_routes=x")).toBe(`${NOT_FOUND_KEY}.data`);
    expect(keyOf("/testimonis?ambit=infants")).toBe("/testimonis?ambit=infants");
    // Each language has its not-found page (decision 059): a Spanish address never gets the Catalan one.
    expect(keyOf("/es/no-existeix")).toBe("/es/404");
    expect(keyOf("/en/no-existeix.data?_routes=x")).toBe("/en/404.data");
  });
});

/** The route table's answer for a few pages, as React Router matches them (server/react-router.ts,
 * routeMatcher: any letter case, percent-encoded or not, a trailing slash). */
const PAGES = ["/", "/testimonis", "/de-que-va", "/aportacions", "/denuncia"];
const routeOf: RouteOf = (pathname) => {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const page = PAGES.find((p) => p === (decoded.toLowerCase().replace(/(.)\/$/, "$1") || "/"));
  return page ? { id: `routes${page}`, canonical: page } : null;
};

describe("pageAddress (issue 29, item 8)", () => {
  const address = (path: string) => pageAddress(new URL(path, "http://127.0.0.1:3000"), routeOf);

  it("keeps every spelling of a page's path under the one address the site writes, and names it as the address to redirect to", () => {
    for (const spelling of ["/aportacions", "/APORTACIONS", "/Aportacions", "/%61portacions", "/%61PORTACIONS", "/aportacions/"]) {
      expect(address(spelling), spelling).toEqual({ key: "/aportacions", group: "routes/aportacions", canonical: "/aportacions" });
    }
    expect(address("/TESTIMONIS?ambit=infants").key).toBe("/testimonis?ambit=infants");
    expect(address("/Aportacions.data?_routes=routes%2Faportacions")).toEqual({
      key: "/aportacions.data?_routes=routes%2Faportacions",
      group: "routes/aportacions",
      canonical: null,
    });
  });

  it("spells the values of the parameters a page reads one way: a type no list knows and the first page are the page without them", () => {
    expect(address("/aportacions?tipus=inventat").key).toBe("/aportacions");
    expect(address("/aportacions?tipus=reflection&pagina=1").key).toBe("/aportacions?tipus=reflection");
    expect(address("/aportacions?pagina=7").key).toBe("/aportacions?pagina=7");
    expect(address("/denuncia?tipus=reflection&id=0A1B2C3D-0000-4000-8000-00000000ABCD").key).toBe(
      "/denuncia?tipus=reflection&id=0a1b2c3d-0000-4000-8000-00000000abcd",
    );
  });

  it("names no address to redirect to for the not-found page", () => {
    expect(address("/No-Existeix")).toEqual({ key: NOT_FOUND_KEY, group: NOT_FOUND_KEY, canonical: null });
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the text of each inline script as the browser does, and leaves scripts with a source alone", () => {
    const inline = 'window.__x = {"a":"é"};';
    const html = `<html><head><script src="/assets/a.js"></script></head><body><script>${inline}</script><script type="module" async="">import("/b.js");</script></body></html>`;
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha(inline), sha('import("/b.js");')]);
  });
});

/** A site made of the real page cache and the real database, composed as server/app.ts composes it
 * (front() in front of Express): each page's render reads its tables (and counts itself); POST
 * /escriu?taula=… inserts a reflection and names the tables it is told. `csp` is the policy's
 * header input (the server's are the CSP's frame sources). */
async function site(database: Database, options: Omit<PageCacheOptions, "database" | "headerInputs" | "isFile"> = {}) {
  const csp = { scriptSrc: "'self'" };
  // The build's files, as build/client holds them.
  const clientDir = mkdtempSync(path.join(tmpdir(), "client-"));
  mkdirSync(path.join(clientDir, "images/scenes"), { recursive: true });
  writeFileSync(path.join(clientDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(clientDir, "images/scenes/vinyes.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>');
  writeFileSync(path.join(clientDir, "images/og.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]));
  const isFile = clientFiles(clientDir);
  const cache = createPageCache({ ...options, isFile, headerInputs: () => [csp.scriptSrc] });
  const renders: string[] = [];
  let gate: Promise<void> | null = null;
  const reads: Record<string, (db: Database["db"]) => Promise<unknown>> = {
    "/": (db) => db.select().from(t.reflections),
    "/testimonis": (db) => db.select().from(t.testimonials),
    "/de-que-va": async () => null,
    "/aportacions": (db) => db.select().from(t.reflections),
    [NOT_FOUND_KEY]: async () => null,
  };
  const app = express();
  app.use((req, res, next) => {
    res.locals.url = new URL(req.originalUrl, `http://${req.headers.host}`);
    res.locals.cspNonce = "nonce-de-prova";
    res.setHeader("Content-Security-Policy", `script-src ${csp.scriptSrc} 'nonce-nonce-de-prova'; object-src 'none'`);
    next();
  });
  app.use(staticAssets(clientDir, isFile));
  app.use(cache.serve());
  app.post("/escriu", async (req, res) => {
    await database.db.insert(t.reflections).values({ reflection: `Una reflexió de prova ${Date.now()}` });
    const names = String(req.query.taula ?? "")
      .split(",")
      .filter(Boolean);
    contentChanged(...names.map((n) => ({ reflections: t.reflections, footer_config: t.footerConfig })[n]!));
    res.status(200).send("ok");
  });
  app.all(
    "/{*path}",
    cache.render({
      stream: (_req, res) => void res.status(200).send("streamed"),
      route: routeOf,
      async render(request) {
        const path = new URL(request.url).pathname;
        renders.push(path);
        await database.db.select().from(t.footerConfig);
        const rows = await reads[path]!(database.db);
        await gate;
        const html = `<!doctype html><p>${path} ${JSON.stringify(rows)}</p><script>window.x = 1;</script>`;
        return new Response(html, { status: path === NOT_FOUND_KEY ? 404 : 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
      },
    }),
  );
  const front = cache.front();
  const server: Server = http.createServer((req, res) => front(req, res, () => app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    csp,
    renders,
    base,
    get: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }),
    write: (tables: string) => fetch(`${base}/escriu?taula=${tables}`, { method: "POST" }),
    /** Holds every render until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const xCache = (res: Response) => res.headers.get("x-cache");
const statusOf = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });

describe("the page cache, with real writes on PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.close());

  it("a write makes stale only the pages that read the tables it names; a write that names nothing keeps every page (issue 19, defect 3)", async () => {
    const s = await site(database, { rerenderIntervalMs: 0 });
    try {
      for (const path of ["/", "/testimonis", "/de-que-va"]) await s.get(path);
      expect(s.renders).toEqual(["/", "/testimonis", "/de-que-va"]);

      // A write that names nothing: no cookie, nothing stale.
      const silent = await s.write("");
      expect(silent.headers.get("set-cookie")).toBeNull();
      for (const path of ["/", "/testimonis", "/de-que-va"]) expect(xCache(await s.get(path)), path).toBe("HIT");

      // A reflection: the page that reads reflections only, and its author gets the fresh-view cookie.
      const reflection = await s.write("reflections");
      expect(reflection.headers.get("set-cookie")).toMatch(new RegExp(`^${FRESH_COOKIE}=1; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax`));
      expect(s.cache.status("/")).toBe("stale");
      expect(s.cache.status("/testimonis")).toBe("fresh");
      expect(s.cache.status("/de-que-va")).toBe("fresh");
      // The stale copy is sent while one render of the new one runs; then the new one is sent.
      expect(xCache(await s.get("/"))).toBe("STALE");
      await expect.poll(() => s.cache.status("/")).toBe("fresh");
      expect(xCache(await s.get("/"))).toBe("HIT");
      expect(s.renders.filter((p) => p === "/")).toHaveLength(2);

      // The footer: every page.
      await s.write("footer_config");
      for (const path of ["/", "/testimonis", "/de-que-va"]) expect(s.cache.status(path), path).toBe("stale");

      // The author's requests skip the cache while the cookie lasts.
      const own = await s.get("/testimonis", { Cookie: `${FRESH_COOKIE}=1` });
      expect(await own.text()).toBe("streamed");
      expect(own.headers.get("cache-control")).toBe("private, no-store");
    } finally {
      await s.close();
    }
  });

  it("a new day in Catalonia forgets every kept page: they say what holds today (decision 050)", async () => {
    // 23:59 in Madrid (winter, UTC+1), then 00:01: the consultation may have closed at midnight.
    fixClock("2030-01-15T22:59:00Z");
    const s = await site(database);
    try {
      await s.get("/de-que-va");
      expect(xCache(await s.get("/de-que-va"))).toBe("HIT");
      fixClock("2030-01-15T23:01:00Z");
      expect(s.cache.status("/de-que-va")).toBe("fresh");
      expect(xCache(await s.get("/de-que-va"))).not.toBe("HIT");
      expect(s.renders.filter((p) => p === "/de-que-va")).toHaveLength(2);
      expect(xCache(await s.get("/de-que-va"))).toBe("HIT");
    } finally {
      vi.useRealTimers();
      await s.close();
    }
  });

  it("a flood of concurrent requests to a page whose content just changed causes one render, within the bound and past it", async () => {
    // Past the bound (no stale copy may be sent): every request waits for the same render.
    const strict = await site(database, { maxStaleMs: 0, rerenderIntervalMs: 0 });
    try {
      await strict.get("/");
      await strict.write("reflections");
      const release = strict.hold();
      const flood = Array.from({ length: 200 }, () => strict.get("/"));
      await new Promise((r) => setTimeout(r, 200));
      release();
      const answers = await Promise.all(flood);
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(strict.renders).toEqual(["/", "/"]);
      expect(answers.filter((r) => xCache(r) === "MISS")).toHaveLength(1);
      const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
      expect(bodies.size).toBe(1);
      // A cold page too: one render for a crowd.
      const cold = await Promise.all(Array.from({ length: 100 }, () => strict.get("/testimonis")));
      expect(cold.every((r) => r.status === 200)).toBe(true);
      expect(strict.renders.filter((p) => p === "/testimonis")).toHaveLength(1);
    } finally {
      await strict.close();
    }

    // Within the bound: every request gets the stale copy at once, and one render runs behind them.
    const lenient = await site(database, { rerenderIntervalMs: 0 });
    try {
      await lenient.get("/");
      await lenient.write("reflections");
      const release = lenient.hold();
      const answers = await Promise.all(Array.from({ length: 200 }, () => lenient.get("/")));
      expect(answers.every((r) => r.status === 200 && xCache(r) === "STALE")).toBe(true);
      release();
      await expect.poll(() => lenient.cache.status("/")).toBe("fresh");
      expect(lenient.renders).toEqual(["/", "/"]);
    } finally {
      await lenient.close();
    }
  });

  it("a stale page is sent for at most the bound after the write; then requests wait for the new copy", async () => {
    // No background render (a long interval): only the bound brings the new copy.
    const s = await site(database, { maxStaleMs: 300, rerenderIntervalMs: 60_000 });
    try {
      const before = await (await s.get("/")).text();
      await s.write("reflections");
      const stale = await s.get("/");
      expect(xCache(stale)).toBe("STALE");
      expect(await stale.text()).toBe(before);
      await new Promise((r) => setTimeout(r, 350));
      const fresh = await s.get("/");
      expect(xCache(fresh)).toBe("MISS");
      expect(await fresh.text()).not.toBe(before);
    } finally {
      await s.close();
    }
  });

  it("a page whose tables change while it renders is kept as stale, not as current", async () => {
    const s = await site(database, { rerenderIntervalMs: 0 });
    try {
      const release = s.hold();
      const rendering = s.get("/");
      await expect.poll(() => s.renders.length).toBe(1);
      await s.write("reflections");
      release();
      expect((await rendering).status).toBe(200);
      expect(s.cache.status("/")).toBe("stale");
    } finally {
      await s.close();
    }
  });

  it("a thousand made-up paths share one kept not-found page and push no page out (issue 19, defect 6)", async () => {
    const s = await site(database);
    try {
      await s.get("/");
      for (let i = 0; i < 1000; i += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => s.get(`/inventada-${i + j}`)));
        expect(batch.every((r) => r.status === 404)).toBe(true);
      }
      expect(s.renders).toEqual(["/", NOT_FOUND_KEY]);
      expect(s.cache.size).toBe(2);
      expect(xCache(await s.get("/"))).toBe("HIT");
    } finally {
      await s.close();
    }
  });

  it("kept pages carry no nonce: their policy allows their inline scripts by hash; strong ETags per encoding, 304, CDN headers", async () => {
    const s = await site(database);
    try {
      await s.get("/de-que-va");
      for (const encoding of ["br", "gzip", "identity"]) {
        const res = await s.get("/de-que-va", { "Accept-Encoding": encoding });
        expect(xCache(res)).toBe("HIT");
        const csp = res.headers.get("content-security-policy")!;
        expect(csp).not.toContain("nonce");
        expect(csp).toBe(`script-src 'self' ${inlineScriptHashes(await res.text())[0]}; object-src 'none'`);
        expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
        expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
        expect(res.headers.get("vary")).toBe("Accept-Encoding, Cookie");
        const etag = res.headers.get("etag")!;
        expect(etag).toMatch(/^"[\w-]+"$/); // strong: no W/
        // (Raw HTTP: fetch() adds "Cache-Control: no-cache" to conditional requests.)
        expect(await statusOf(`${s.base}/de-que-va`, { "Accept-Encoding": encoding, "If-None-Match": etag })).toBe(304);
      }
      const etags = new Set(
        await Promise.all(
          ["br", "gzip", "identity"].map(async (e) => (await s.get("/de-que-va", { "Accept-Encoding": e })).headers.get("etag")),
        ),
      );
      expect(etags.size).toBe(3);
    } finally {
      await s.close();
    }
  });

  it("a kept page is sent in front of Express exactly as Express sent it, in each encoding, for HEAD and 304, while its header inputs stay the same (decision 043)", async () => {
    const s = await site(database, { rerenderIntervalMs: 0 });
    const headersOf = (res: Response) => {
      const all = Object.fromEntries(res.headers);
      // (What the connection says is the client's and the server's business, not the page's.)
      for (const name of ["date", "x-cache", "connection", "keep-alive"]) delete all[name];
      return all;
    };
    try {
      for (const encoding of ["br", "gzip", "identity"]) {
        const before = s.cache.frontAnswers;
        // The first answer in an encoding is Express's (a miss, or a hit it records); the next are front()'s.
        const throughExpress = await s.get("/", { "Accept-Encoding": encoding });
        expect(s.cache.frontAnswers).toBe(before);
        const inFront = await s.get("/", { "Accept-Encoding": encoding });
        expect(s.cache.frontAnswers, encoding).toBe(before + 1);
        expect(xCache(inFront)).toBe("HIT");
        expect(inFront.status).toBe(200);
        expect(headersOf(inFront)).toEqual(headersOf(throughExpress));
        expect(Buffer.from(await inFront.arrayBuffer())).toEqual(Buffer.from(await throughExpress.arrayBuffer()));
        // HEAD: the same headers, no body; a matching ETag: 304, without a body's headers.
        const head = await fetch(`${s.base}/`, { method: "HEAD", headers: { "Accept-Encoding": encoding } });
        expect(headersOf(head)).toEqual(headersOf(inFront));
        expect(await head.text()).toBe("");
        const etag = inFront.headers.get("etag")!;
        expect(await statusOf(`${s.base}/`, { "Accept-Encoding": encoding, "If-None-Match": etag })).toBe(304);
        expect(s.cache.frontAnswers).toBe(before + 3);
      }

      // The policy's inputs change (a new embed's host): the next answer is Express's, with the new
      // policy, and front() sends that one from then on.
      s.csp.scriptSrc = "'self' https://www.youtube-nocookie.com";
      const before = s.cache.frontAnswers;
      const renewed = await s.get("/", { "Accept-Encoding": "br" });
      expect(s.cache.frontAnswers).toBe(before);
      expect(renewed.headers.get("content-security-policy")).toContain("https://www.youtube-nocookie.com");
      const next = await s.get("/", { "Accept-Encoding": "br" });
      expect(s.cache.frontAnswers).toBe(before + 1);
      expect(next.headers.get("content-security-policy")).toBe(renewed.headers.get("content-security-policy"));

      // A stale page is sent in front only while its new copy is under way or not yet due; the
      // render itself is started by Express.
      await s.write("reflections");
      expect(xCache(await s.get("/", { "Accept-Encoding": "br" }))).toBe("STALE");
      await expect.poll(() => s.cache.status("/")).toBe("fresh");
      expect(s.renders.filter((p) => p === "/")).toHaveLength(2);

      // What front() leaves to Express: writes, sessions and fresh views, admin paths, malformed hosts.
      const sent = s.cache.frontAnswers;
      await s.get("/", { Cookie: `${FRESH_COOKIE}=1` });
      await s.get("/", { Cookie: "pb_session=x" });
      await s.get("/ADMIN/login");
      expect(await statusOf(`${s.base}/`, { Host: "exemple..cat/x" })).toBe(200);
      expect(s.cache.frontAnswers).toBe(sent);
    } finally {
      await s.close();
    }
  });

  it("admin addresses stay out of the cache in every letter case and encoding (issue 19, note 9)", async () => {
    const s = await site(database);
    try {
      for (const path of ["/ADMIN/login", "/Admin/login", "/%61dmin/login", "/admin.data", "/MEDIA/x"]) {
        const res = await s.get(path);
        expect(await res.text(), path).toBe("streamed");
        expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      }
      expect(s.renders).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe("the build's files and the page cache (issue 27, item 1)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.close());

  it("a not-found page once kept, every file of the build is still sent as that file, with its own type, however often and however spelt", async () => {
    const s = await site(database);
    try {
      const files = { "/favicon.svg": "image/svg+xml", "/images/scenes/vinyes.svg": "image/svg+xml", "/images/og.jpg": "image/jpeg" };
      for (const [file, type] of Object.entries(files)) expect((await s.get(file)).headers.get("content-type"), file).toContain(type);
      for (let i = 0; i < 3; i++) {
        for (const unknown of ["/no-existeix", "/images/no-existeix.svg", "/favicon.svgx", "/404"]) {
          const res = await s.get(unknown);
          expect(res.status, unknown).toBe(404);
          expect(res.headers.get("content-type"), unknown).toContain("text/html");
        }
        expect(s.cache.status(NOT_FOUND_KEY)).toBe("fresh");
        for (const [file, type] of Object.entries(files)) {
          for (const spelling of [file, file.replace(".", "%2E")]) {
            const res = await s.get(spelling);
            expect(res.status, spelling).toBe(200);
            expect(res.headers.get("content-type"), spelling).toContain(type);
            expect(res.headers.get("x-cache"), spelling).toBeNull();
          }
        }
      }
      // Only the not-found page was rendered, once; no file's address is a key.
      expect(s.renders).toEqual([NOT_FOUND_KEY]);
      expect(s.cache.size).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe("other spellings and variants of a page (issue 29, item 8)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.close());

  it("another spelling of a page's path is redirected to the one the site writes, its query kept", async () => {
    const s = await site(database);
    try {
      for (const spelling of ["/APORTACIONS?tipus=reflection", "/%61portacions?tipus=reflection", "/Aportacions/?tipus=reflection"]) {
        const res = await fetch(`${s.base}${spelling}`, { redirect: "manual" });
        expect(res.status, spelling).toBe(301);
        expect(res.headers.get("location"), spelling).toBe("/aportacions?tipus=reflection");
      }
      // Kept, the page is not sent in front of Express under another spelling either.
      expect((await s.get("/aportacions")).status).toBe(200);
      expect((await s.get("/aportacions")).headers.get("x-cache")).toBe("HIT");
      expect((await fetch(`${s.base}/APORTACIONS`, { redirect: "manual" })).status).toBe(301);
      expect(s.renders).toEqual(["/aportacions"]);
    } finally {
      await s.close();
    }
  });

  it("every page's share of addresses fits in the cache together: no page's variants can push another page out", () => {
    // The public pages, robots.txt, sitemap.xml, the map's GeoJSON, an activity's calendar file, the
    // not-found page in each language, the root's data and React Router's route discovery (the back
    // office is never kept).
    const pages = PUBLIC_PAGES.length + 9;
    expect(pages * MAX_KEYS_PER_PAGE).toBeLessThanOrEqual(MAX_ENTRIES);
  });

  it("600 variants of /aportacions push neither / nor the other pages out: one page keeps at most its share of addresses", async () => {
    const s = await site(database);
    try {
      await s.get("/");
      await s.get("/testimonis");
      let i = 0;
      // Each one a page of its own (pages 2 to 601), and other spellings of them.
      const variants = Array.from({ length: 600 }, (_, i) => `/aportacions?pagina=${i + 2}`);
      variants.push(...variants.slice(0, 60).map((v) => v.replace("/aportacions", i++ % 2 ? "/APORTACIONS" : "/%61portacions")));
      for (let n = 0; n < variants.length; n += 50) await Promise.all(variants.slice(n, n + 50).map((v) => s.get(v)));
      expect(s.cache.size).toBeLessThanOrEqual(2 + MAX_KEYS_PER_PAGE);
      const home = await s.get("/");
      expect(home.headers.get("x-cache")).toBe("HIT");
      expect((await s.get("/testimonis")).headers.get("x-cache")).toBe("HIT");
      expect(s.renders.filter((p) => p === "/")).toHaveLength(1);
      // The variants that are one page (a type no list knows, the first page) are one kept page.
      await s.get("/aportacions?tipus=inventat");
      expect((await s.get("/aportacions?pagina=1&tipus=un-altre")).headers.get("x-cache")).toBe("HIT");
      expect(s.cache.status("/aportacions")).toBe("fresh");
    } finally {
      await s.close();
    }
  });
});

describe("announcements between instances", () => {
  it("carry the announcer and the tags; one without tags (an older instance) changed everything", () => {
    expect(parseAnnouncement("ab12 reflections,footer_config")).toEqual(["ab12", ["reflections", "footer_config"]]);
    expect(parseAnnouncement("seed *")).toEqual(["seed", ["*"]]);
    expect(parseAnnouncement("ab12")).toEqual(["ab12", ["*"]]);
  });
});
