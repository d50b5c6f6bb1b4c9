import { describe, expect, it } from "vitest";
import { acceptAudio, acceptImage, acceptImageOrVideo, acceptResource, acceptVideo, UPLOADS } from "./uploads";

describe("UPLOADS", () => {
  it.each(Object.entries(UPLOADS))("%s: the 'too large' text names the size the limit is", (_kind, rule) => {
    const mb = rule.maxBytes / (1024 * 1024);
    expect(Number.isInteger(mb)).toBe(true);
    expect(rule.messages.too_large).toMatch(new RegExp(`\\b${mb} ?MB\\b`));
  });
});

describe("the accept functions of staff uploads", () => {
  it("take images but never SVG (a script can hide in one), MP4 and WebM video, and PDF as a resource", () => {
    expect(acceptImage("image/webp")).toBe("image/webp");
    expect(acceptImage("image/svg+xml")).toBeNull();
    expect(acceptVideo("video/webm")).toBe("video/webm");
    expect(acceptVideo("video/quicktime")).toBeNull();
    expect([acceptImageOrVideo("image/png"), acceptImageOrVideo("video/mp4"), acceptImageOrVideo("application/pdf")]).toEqual([
      "image/png",
      "video/mp4",
      null,
    ]);
    expect([acceptResource("application/pdf"), acceptResource("text/html")]).toEqual(["application/pdf", null]);
  });
});

describe("acceptAudio", () => {
  it("stores a sound file as audio, whatever file-type called it, parameters and case aside", () => {
    expect(acceptAudio("video/webm")).toBe("audio/webm");
    expect(acceptAudio("Video/MP4; codecs=mp4a")).toBe("audio/mp4");
    expect(acceptAudio("audio/x-m4a")).toBe("audio/mp4");
    expect(acceptAudio("audio/vnd.wave")).toBe("audio/wav");
    expect(acceptAudio("audio/ogg; codecs=opus")).toBe("audio/ogg");
    expect(acceptAudio("audio/mpeg")).toBe("audio/mpeg");
  });

  it("refuses anything else", () => {
    for (const type of ["image/png", "application/pdf", "video/quicktime", "text/html", ""]) expect(acceptAudio(type)).toBeNull();
  });
});
