import { createServer, request, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logLines } from "~/test/log";
import { REPEAT_WINDOW_MS } from "~/infra/log.server";
import { SIGN_IN_BURST, SIGN_IN_IN_FLIGHT, signInGate } from "~/infra/login-throttle.server";

// The gate in front of the whole site (decision 042): what it refuses never reaches the app behind
// it, and a burst of refusals is one log line, not one per request.

describe("signInGate", () => {
  let server: Server;
  let port: number;
  /** Requests that reached the app, and the responses it holds open when `hold` is set. */
  const reached: string[] = [];
  const held: ServerResponse[] = [];
  let hold = false;

  beforeAll(async () => {
    // The client is named by a header here, as Express's req.ip names it behind a trusted proxy.
    const gate = signInGate((req: IncomingMessage) => String(req.headers["x-client"]));
    server = createServer((req, res) =>
      gate(req, res, () => {
        reached.push(`${req.method} ${req.url}`);
        req.resume();
        if (hold) held.push(res);
        else res.end("ok");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => {
    vi.useRealTimers();
    reached.length = 0;
    hold = false;
  });

  const send = (client: string, { method = "POST", path = "/admin/login" } = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { "X-Client": client },
      body: method === "POST" ? new URLSearchParams({ email: "gestor@penedes.cat", password: "malament" }) : undefined,
    }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));

  /** A post with its target sent as written (fetch would resolve dot segments and backslashes). */
  const sendRaw = (client: string, path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, method: "POST", path, headers: { "X-Client": client, "Content-Length": 0 } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on("error", reject);
      req.end();
    });

  it("refuses a client's sign-ins beyond its burst with a few safe bytes, never reaching the app, and logs them once", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(Date.now() + 10 * REPEAT_WINDOW_MS);
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    const lines = await logLines(async () => {
      for (let i = 0; i < SIGN_IN_BURST.perClient + 15; i++) answers.push(await send("203.0.113.10"));
      vi.advanceTimersByTime(REPEAT_WINDOW_MS);
    });
    expect(reached).toHaveLength(SIGN_IN_BURST.perClient);
    expect(answers.slice(0, SIGN_IN_BURST.perClient).map((a) => a.status)).toEqual(Array(SIGN_IN_BURST.perClient).fill(200));
    for (const refused of answers.slice(SIGN_IN_BURST.perClient)) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(SIGN_IN_BURST.windowMs / 1000);
      expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
      expect(refused.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(refused.body).toMatch(/^Massa intents fallits\. Per seguretat, torna-ho a provar d'aquí a 1 minut\.$/);
    }
    // Fifteen refusals: one warning at once, then one line with the count (before: a request log
    // line each, written by Express's middleware).
    expect(lines.map((l) => [l.level, l.msg, l.repeated])).toEqual([
      ["warn", "sign-in refused: too many at once, or too many from one client", undefined],
      ["warn", "sign-in refused: too many at once, or too many from one client (repeated)", 14],
    ]);
    // Another client is not held back by this one.
    expect((await send("198.51.100.10")).status).toBe(200);
  });

  it("refuses at once a sign-in beyond those in flight, and lets one in again when one ends", async () => {
    hold = true;
    const inFlight = Array.from({ length: SIGN_IN_IN_FLIGHT }, (_, i) => send(`192.0.2.${i + 1}`));
    await vi.waitFor(() => expect(reached).toHaveLength(SIGN_IN_IN_FLIGHT));
    const beyond = await Promise.all(Array.from({ length: 3 }, (_, i) => send(`192.0.2.${100 + i}`)));
    expect(beyond.map((a) => [a.status, a.headers.get("retry-after")])).toEqual(Array(3).fill([429, "1"]));
    expect(reached).toHaveLength(SIGN_IN_IN_FLIGHT);
    held.shift()!.end("ok");
    hold = false;
    expect((await send("192.0.2.200")).status).toBe(200);
    for (const res of held.splice(0)) res.end("ok");
    expect((await Promise.all(inFlight)).map((a) => a.status)).toEqual(Array(SIGN_IN_IN_FLIGHT).fill(200));
  });

  it("lets every other request through untouched, and knows the sign-in in any letter case and as data", async () => {
    const client = "203.0.113.20";
    for (let i = 0; i < SIGN_IN_BURST.perClient; i++)
      expect((await send(client, { path: i % 2 ? "/ADMIN/Login" : "/admin/login.data?x=1" })).status).toBe(200);
    expect((await send(client)).status).toBe(429);
    expect((await send(client, { method: "GET" })).status).toBe(200);
    expect((await send(client, { path: "/participa/reflexio" })).status).toBe(200);
    expect((await send(client, { path: "/admin/login/other" })).status).toBe(200);
  });

  it("knows the sign-in by the path the router matches: encoded letters, dot segments and backslashes are the sign-in too (issue 29)", async () => {
    const client = "203.0.113.30";
    const spellings = [
      "/admin/%6Cogin",
      "/%61dmin/login",
      "/admin/LOG%49N.data",
      "/admin/x/../login",
      "/admin/x/%2e%2e/login",
      "/admin\\login",
    ];
    for (let i = 0; i < SIGN_IN_BURST.perClient; i++) expect(await sendRaw(client, spellings[i % spellings.length]!)).toBe(200);
    // Before, each of these skipped the gate: the router signed in at them all the same.
    for (const path of spellings) expect(await sendRaw(client, path), path).toBe(429);
  });

  it("counts accepting an invitation (it hashes a password) as a sign-in", async () => {
    const client = "203.0.113.40";
    for (let i = 0; i < SIGN_IN_BURST.perClient; i++) expect((await send(client, { path: `/admin/invitacio/tok${i}` })).status).toBe(200);
    expect((await send(client, { path: "/admin/invitacio/%74ok" })).status).toBe(429);
    expect((await send(client, { path: "/admin/login" })).status).toBe(429);
  });

  it("counts an IPv6 client by its /64: a new address of the same network is the same client", async () => {
    for (let i = 0; i < SIGN_IN_BURST.perClient; i++) expect((await send(`2001:db8:77:1::${(i + 1).toString(16)}`)).status).toBe(200);
    expect((await send("2001:db8:77:1:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await send("2001:db8:77:2::1")).status).toBe(200);
  });
});
