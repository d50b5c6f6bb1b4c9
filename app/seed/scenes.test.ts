import fs from "node:fs";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { collaboratorsSvg, MARKS, markSvg } from "./marks";
import { SCENES } from "~/domain/campaign";
import { sceneSvg } from "./scenes";

// The illustrations the pages load are the files `npm run scenes` writes from this code, and they
// stay light: a hero's or a theme card's picture costs a few KB, not a photo's hundred.

describe("the campaign's illustrations", () => {
  it.each(SCENES)("%s: public/images/scenes has the generated file, light and drawable", async (scene) => {
    const svg = sceneSvg(scene);
    expect(fs.readFileSync(`public/images/scenes/${scene}.svg`, "utf8"), "run `npm run scenes`").toBe(svg);
    expect(Buffer.byteLength(svg)).toBeLessThan(16 * 1024);
    expect(gzipSync(svg).length).toBeLessThan(2.5 * 1024);
    const { width, height, format } = await sharp(Buffer.from(svg)).metadata();
    expect([format, width, height]).toEqual(["svg", 1600, 900]);
    // It is drawn, not blank: the rendering has many colours.
    const { data } = await sharp(Buffer.from(svg)).resize(160, 90).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
  });

  it.each(SCENES)("%s: the Vivi, the campaign's fuchsia bike, rides in it, once (issue 27, item 14)", (scene) => {
    const svg = sceneSvg(scene);
    expect(svg.match(/stroke="#e6007e"/g)).toHaveLength(1);
  });

  it("the default collaborators' image is the generated one, with every partner's mark", () => {
    const svg = collaboratorsSvg();
    expect(fs.readFileSync("public/images/collaborators.svg", "utf8"), "run `npm run scenes`").toBe(svg);
    expect(svg).toContain("Consell Comarcal");
    expect(svg).toContain("NextGenerationEU");
    expect(svg).toContain("mou-te");
    expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
  });

  it.each(MARKS)("the %s mark rasterizes to a wide logo, as staff upload them", async (mark) => {
    const png = await sharp(Buffer.from(markSvg(mark)))
      .png()
      .toBuffer();
    const { width, height } = await sharp(png).metadata();
    expect(height).toBe(200);
    expect(width!).toBeGreaterThan(2 * height!);
  });
});
