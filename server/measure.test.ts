import { EventEmitter } from "node:events";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { dayInCatalonia } from "~/domain/consultation";
import { PAGE_BY_PATH } from "~/lib/routes";
import { audience } from "~/models/page-views.server";
import { createTestDatabase, testBackends } from "~/test/db";
import { createMeasurement, deviceOf, isCountable, NO_MEASURE_COOKIE, pageOf, referrerOf } from "./measure";
import { createPageCache, type RouteOf } from "./page-cache";

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const TABLET = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The route table as the build's matcher answers (server/react-router.ts): the registry's pages,
 * a newsletter link with its token, a landing, and nothing else. */
const routeOf: RouteOf = (pathname) => {
  const page = PAGE_BY_PATH.get(pathname);
  if (page) return { id: page.id ?? page.file.replace(/\.tsx?$/, ""), canonical: pathname };
  if (/^\/newsletter\/confirma\/[^/]+$/.test(pathname)) return { id: "routes/newsletter/confirm", canonical: pathname };
  if (/^\/landing\/[^/]+$/.test(pathname)) return { id: "routes/landing", canonical: pathname };
  return null;
};

describe("what is counted, and as what", () => {
  const request = (headers: Record<string, string>, method = "GET") => ({ method, headers }) as unknown as http.IncomingMessage;

  it("counts a page of the registry, never the address as asked: no query string, no token", () => {
    expect(pageOf("/aportacions", routeOf)).toBe("/aportacions");
    expect(pageOf("/es/testimonios", routeOf)).toBe("/es/testimonios");
    expect(pageOf("/newsletter/confirma/b8f0c1d2e3", routeOf)).toBe("/newsletter/confirma/:token");
    expect(pageOf("/landing/estiu", routeOf)).toBe("/landing/estiu");
    // A navigation inside the site asks for the page's data: it is a view of that page.
    expect(pageOf("/aportacions.data", routeOf)).toBe("/aportacions");
    expect(pageOf("/_root.data", routeOf)).toBe("/");
    expect(pageOf("/no-existeix", routeOf)).toBeNull();
    expect(pageOf("/admin/tauler", routeOf)).toBeNull();
  });

  it("keeps only an external referring site's host, and a coarse device class", () => {
    const own = new Set(["penedesbici.cat"]);
    expect(referrerOf("https://www.google.com/search?q=bici", own)).toBe("google.com");
    expect(referrerOf("https://t.co/abc?token=x", own)).toBe("t.co");
    expect(referrerOf("https://penedesbici.cat/participa", own)).toBe("");
    expect(referrerOf("android-app://com.google.android.gm/", own)).toBe("");
    expect(referrerOf("no és una adreça", own)).toBe("");
    expect(referrerOf(undefined, own)).toBe("");
    expect(deviceOf(DESKTOP)).toBe("desktop");
    expect(deviceOf(PHONE)).toBe("mobile");
    expect(deviceOf(TABLET)).toBe("tablet");
  });

  it("leaves out bots, requests with no browser, prefetches, every method but GET, and visitors who said no", () => {
    expect(isCountable(request({ "user-agent": DESKTOP }))).toBe(true);
    expect(isCountable(request({ "user-agent": DESKTOP }, "HEAD"))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP }, "POST"))).toBe(false);
    expect(isCountable(request({}))).toBe(false);
    expect(isCountable(request({ "user-agent": GOOGLEBOT }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, "sec-purpose": "prefetch" }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, purpose: "prefetch" }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, "sec-gpc": "1" }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, dnt: "1" }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, cookie: `a=1; ${NO_MEASURE_COOKIE}=1` }))).toBe(false);
    expect(isCountable(request({ "user-agent": DESKTOP, cookie: `${NO_MEASURE_COOKIE}=0` }))).toBe(true);
  });
});

/** The real page cache in front of Express, as server/app.ts composes them, with the counter
 * observing every request first. Pages render a few bytes of HTML. */
