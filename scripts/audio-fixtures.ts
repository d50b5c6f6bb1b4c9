// Records the audio fixtures in tests/fixtures/audio/ (issue 27): real recordings, made in real
// time by Chromium's MediaRecorder from its fake microphone (fed a Catalan sentence spoken by
// espeak-ng) and by Firefox's (its fake tone), and the uploads other devices make (Safari's
// fragmented MP4/AAC, an M4A voice memo, Ogg/Opus) encoded by ffmpeg from the same speech. Needs
// espeak-ng, sox and ffmpeg, Debian's Chromium, and firefox-esr for Firefox's two (apt-get install
// espeak-ng sox ffmpeg firefox-esr; without Firefox they are left as they are). About 1.5 minutes:
//   npx tsx scripts/audio-fixtures.ts
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium as playwright } from "@playwright/test";
import { chromium } from "../playwright.config";
import { LIMITS } from "../app/lib/participation-texts";
import { withWebmDuration } from "../app/lib/webm-duration";

const OUT = path.resolve("tests/fixtures/audio");
const SPEECH =
  "Cada matí vaig a la feina amb bicicleta pel camí del Penedès. Necessitem carrils segurs entre els pobles, " +
  "i aparcaments per a les bicis a les estacions.";

const tmp = mkdtempSync(path.join(tmpdir(), "audio-fixtures-"));
const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
mkdirSync(OUT, { recursive: true });

// The speech, at 48 kHz mono (what Chromium's fake microphone reads; it loops the file).
const spoken = path.join(tmp, "spoken.wav");
const speech = path.join(tmp, "speech.wav");
run("espeak-ng", "-v", "ca", "-s", "150", "-w", spoken, SPEECH);
run("sox", spoken, "-r", "48000", "-c", "1", "-b", "16", speech, "pad", "0", "0.5");

