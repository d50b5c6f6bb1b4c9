// What a page loads on a phone's first screen, by kind (document, script, font, image, …), in
// bytes sent over the wire (compressed), with an empty cache. Issue 18 measures the typeface and
// the pictures with it. Usage: npx tsx scripts/page-weight.ts http://127.0.0.1:3000 / /ciutadania …
import { chromium as playwright } from "@playwright/test";
import { chromium } from "../playwright.config";

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) throw new Error("Usage: npx tsx scripts/page-weight.ts <base-url> <path>…");

const browser = await playwright.launch(chromium);
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const kinds = new Map<string, string>();
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on("Network.responseReceived", (e) => {
    kinds.set(e.requestId, e.type.toLowerCase());
    urls.set(e.requestId, e.response.url);
  });
  cdp.on("Network.loadingFinished", (e) => bytes.set(e.requestId, e.encodedDataLength));
  // Nothing else is reachable here: other hosts (the map tiles) are refused at once.
  await page.route(
    (url) => !url.href.startsWith(base),
    (route) => route.abort(),
  );
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForTimeout(6000); // the scripts come after load, or 5 s at the latest (decision 014)
  const byKind: Record<string, number> = {};
  const files: string[] = [];
  for (const [id, n] of bytes) {
    const kind = kinds.get(id) ?? "other";
    byKind[kind] = (byKind[kind] ?? 0) + n;
    if (kind === "font" || kind === "image") files.push(`  ${kind} ${(n / 1024).toFixed(1)} KB ${urls.get(id)!.replace(base, "")}`);
  }
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  console.log(
    `${path}: ${(total / 1024).toFixed(1)} KB`,
    Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, `${(v / 1024).toFixed(1)} KB`])),
  );
  console.log(files.sort().join("\n"));
  await context.close();
}
await browser.close();
