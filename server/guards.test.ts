import type { Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logLines } from "~/test/log";
import { REPEAT_WINDOW_MS } from "~/infra/log.server";
import { cspNonce, sameOriginMutations, wellFormedRequests } from "./guards";

describe.each([
  ["without PUBLIC_URL (the request's own origin)", undefined],
  ["with PUBLIC_URL", "https://bici.example.cat"],
])("sameOriginMutations %s", (_name, publicOrigin) => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(wellFormedRequests());
    app.use(sameOriginMutations(publicOrigin));
    app.all("/{*path}", (_req, res) => void res.send("ok"));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => vi.useRealTimers());

  const post = (origin?: string) =>
    fetch(`http://127.0.0.1:${port}/participa/reflexio`, {
      method: "POST",
      headers: origin === undefined ? {} : { Origin: origin },
      body: "reflection=hola",
    }).then((r) => r.status);

  it("lets through only the site's whole origin: another scheme or port is another origin", async () => {
    const own = publicOrigin ?? `http://127.0.0.1:${port}`;
    expect(await post(own)).toBe(200);
    expect(await post(`${own}/`)).toBe(200);
    expect(await post(undefined)).toBe(200);
    // Before: only the host was compared, so an https page could post to the http site (and the
    // host alone matched for a PUBLIC_URL site reached through its own address).
    const others = [
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      "http://bici.example.cat",
      "https://bici.example.cat:8443",
      "https://evil.example",
      "null",
      "no és un origen",
    ];
    if (publicOrigin) others.push(`http://127.0.0.1:${port}`);
    for (const origin of others) expect(await post(origin), origin).toBe(403);
    expect((await fetch(`http://127.0.0.1:${port}/`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });

  it("a flood of refused posts is one warning with no stack, then one line with the count", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(Date.now() + 10 * REPEAT_WINDOW_MS);
    const lines = await logLines(async () => {
      for (let i = 0; i < 40; i++) expect(await post("https://evil.example")).toBe(403);
      vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    });
    expect(lines.map((l) => [l.level, l.msg, l.repeated])).toEqual([
      ["warn", "cross-origin request refused", undefined],
      ["warn", "cross-origin request refused (repeated)", 39],
    ]);
    expect(JSON.stringify(lines)).not.toContain("stack");
  });
});

describe("wellFormedRequests: one reading of the path (decision 052)", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(wellFormedRequests());
    app.all("/{*path}", (req, res) => {
      seen.push(req.originalUrl);
      res.send("ok");
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`).then(async (r) => ({ status: r.status, body: await r.text() }));

  it("refuses with a 400 a path with an encoded slash, one encoded twice or a malformed escape, before any route sees it", async () => {
    for (const path of [
      "/admin%2Fcomptes",
      "/admin/export/audit%252Ecsv",
      "/admin/%2561udit",
      "/landing/..%2f..%2fadmin",
      "/%E0%A4",
      "/x%00",
    ]) {
      expect(await get(path), path).toEqual({ status: 400, body: "Petició no vàlida" });
    }
    expect(seen).toEqual([]);
  });

  it("lets a path encoded once through: the router reads it decoded, as the roles do", async () => {
    for (const path of ["/admin/export/audit%2Ecsv", "/participa/reflexi%C3%B3", "/aportacions?tipus=%2F"])
      expect((await get(path)).status, path).toBe(200);
  });
});

describe("cspNonce", () => {
  it("gives 16 random bytes each time, never the same, across the pool's refills", () => {
    const nonces = Array.from({ length: 2000 }, cspNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
    // Not a counter: the bytes vary everywhere.
    const first = nonces.map((n) => Buffer.from(n, "base64")[0]!);
    expect(new Set(first).size).toBeGreaterThan(100);
  });
});
