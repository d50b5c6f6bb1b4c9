import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./html-stream.server";

const page = Buffer.from(
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head>' +
    '<body><p>Bicicletada per la xarxa de carrils: més d\'un 15 % — «la Vivi» 🚲</p><link rel="icon" href="/x.svg"/></body>',
);
const expected = page.toString().replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

const through = (chunks: Buffer[]) => text(Readable.from(chunks, { objectMode: false }).pipe(lowPriorityModulePreloads()));

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority and leaves the rest as it was", async () => {
    expect(await through([page])).toBe(expected);
  });

  it("gives the same page whatever the chunks, even cut inside a tag or a character", async () => {
    for (let at = 1; at < page.length; at++) {
      expect(await through([page.subarray(0, at), page.subarray(at)]), `cut at byte ${at}`).toBe(expected);
    }
    const bytes = [...page].map((b) => Buffer.from([b]));
    expect(await through(bytes)).toBe(expected);
  });

  it("calls onEnd once the page is complete", async () => {
    let ended = 0;
    const out = await text(Readable.from([page]).pipe(lowPriorityModulePreloads(() => ended++)));
    expect(out).toBe(expected);
    expect(ended).toBe(1);
  });
});
