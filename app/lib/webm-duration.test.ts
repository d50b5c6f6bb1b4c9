import { describe, expect, it } from "vitest";
import { inspectAudio } from "~/infra/audio-check.server";
import { readAudioFixture } from "~/test/audio";
import { withWebmDuration } from "./webm-duration";

// The recorder's duration fix (issue 27): a Duration in the Info, every other byte as recorded.

const INFO = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
const DURATION = Buffer.from([0x44, 0x89]);
const TRACKS = Buffer.from([0x16, 0x54, 0xae, 0x6b]);
/** The Duration written in the file, in seconds (its ticks are milliseconds in Chromium's files). */
const durationOf = (b: Buffer) => {
  const at = b.indexOf(DURATION, b.indexOf(INFO));
  if (at < 0 || at > b.indexOf(TRACKS)) return null;
  return b[at + 2] === 0x88 ? b.readDoubleBE(at + 3) / 1000 : b.readFloatBE(at + 3) / 1000;
};
const firstCluster = (b: Buffer) => b.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));

describe("withWebmDuration", () => {
  const raw = readAudioFixture("chromium-5s-raw.webm");

  it("writes the length of the sound into a recording that has none, and changes no cluster", () => {
    expect(durationOf(raw)).toBeNull();
    const fixed = Buffer.from(withWebmDuration(raw));
    expect(durationOf(fixed)).toBeCloseTo(5, 0);
    expect(fixed.length).toBe(raw.length + 11);
    // Everything from the Tracks on (the sound) is the recording's own bytes.
    expect(fixed.subarray(firstCluster(fixed)).equals(raw.subarray(firstCluster(raw)))).toBe(true);
    // Still a live recording's layout: a Segment of unknown size.
    expect(fixed.subarray(40, 48).equals(raw.subarray(40, 48))).toBe(true);
    expect(inspectAudio(fixed, "audio/webm")?.seconds).toBeCloseTo(4.9, 0);
    // The fixture the tests use is this function's work on that recording.
    expect(fixed.equals(readAudioFixture("chromium-5s.webm"))).toBe(true);
  });

  it("reads 30 s from a 30 s recording", () => {
    expect(durationOf(readAudioFixture("chromium-30s.webm"))).toBeCloseTo(30, 0);
  });

  it("grows a Segment of known size by what it adds, so that it still fills the file", () => {
    const known = Buffer.from(raw);
    const size = raw.length - 48;
    known[40] = 0x01;
    known.writeUIntBE(Math.floor(size / 2 ** 32), 41, 3);
    known.writeUInt32BE(size % 2 ** 32, 44);
    expect(inspectAudio(known, "audio/webm")).not.toBeNull();
    const fixed = Buffer.from(withWebmDuration(known));
    expect(durationOf(fixed)).toBeCloseTo(5, 0);
    expect(fixed.readUInt32BE(44)).toBe(size + 11);
    expect(inspectAudio(fixed, "audio/webm")?.seconds).toBeCloseTo(4.9, 0);
  });

  it("fills in Firefox's Duration of 0 where it stands: not a byte moves", () => {
    const recorded = readAudioFixture("firefox-5s.webm");
    const at = recorded.indexOf(DURATION, recorded.indexOf(INFO));
    const asRecorded = Buffer.from(recorded);
    asRecorded.writeDoubleBE(0, at + 3);
    expect(durationOf(asRecorded)).toBe(0);
    const fixed = Buffer.from(withWebmDuration(asRecorded));
    expect(fixed.length).toBe(asRecorded.length);
    expect(fixed.equals(recorded)).toBe(true);
    expect(durationOf(fixed)).toBeCloseTo(5, 0);
  });

  it("leaves alone a file that has a length already, or is not a WebM", () => {
    const fixed = withWebmDuration(raw);
    expect(withWebmDuration(fixed)).toBe(fixed);
    const legacy = readAudioFixture("chromium-5s-fix-webm-duration.webm");
    expect(withWebmDuration(legacy)).toBe(legacy);
    for (const other of [readAudioFixture("opus-5s.ogg"), readAudioFixture("safari-5s.mp4"), Buffer.alloc(0), Buffer.from("webm")])
      expect(withWebmDuration(other)).toBe(other);
  });
});
