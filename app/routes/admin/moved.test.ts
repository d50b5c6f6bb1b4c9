import { expect, it } from "vitest";
import { ADMIN_SCREEN_LIST, addressOf } from "~/domain/admin-screens";
import { newAddress, loader, action } from "./moved";

// The old English addresses of the back office (decision 055): each is a permanent redirect (308)
// to its Catalan address, for a GET and a POST alike, with the rest of its path and its query.

const moved = ADMIN_SCREEN_LIST.filter((s) => s.was);
const call = (fn: typeof loader | typeof action, url: string, method = "GET") =>
  (fn as (a: { request: Request }) => Promise<Response>)({
    request: new Request(`http://127.0.0.1${url}`, { method, ...(method === "POST" ? { body: new URLSearchParams({ title: "x" }) } : {}) }),
  });

it("every old address answers a GET and a POST with a 308 to its new address, its query kept", async () => {
  expect(moved.length).toBeGreaterThanOrEqual(12);
  for (const s of moved) {
    const query = "?estat=published&q=bici%20verda";
    for (const [fn, method] of [
      [loader, "GET"],
      [action, "POST"],
    ] as const) {
      const res = await call(fn, `${s.was}${query}`, method);
      expect(res.status, `${method} ${s.was}`).toBe(308);
      expect(res.headers.get("Location"), `${method} ${s.was}`).toBe(`${addressOf(s)}${query}`);
    }
  }
});

it("what follows an old address follows the new one; another spelling of it is the same address", async () => {
  expect(newAddress(new URL("http://x/admin/upload/videos?x=1"))).toBe("/admin/puja/videos?x=1");
  expect(newAddress(new URL("http://x/admin/TESTIMONIALS"))).toBe("/admin/testimonis");
  expect(newAddress(new URL("http://x/admin/%6Eewsletter-send/"))).toBe("/admin/butlleti/");
  expect(newAddress(new URL("http://x/admin/newsletter"))).toBe("/admin/subscriptors");
  expect(newAddress(new URL("http://x/admin/landings/a%2Fb"))).toBe(null);
  // Never off the site: what follows stays a path under the new address.
  expect(newAddress(new URL("http://x/admin/settings//evil.example"))).toBe("/admin/configuracio//evil.example");
  // An address that was never an old one is not redirected.
  for (const url of ["/admin/testimonis", "/admin/testimonialsx", "/admin/dashboard", "/admin/export/reflections.csv"]) {
    expect(newAddress(new URL(`http://x${url}`)), url).toBe(null);
    expect((await call(loader, url)).status, url).toBe(404);
  }
});
