import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The nginx configuration docs/deploy.md ships (docs/nginx/penedes-bici.conf), as the campaign-day
// rehearsal runs it (decision 058).
const conf = fs.readFileSync(path.resolve(__dirname, "../docs/nginx/penedes-bici.conf"), "utf8");
const upstream = /upstream penedes_bici \{([^}]*)\}/.exec(conf)?.[1] ?? "";
const seconds = (value: string | undefined) => (value ? Number(/^(\d+)s?$/.exec(value)?.[1]) : NaN);

describe("the shipped nginx configuration", () => {
  it("closes its kept connections to an instance before the instance does", () => {
    // start.ts serves with http.createServer's own keep-alive timeout. Were nginx to keep an idle
    // connection longer (its default is 60 s), it would send a request on one Node is closing: the
    // rehearsal saw POSTs answered 502 at the base load (never retried, as they may be stored).
    const nodeMs = createServer().keepAliveTimeout;
    expect(upstream).toMatch(/\bkeepalive \d+;/);
    const nginxMs = seconds(/\bkeepalive_timeout (\S+);/.exec(upstream)?.[1]) * 1000;
    expect(nginxMs).toBeLessThan(nodeMs);
  });

  it("retries on the other instance only what never reached a dead one, never the site's own 503", () => {
    const rule = /proxy_next_upstream ([^;]+);/.exec(conf)?.[1]?.split(/\s+/) ?? [];
    expect(rule).toEqual(expect.arrayContaining(["error", "timeout"]));
    expect(rule).not.toContain("non_idempotent");
    expect(rule).not.toContain("http_503");
  });

  it("takes uploads of 110 MB, as the site's video form allows", () => {
    expect(conf).toMatch(/client_max_body_size 110m;/);
  });
});
