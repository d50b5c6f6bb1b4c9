import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationScripts } from "~/infra/html-stream.server";

// A page as React Router 7 writes it (trimmed): preloads in the head, the hydration module at the
// end of the shell, then a part that streamed in later (the agenda).
const shell =
  '<!DOCTYPE html><html lang="ca"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/root-B2.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/home-C3.js" nonce="n0nce"/><style>p{color:red}</style></head>' +
  "<body><p>Bicicletada per la xarxa de carrils: més d'un 15 % — «la Vivi» 🚲</p>" +
  '<script nonce="n0nce">console.log("scroll")</script>' +
  '<script nonce="n0nce" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-B2.js";\n' +
  'import * as route1 from "/assets/home-C3.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A1.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-A1.js");</script>';
const later =
  '<div hidden id="S:0"><ul><li>Ruta entre vinyes 🍇</li></ul></div><script nonce="n0nce">$RC("B:0","S:0")</script></body></html>';
const page = Buffer.from(shell + later);

const through = (chunks: Buffer[]) => text(Readable.from(chunks, { objectMode: false }).pipe(deferHydration()));

describe("deferHydrationScripts", () => {
  const amended = deferHydrationScripts(shell + later)!;

  it("takes the module preloads out of the head and leaves the rest of the page as it was", () => {
    expect(amended).not.toContain('rel="modulepreload"');
    expect(amended.startsWith('<!DOCTYPE html><html lang="ca"><head><meta charSet="utf-8"/><style>p{color:red}</style></head>')).toBe(true);
    expect(amended).toContain("<p>Bicicletada per la xarxa de carrils: més d'un 15 % — «la Vivi» 🚲</p>");
    expect(amended).toContain('<script nonce="n0nce">console.log("scroll")</script>');
    expect(amended.endsWith(later)).toBe(true);
  });

  it("makes the route modules load after the page, then asks for every script file at once", () => {
    const script = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(amended)![1]!;
    expect(script).not.toMatch(/^\s*import \*/m);
    expect(script.indexOf('addEventListener("load", loaded)')).toBeLessThan(script.indexOf("modulepreload"));
    expect(script).toContain('["/assets/entry.client-A1.js","/assets/root-B2.js","/assets/home-C3.js"]');
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-B2.js"), import("/assets/home-C3.js")]);');
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client-A1.js");')).toBe(true);
  });

  it("leaves a page it does not recognise alone (it then hydrates at once)", () => {
    expect(deferHydrationScripts("<p>cap script</p>")).toBeNull();
    const unknownImport = shell.replace('import * as route1 from "/assets/home-C3.js";', 'import { x } from "/assets/x.js";');
    expect(deferHydrationScripts(unknownImport)).toBeNull();
  });
});

describe("deferHydration", () => {
  const expected = deferHydrationScripts(page.toString())!;

  it("amends the page as it streams", async () => {
    expect(await through([page])).toBe(expected);
  });

  it("gives the same page whatever the chunks, even cut inside a tag or a character", async () => {
    for (let at = 1; at < page.length; at += 7) {
      expect(await through([page.subarray(0, at), page.subarray(at)]), `cut at byte ${at}`).toBe(expected);
    }
    expect(await through([...page].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it("sends what comes after the script as soon as it comes", async () => {
    const stream = deferHydration();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    stream.write(Buffer.from(shell.slice(0, 200)));
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual([]); // the shell is held until its script has been read
    stream.write(Buffer.from(shell.slice(200)));
    await new Promise((r) => setImmediate(r));
    expect(out.join("")).toBe(deferHydrationScripts(shell));
    stream.write(Buffer.from(later));
    await new Promise((r) => setImmediate(r));
    expect(out.join("")).toBe(expected);
    stream.end();
  });

  it("sends a page without the script unchanged, and calls onEnd once the page is complete", async () => {
    let ended = 0;
    const plain = Buffer.from("<!DOCTYPE html><p>Sense scripts ✓</p>");
    expect(await text(Readable.from([plain]).pipe(deferHydration(() => ended++)))).toBe(plain.toString());
    expect(ended).toBe(1);
  });
});
