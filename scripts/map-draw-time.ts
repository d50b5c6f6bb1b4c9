// The time /participa/mapa takes to draw its map (the network layers and every published pin) in
// a 390 px wide Chromium with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), from the
// map's element appearing to its data-ready mark (issue 17). Each run is a new browser context: a
// first visit, nothing cached. No base map: every request off this machine is refused (the tiles'
// server is not part of what is measured).
//
//   npx tsx scripts/map-draw-time.ts [BASE_URL] [runs] against a running site (default :3000, 1 run)
//   npx tsx scripts/map-bench.ts                       the whole measure: 5,000 pins on a throwaway site
import { chromium as playwright, type Browser } from "@playwright/test";
import { pathToFileURL } from "node:url";
import { chromium } from "../playwright.config";

interface Visit {
  drawMs: number;
  fromNavigationMs: number;
  wallMs: number;
  pins: number;
  markersOnScreen: number;
  paths: number;
}

/** One visit to the map page on a fresh context of `browser`: the figures of that visit. */
async function measureOnce(browser: Browser, base: string, cpuSlowdown: number): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __mapStart?: number; __mapEnd?: number };
      new MutationObserver(() => {
        const map = document.querySelector(".leaflet-container");
        if (map && !w.__mapStart) w.__mapStart = performance.now();
        if (map?.getAttribute("data-ready") === "true" && !w.__mapEnd) w.__mapEnd = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready", "class"] });
    });
    const started = Date.now();
    await page.goto(`${base}/participa/mapa`);
    await page.waitForFunction(() => (window as unknown as { __mapEnd?: number }).__mapEnd, undefined, {
      timeout: 180_000,
      polling: 100,
    });
    const wallMs = Date.now() - started;
    const { start, end, markers, paths } = await page.evaluate(() => ({
      start: (window as unknown as { __mapStart: number }).__mapStart,
      end: (window as unknown as { __mapEnd: number }).__mapEnd,
      markers: document.querySelectorAll(".map-pin, .map-cluster").length,
      paths: document.querySelectorAll("path.leaflet-interactive").length,
    }));
    const { features } = (await (await page.request.get(`${base}/api/map-comments.geojson`)).json()) as { features: unknown[] };
    return {
      drawMs: Math.round(end - start),
      fromNavigationMs: Math.round(end),
      wallMs,
      pins: features.length,
      markersOnScreen: markers,
      paths,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : Math.round((s[s.length / 2 - 1]! + s[s.length / 2]!) / 2);
};

/** `runs` visits (after one warm-up visit that is not counted: the server's first answers and
 * page cache): each visit's figures and the medians. */
export async function measureDrawTime(base: string, { runs = 5, cpuSlowdown = 4, warmUp = true } = {}) {
  const browser = await playwright.launch(chromium);
  try {
    if (warmUp) await measureOnce(browser, base, cpuSlowdown);
    const all: Visit[] = [];
    for (let i = 0; i < runs; i++) all.push(await measureOnce(browser, base, cpuSlowdown));
    return {
      runs: all,
      median: { drawMs: median(all.map((r) => r.drawMs)), fromNavigationMs: median(all.map((r) => r.fromNavigationMs)) },
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const base = process.argv[2] ?? "http://127.0.0.1:3000";
  const runs = Number(process.argv[3] ?? 1);
  console.log(JSON.stringify(await measureDrawTime(base, { runs, warmUp: runs > 1 })));
}