async function site(database: Database, clock: { now: number }) {
  const cache = createPageCache({ headerInputs: () => ["csp"] });
  const measurement = createMeasurement({
    db: database.db,
    routeOf: () => routeOf,
    // The tests' clients say who they are in X-Forwarded-For (a trusted proxy).
    addressOf: (req) => String(req.headers["x-forwarded-for"] ?? req.socket.remoteAddress),
    ownHosts: ["penedesbici.cat"],
    flushMs: 3_600_000,
    now: () => clock.now,
  });
  const app = express();
  app.use((req, res, next) => {
    res.locals.url = new URL(req.originalUrl, `http://${req.headers.host}`);
    res.locals.cspNonce = "n";
    next();
  });
  app.use(cache.serve());
  app.all(
    "/{*path}",
    cache.render({
      stream: (_req, res) => void res.status(200).send("streamed"),
      route: routeOf,
      async render(request) {
        const path = new URL(request.url).pathname;
        const known = routeOf(path.replace(/\.data$/, "")) !== null;
        return new Response(`<!doctype html><p>${path}</p>`, {
          status: known ? 200 : 404,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
    }),
  );
  const front = cache.front();
  const server: Server = http.createServer((req, res) => {
    measurement.observe(req, res);
    front(req, res, () => app(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    measurement,
    cache,
    get: (path: string, headers: Record<string, string>, method = "GET") => fetch(`${base}${path}`, { headers, method }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(testBackends())("page views counted without cookies on %s", (backend) => {
  let database: Database;
  const clock = { now: Date.parse("2026-03-10T10:00:00Z") };
  const today = () => dayInCatalonia(clock.now);
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database.close());

  it("counts 200 parallel views exactly, cached or not, sets no cookie, and stores nothing that names anyone", async () => {
    const s = await site(database, clock);
    try {
      const address = (i: number) => `10.0.${i % 7}.${i % 5}`;
      const views = Array.from({ length: 200 }, (_, i) =>
        s.get("/aportacions?utm_source=butlleti&token=secret", { "user-agent": DESKTOP, "x-forwarded-for": address(i) }),
      );
      const fromElsewhere = Array.from({ length: 30 }, () =>
        s.get("/es/testimonios", { "user-agent": PHONE, "x-forwarded-for": "10.9.9.9", referer: "https://www.google.es/search?q=x" }),
      );
      const navigations = Array.from({ length: 10 }, () =>
        s.get("/aportacions.data", { "user-agent": TABLET, "x-forwarded-for": "10.9.9.8", referer: "http://127.0.0.1/aportacions" }),
      );
      // None of these is counted.
      const others = [
        s.get("/aportacions", { "user-agent": GOOGLEBOT }),
        s.get("/aportacions", {}),
        s.get("/aportacions", { "user-agent": DESKTOP }, "HEAD"),
        s.get("/aportacions", { "user-agent": DESKTOP, "sec-purpose": "prefetch" }),
        s.get("/aportacions", { "user-agent": DESKTOP, "sec-gpc": "1" }),
        s.get("/aportacions", { "user-agent": DESKTOP, cookie: `${NO_MEASURE_COOKIE}=1` }),
        s.get("/no-existeix", { "user-agent": DESKTOP }),
        s.get("/Aportacions", { "user-agent": DESKTOP, "x-forwarded-for": "10.1.1.1" }),
      ];
      const answers = await Promise.all([...views, ...fromElsewhere, ...navigations, ...others]);
      for (const res of answers) {
        expect(res.headers.get("set-cookie")).toBeNull();
        await res.arrayBuffer();
      }
      // Some were sent from the cache, in front of Express or through it.
      expect(answers.filter((r) => r.headers.get("x-cache") === "HIT").length).toBeGreaterThan(0);
      // Nothing is written until the flush.
      expect(await database.db.select().from(t.pageViews)).toEqual([]);
      await s.measurement.flush();

      const rows = await database.db.select().from(t.pageViews).orderBy(t.pageViews.page, t.pageViews.device);
      expect(rows).toEqual([
        { day: today(), page: "/aportacions", referrer: "", device: "desktop", views: 200 },
        { day: today(), page: "/aportacions", referrer: "", device: "tablet", views: 10 },
        { day: today(), page: "/es/testimonios", referrer: "google.es", device: "mobile", views: 30 },
      ]);
      // 35 desktop addresses (7 × 5), one phone, one tablet.
      const hashes = await database.db.select().from(t.visitorHashes);
      expect(hashes).toHaveLength(37);

      // Nothing identifying in any of the tables: no address, no browser name, no query string.
      const everything = JSON.stringify([
        rows,
        hashes,
        await database.db.select().from(t.dailyVisitors),
        await database.db.select().from(t.visitorSalts),
      ]);
      for (const secret of ["10.0.", "10.9.9", "Mozilla", "iPhone", "Chrome", "utm_source", "secret", "search?q"]) {
        expect(everything).not.toContain(secret);
      }
      for (const h of hashes) expect(h.hash).toMatch(/^[\w-]{22}$/);
      const columns = await database.db.execute<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns where table_name in ('page_views', 'visitor_hashes', 'daily_visitors', 'visitor_salts') order by 1, 2`,
      );
      const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
      expect(names.sort()).toEqual(["day", "day", "day", "day", "device", "hash", "page", "referrer", "salt", "views", "visitors"].sort());

      // The same visitors again the same day: more views, no more visitors.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          s.get("/aportacions", { "user-agent": DESKTOP, "x-forwarded-for": address(i) }).then((r) => r.arrayBuffer()),
        ),
      );
      await s.measurement.flush();
      expect(await database.db.select({ n: t.pageViews.views }).from(t.pageViews).where(eq(t.pageViews.device, "desktop"))).toEqual([
        { n: 220 },
      ]);
      expect(await database.db.select().from(t.visitorHashes)).toHaveLength(37);
    } finally {
      await s.close();
    }
  });

  it("adds up the counts of two instances flushing at once, and closes the day once: its hashes and salt deleted, its count kept", async () => {
    const a = await site(database, clock);
    const b = await site(database, clock);
    try {
      const before = await database.db.select().from(t.pageViews);
      const viewsOf = (rows: typeof before) => rows.filter((r) => r.page === "/recursos").reduce((n, r) => n + r.views, 0);
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? a : b).get("/recursos", { "user-agent": DESKTOP, "x-forwarded-for": `10.5.0.${i % 10}` }).then((r) => r.arrayBuffer()),
        ),
      );
      await Promise.all([a.measurement.flush(), b.measurement.flush()]);
      expect(viewsOf(await database.db.select().from(t.pageViews))).toBe(viewsOf(before) + 100);
      // The same ten visitors on both instances: one salt, ten hashes.
      expect(await database.db.select().from(t.visitorSalts)).toHaveLength(1);
      const visitorsToday = (await database.db.select().from(t.visitorHashes)).length;

      // The next day: both instances close the day at once; its count is kept once.
      const yesterday = today();
      clock.now += 24 * 3600_000;
      await Promise.all(
        [a, b].map((s) => s.get("/recursos", { "user-agent": PHONE, "x-forwarded-for": "10.6.0.1" }).then((r) => r.arrayBuffer())),
      );
      await Promise.all([a.measurement.flush(), b.measurement.flush()]);
      expect(await database.db.select().from(t.dailyVisitors)).toEqual([{ day: yesterday, visitors: visitorsToday }]);
      expect(await database.db.select({ day: t.visitorHashes.day }).from(t.visitorHashes)).toEqual([{ day: today() }]);
      expect(await database.db.select({ day: t.visitorSalts.day }).from(t.visitorSalts)).toEqual([{ day: today() }]);

      // What the dashboard reads: the last 30 days, each with its views and visitors.
      const seen = await audience(database.db, today());
      expect(seen.days).toHaveLength(30);
      expect(seen.days.at(-1)).toEqual({ day: today(), views: 2, visitors: 1 });
      expect(seen.days.at(-2)).toMatchObject({ day: yesterday, visitors: visitorsToday });
      expect(seen.pages[0]).toEqual({ page: "/aportacions", views: 230 });
      expect(seen.referrers).toEqual([{ referrer: "google.es", views: 30 }]);
      expect(seen.devices).toEqual({ desktop: 320, mobile: 32, tablet: 10 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("keeps a batch the database refused, and adds it with the next one", async () => {
    let away = true;
    const flaky = new Proxy(database.db, {
      get(target, prop) {
        if (away) throw new Error("the database is away");
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const s = await site({ ...database, db: flaky }, clock);
    try {
      const visit = async () => (await s.get("/participa", { "user-agent": DESKTOP, "x-forwarded-for": "10.7.0.1" })).arrayBuffer();
      await visit();
      await s.measurement.flush();
      away = false;
      expect(await database.db.select().from(t.pageViews).where(eq(t.pageViews.page, "/participa"))).toEqual([]);
      await visit();
      await s.measurement.flush();
      expect(await database.db.select({ views: t.pageViews.views }).from(t.pageViews).where(eq(t.pageViews.page, "/participa"))).toEqual([
        { views: 2 },
      ]);
    } finally {
      await s.close();
    }
  });
});

describe("what counting costs a page", () => {
  it("matches a path against the routes once while the route table is the same, and forgets past a bound", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const asked: string[] = [];
      let table: RouteOf = (pathname) => (asked.push(pathname), routeOf(pathname));
      const measurement = createMeasurement({
        db: database.db,
        routeOf: () => table,
        addressOf: () => "10.0.0.1",
        ownHosts: ["penedesbici.cat"],
        flushMs: 3_600_000,
      });
      try {
        const view = (url: string) => {
          const req = { method: "GET", url, headers: { "user-agent": DESKTOP } } as unknown as http.IncomingMessage;
          const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as http.ServerResponse;
          measurement.observe(req, res);
        };
        for (let i = 0; i < 50; i++) view(`/aportacions?pagina=${i}`);
        expect(asked).toEqual(["/aportacions"]);
        view("/no-existeix");
        view("/no-existeix");
        expect(asked).toEqual(["/aportacions", "/no-existeix"]);
        // A new route table (the dev server's reload): asked again.
        table = (pathname) => (asked.push(pathname), routeOf(pathname));
        view("/aportacions");
        expect(asked.filter((p) => p === "/aportacions")).toHaveLength(2);
        // Any path can be asked for: past the bound, what was kept is forgotten.
        for (let i = 0; i < 1000; i++) view(`/x${i}`);
        view("/aportacions");
        expect(asked.filter((p) => p === "/aportacions")).toHaveLength(3);
      } finally {
        await measurement.stop();
      }
    } finally {
      await database.close();
    }
  });
});
