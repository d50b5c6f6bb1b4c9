// Measures a 100 MB video upload against the built server: time and peak RSS growth.
// Usage: npm run build && node scripts/measure-upload.mjs   (loopback only, port 3411, temp data folder)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = 3411;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pb-measure-"));
const admin = { email: "mesura@penedes.cat", password: "contrasenya-de-mesura" };
const server = spawn("node", ["server.js"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_SILENT: "1",
  },
  stdio: "ignore",
});
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))[1]) * 1024;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/admin/login`, { method: "POST", body: new URLSearchParams(admin), redirect: "manual" });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // Warm up once (module loading), then measure.
  await fetch(`${base}/admin/videos`, { headers: { cookie } });
  const size = 100 * 1024 * 1024 - 4096;
  const head = Buffer.alloc(1024 * 1024);
  Buffer.from([
    0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32,
  ]).copy(head);
  const chunks = Array.from({ length: Math.ceil(size / head.length) }, (_, i) =>
    i === 0 ? head : Buffer.alloc(Math.min(head.length, size - i * head.length)),
  );
  const form = new FormData();
  form.set("intent", "create");
  form.set("scope", "laboral");
  form.set("title", "Mesura");
  form.set("isActive", "true");
  form.set("file", new File(chunks, "mesura.mp4", { type: "video/mp4" }));
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/admin/upload/videos`, { method: "POST", body: form, headers: { cookie, accept: "application/json" } });
  const body = await res.json();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, rss());
  console.log(
    JSON.stringify({
      status: res.status,
      body,
      bytes: size,
      seconds: +(ms / 1000).toFixed(2),
      rssBeforeMB: +(before / 2 ** 20).toFixed(1),
      rssPeakMB: +(peak / 2 ** 20).toFixed(1),
      growthMB: +((peak - before) / 2 ** 20).toFixed(1),
    }),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
