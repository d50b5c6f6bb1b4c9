import fs from "node:fs";
import path from "node:path";

/** A PCM WAV (8 kHz mono, 16 bit) of that many seconds: a tone, so that it is not silence. */
export function wav(seconds = 0.1) {
  const data = Math.round(8000 * seconds) * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + data, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(16000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(data, 40);
  for (let i = 44; i < buf.length; i += 2) buf.writeInt16LE(Math.round(8000 * Math.sin(i / 20)), i);
  return buf;
}

// Real recordings (issue 27), made by scripts/audio-fixtures.ts: Chromium's and Firefox's
// MediaRecorder recording their fake microphones in real time, and the uploads of other devices,
// encoded by ffmpeg.

export interface AudioFixture {
  file: string;
  /** The type the server stores it as. */
  type: "audio/webm" | "audio/mp4" | "audio/ogg";
  /** The length of its sound, in seconds. */
  seconds: number;
  what: string;
}

export const AUDIO_FIXTURES: AudioFixture[] = [
  {
    file: "chromium-5s-raw.webm",
    type: "audio/webm",
    seconds: 4.9,
    what: "Chromium's WebM/Opus as recorded: no Duration, clusters of unknown size",
  },
  { file: "chromium-5s.webm", type: "audio/webm", seconds: 4.9, what: "the same through the recorder's withWebmDuration" },
  { file: "chromium-30s.webm", type: "audio/webm", seconds: 29.9, what: "30 s of Chromium's WebM/Opus with its Duration" },
  {
    file: "chromium-5s-fix-webm-duration.webm",
    type: "audio/webm",
    seconds: 4.9,
    what: "Chromium's WebM through fix-webm-duration: the first cluster's size runs over the others",
  },
  {
    file: "firefox-5s.webm",
    type: "audio/webm",
    seconds: 4.9,
    what: "Firefox's WebM/Opus (an empty SeekHead, clusters of unknown size), its Duration of 0 filled in",
  },
  { file: "firefox-5s.ogg", type: "audio/ogg", seconds: 4.9, what: "Firefox's Ogg/Opus recording" },
  { file: "chromium-5s.mp4", type: "audio/mp4", seconds: 4.8, what: "Chromium's fragmented MP4 (Opus), Safari's layout" },
  { file: "safari-5s.mp4", type: "audio/mp4", seconds: 5, what: "a fragmented MP4/AAC as Safari's recorder writes it" },
  { file: "memo-5s.m4a", type: "audio/mp4", seconds: 5, what: "an M4A/AAC voice memo" },
  { file: "opus-5s.ogg", type: "audio/ogg", seconds: 5, what: "an Ogg/Opus file" },
];

export const readAudioFixture = (file: string) => fs.readFileSync(path.resolve("tests/fixtures/audio", file));
