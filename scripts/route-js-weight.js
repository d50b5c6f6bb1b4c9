// node scripts/route-js-weight.js [build/client] [route-id-prefix]: the JavaScript each route loads
// (its module, its imports, its parents' and the entry's), raw and Brotli, from the build's manifest.
// Made for the admin screens (issue 11), whose pages need a session and so escape js-weight.js.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "build/client";
const prefix = process.argv[3] ?? "routes/admin/";
const file = fs.readdirSync(path.join(dir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!file) throw new Error(`no manifest in ${dir}/assets: run npm run build first`);
const source = fs.readFileSync(path.join(dir, "assets", file), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
const sizeOf = (url) => {
  const full = path.join(dir, url);
  return [fs.statSync(full).size, fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : 0];
};
const rows = [];
for (const id of Object.keys(manifest.routes).filter((id) => id.startsWith(prefix))) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : null) {
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  let raw = 0;
  let brotli = 0;
  for (const url of urls) {
    const [r, b] = sizeOf(url);
    raw += r;
    brotli += b;
  }
  rows.push({ route: id, files: urls.size, kb: +(raw / 1024).toFixed(1), brotliKb: +(brotli / 1024).toFixed(1) });
}
rows.sort((a, b) => b.brotliKb - a.brotliKb);
console.table(rows);
