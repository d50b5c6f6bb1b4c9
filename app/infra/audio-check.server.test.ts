import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AUDIO_FIXTURES, readAudioFixture } from "~/test/audio";
import { inspectAudio } from "./audio-check.server";

// Issue 27: residents' recordings longer than about a second were refused. Chromium starts a new
// cluster every second; fix-webm-duration then gave the first one a size that ran over all the
// others, and the walker stopped on the cluster it found inside a cluster. These are real
// recordings (scripts/audio-fixtures.ts), read whole, and the junk that must still be refused.

const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
/** Where each cluster begins (its ID's bytes; Opus data does not hold them by chance here). */
const clusters = (b: Buffer) => {
  const at: number[] = [];
  for (let i = b.indexOf(CLUSTER); i >= 0; i = b.indexOf(CLUSTER, i + 1)) at.push(i);
  return at;
};

/** An EBML size field at `at`, rewritten in its own length to `value`. */
function setSize(b: Buffer, at: number, value: number) {
  const length = Math.clz32(b[at]!) - 23;
  for (let i = length - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) b[at + i] = v % 256;
  b[at]! |= 0x80 >> (length - 1);
}
const sizeOf = (b: Buffer, at: number) => {
  const length = Math.clz32(b[at]!) - 23;
  let v = b[at]! & (0xff >> length);
  for (let i = 1; i < length; i++) v = v * 256 + b[at + i]!;
  return v;
};

describe("inspectAudio on real recordings", () => {
  it.each(AUDIO_FIXTURES)("accepts $file ($what) and reads its length from the sound", ({ file, type, seconds }) => {
    expect(inspectAudio(readAudioFixture(file), type)?.seconds).toBeCloseTo(seconds, 0);
  });

  it("the WebM recordings are made of many clusters, one a second", () => {
    expect(clusters(readAudioFixture("chromium-5s-raw.webm")).length).toBeGreaterThanOrEqual(5);
    expect(clusters(readAudioFixture("chromium-30s.webm")).length).toBeGreaterThanOrEqual(30);
    // fix-webm-duration's layout: the first cluster has a size, and it reaches the file's end.
    const legacy = readAudioFixture("chromium-5s-fix-webm-duration.webm");
    const first = clusters(legacy)[0]!;
    const size = sizeOf(legacy, first + 4);
    const sizeLength = Math.clz32(legacy[first + 4]!) - 23;
    expect(first + 4 + sizeLength + size).toBe(legacy.length);
    expect(clusters(legacy).length).toBeGreaterThanOrEqual(5);
  });

  it.each(AUDIO_FIXTURES)("refuses $file with random bytes after a valid beginning, after its end, or cut short", ({ file, type }) => {
    const bytes = readAudioFixture(file);
    expect(inspectAudio(Buffer.concat([bytes.subarray(0, 4100), randomBytes(200_000)]), type), "head + random").toBeNull();
    expect(inspectAudio(Buffer.concat([bytes, randomBytes(50_000)]), type), "+ random").toBeNull();
    expect(inspectAudio(randomBytes(100_000), type), "random").toBeNull();
    expect(inspectAudio(bytes.subarray(0, bytes.length - 100), type), "cut").toBeNull();
  });

  it("refuses random bytes between two clusters, and junk that the sizes of an overrunning cluster claim", () => {
    for (const file of ["chromium-5s-raw.webm", "chromium-5s.webm", "chromium-5s-fix-webm-duration.webm", "firefox-5s.webm"]) {
      const bytes = readAudioFixture(file);
      const third = clusters(bytes)[2]!;
      const between = Buffer.concat([bytes.subarray(0, third), randomBytes(20_000), bytes.subarray(third)]);
      expect(inspectAudio(between, "audio/webm"), `${file}: junk between clusters`).toBeNull();
    }
    // fix-webm-duration's file, its Segment and first Cluster grown to hold 50 KB of junk at the end.
    const legacy = Buffer.from(readAudioFixture("chromium-5s-fix-webm-duration.webm"));
    const segmentSize = 40; // after the 36-byte EBML header and the Segment's 4-byte ID
    expect(legacy.readUInt32BE(36)).toBe(0x18538067);
    const first = clusters(legacy)[0]!;
    const junk = 50_000;
    setSize(legacy, segmentSize, sizeOf(legacy, segmentSize) + junk);
    setSize(legacy, first + 4, sizeOf(legacy, first + 4) + junk);
    expect(inspectAudio(Buffer.concat([legacy, randomBytes(junk)]), "audio/webm")).toBeNull();
    // (The same file grown by 0 bytes is still accepted: the edits themselves are sound.)
    const unchanged = Buffer.from(readAudioFixture("chromium-5s-fix-webm-duration.webm"));
    setSize(unchanged, segmentSize, sizeOf(unchanged, segmentSize));
    expect(inspectAudio(unchanged, "audio/webm")).not.toBeNull();
  });

  it("refuses a recording under another type's name", () => {
    expect(inspectAudio(readAudioFixture("chromium-5s.webm"), "audio/ogg")).toBeNull();
    expect(inspectAudio(readAudioFixture("opus-5s.ogg"), "audio/webm")).toBeNull();
    expect(inspectAudio(readAudioFixture("safari-5s.mp4"), "audio/webm")).toBeNull();
  });
});