const browser = await playwright.launch({
  ...chromium,
  args: [
    ...chromium.args,
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-audio-capture=${speech}`,
  ],
});
const page = await browser.newPage();
// A page of our own at a secure origin (the microphone needs one), and fix-webm-duration in it: the
// library the recorder used before issue 27, for the layout it gave (see decision 047).
await page.route("http://localhost/", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>rec</title>" }));
await page.goto("http://localhost/");
await page.addScriptTag({ path: path.resolve("node_modules/fix-webm-duration/fix-webm-duration.js") });

/** Records `seconds` of the fake microphone in real time as the site's recorder does (1 s slices). */
async function record(seconds: number, mimeType: string, legacyFix = false): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ seconds, mimeType, bitrate, legacyFix }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: bitrate });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => void (e.data.size > 0 && chunks.push(e.data));
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((t) => t.stop());
      let blob = new Blob(chunks, { type: mimeType.split(";")[0] });
      if (legacyFix) {
        const fix = (window as unknown as { ysFixWebmDuration: (b: Blob, ms: number, o: object) => Promise<Blob> }).ysFixWebmDuration;
        blob = await fix(blob, Date.now() - started, { logger: false });
      }
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { seconds, mimeType, bitrate: LIMITS.recordingBitrate, legacyFix },
  );
  return Buffer.from(base64, "base64");
}

const write = (name: string, bytes: Uint8Array) => {
  writeFileSync(path.join(OUT, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
};

// Chromium's WebM/Opus: clusters of unknown size, about one a second, and no Duration.
const webm5 = await record(5, "audio/webm;codecs=opus");
write("chromium-5s-raw.webm", webm5);
write("chromium-5s.webm", withWebmDuration(webm5));
write("chromium-30s.webm", withWebmDuration(await record(30, "audio/webm;codecs=opus")));
// What fix-webm-duration made of a recording: the first cluster's size runs over all the others.
write("chromium-5s-fix-webm-duration.webm", await record(5, "audio/webm;codecs=opus", true));
// Chromium's fragmented MP4 (Opus): the layout Safari's recorder writes, with another codec.
write("chromium-5s.mp4", await record(5, "audio/mp4;codecs=opus"));
await browser.close();

// Uploads: Safari's recorder (fragmented MP4, AAC), a voice memo (M4A), an Ogg/Opus file.
const speech5 = path.join(tmp, "speech5.wav");
run("sox", speech, speech5, "repeat", "1", "trim", "0", "5");
const ffmpeg = (name: string, ...args: string[]) => {
  const out = path.join(tmp, name);
  run("ffmpeg", "-nostdin", "-loglevel", "error", "-i", speech5, "-map_metadata", "-1", "-fflags", "+bitexact", ...args, out);
  write(name, readFileSync(out));
};
ffmpeg("safari-5s.mp4", "-c:a", "aac", "-b:a", "64k", "-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4");
ffmpeg("memo-5s.m4a", "-c:a", "aac", "-b:a", "64k", "-movflags", "+faststart");
ffmpeg("opus-5s.ogg", "-c:a", "libopus", "-b:a", "32k");

// Firefox, driven through Marionette (its own protocol: JSON messages over TCP, no package needed).
const FIREFOX = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].find((f) => existsSync(f));
if (FIREFOX) {
  const profile = path.join(tmp, "firefox");
  mkdirSync(profile);
  const prefs = {
    "marionette.port": 0,
    "media.navigator.streams.fake": true,
    "media.navigator.permission.disabled": true,
    "browser.shell.checkDefaultBrowser": false,
    "datareporting.policy.dataSubmissionEnabled": false,
  };
  writeFileSync(
    path.join(profile, "user.js"),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join("\n"),
  );
  const page = http.createServer((_, res) => res.end("<!doctype html><title>rec</title>")).listen(0, "127.0.0.1");
  await new Promise((resolve) => page.once("listening", resolve));
  const firefox = spawn(FIREFOX, ["--headless", "--marionette", "--no-remote", "--profile", profile], { stdio: "ignore" });
  try {
    const portFile = path.join(profile, "MarionetteActivePort");
    for (let i = 0; i < 300 && !existsSync(portFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const socket = net.connect(Number(readFileSync(portFile, "utf8")), "127.0.0.1");
    let buffered = "";
    const waiting: ((message: unknown[]) => void)[] = [];
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let colon = buffered.indexOf(":"); colon > 0; colon = buffered.indexOf(":")) {
        const length = Number(buffered.slice(0, colon));
        if (Buffer.byteLength(buffered.slice(colon + 1)) < length) break;
        const body = Buffer.from(buffered.slice(colon + 1))
          .subarray(0, length)
          .toString("utf8");
        buffered = buffered.slice(colon + 1 + body.length);
        const message = JSON.parse(body) as unknown[] | object;
        if (Array.isArray(message)) waiting.shift()?.(message);
      }
    });
    let id = 0;
    const command = (name: string, params: object) =>
      new Promise<unknown>((resolve, reject) => {
        waiting.push(([, , error, result]) => (error ? reject(new Error(JSON.stringify(error))) : resolve(result)));
        const text = JSON.stringify([0, ++id, name, params]);
        socket.write(`${Buffer.byteLength(text)}:${text}`);
      });
    await command("WebDriver:NewSession", { capabilities: {} });
    await command("WebDriver:Navigate", { url: `http://127.0.0.1:${(page.address() as net.AddressInfo).port}/` });
    const firefoxRecord = async (seconds: number, mimeType: string) => {
      const { value } = (await command("WebDriver:ExecuteAsyncScript", {
        script: `const [seconds, mimeType, bitrate, done] = arguments;
          (async () => {
            const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
            const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: bitrate });
            const chunks = [];
            recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
            const stopped = new Promise((resolve) => (recorder.onstop = resolve));
            recorder.start(1000);
            await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
            recorder.stop();
            await stopped;
            stream.getTracks().forEach((t) => t.stop());
            const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
            let text = "";
            for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            done(btoa(text));
          })().catch((e) => done("error: " + e));`,
        args: [seconds, mimeType, LIMITS.recordingBitrate],
        scriptTimeout: (seconds + 30) * 1000,
      })) as { value: string };
      if (value.startsWith("error")) throw new Error(value);
      return Buffer.from(value, "base64");
    };
    // Firefox's WebM: an empty SeekHead, a Duration of 0, clusters of unknown size.
    write("firefox-5s.webm", withWebmDuration(await firefoxRecord(5, "audio/webm;codecs=opus")));
    // What Firefox records when asked for Ogg.
    write("firefox-5s.ogg", await firefoxRecord(5, "audio/ogg;codecs=opus"));
    await command("Marionette:Quit", {}).catch(() => undefined);
    socket.destroy();
  } finally {
    firefox.kill();
    page.close();
  }
} else console.log("No Firefox (apt-get install firefox-esr): firefox-5s.webm and firefox-5s.ogg left as they are.");
rmSync(tmp, { recursive: true, force: true });
