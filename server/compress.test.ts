import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worthCompressing } from "./compress";

/** The real compression middleware with the site's filter, in front of answers streamed without a
 * length, as React Router streams pages and `.data` answers. */
describe("worthCompressing", () => {
  let server: Server;
  let base = "";
  const page = `<!doctype html><html><body>${"<p>Al Penedès, la bici ens mou!</p>".repeat(200)}</body></html>`;
  beforeAll(async () => {
    const app = express();
    app.use(compression({ filter: worthCompressing }));
    const stream =
      (type: string, body: string): express.RequestHandler =>
      (_req, res) => {
        res.type(type);
        Readable.from([body]).pipe(res);
      };
    app.get("/aportacions", stream("text/html", page));
    app.get("/aportacions.data", stream("text/x-script", page));
    app.post("/participa/reflexio.data", stream("text/x-script", '[{"_1":2},"data",{"ok":true}]'));
    app.post("/participa/reflexio", stream("text/html", page));
    app.get("/media/logos/a.svg", stream("image/svg+xml", page));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const encoding = async (method: string, path: string) => {
    const res = await fetch(`${base}${path}`, { method, headers: { "Accept-Encoding": "gzip, br" } });
    await res.arrayBuffer();
    return res.headers.get("content-encoding");
  };

  it("compresses pages and their data, also a page answering a form posted without JavaScript", async () => {
    expect(await encoding("GET", "/aportacions")).toMatch(/^(gzip|br)$/);
    expect(await encoding("GET", "/aportacions.data")).toMatch(/^(gzip|br)$/);
    expect(await encoding("POST", "/participa/reflexio")).toMatch(/^(gzip|br)$/);
  });

  it("sends the few bytes answering a form posted by JavaScript as they are (issue 12: a zlib stream each cost CPU the pages needed)", async () => {
    expect(await encoding("POST", "/participa/reflexio.data")).toBeNull();
  });

  it("leaves media alone (byte ranges)", async () => {
    expect(await encoding("GET", "/media/logos/a.svg")).toBeNull();
  });
});
