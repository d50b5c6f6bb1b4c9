// The functions a V8 CPU profile (node --cpu-prof) spent its time in: self time and total time
// (self plus what it called), the top N of each, with their file and line.
// Usage: node scripts/cpuprofile-top.mjs file.cpuprofile [N=25]
import fs from "node:fs";

const [file, n = "25"] = process.argv.slice(2);
if (!file) {
  console.error("Usage: node scripts/cpuprofile-top.mjs file.cpuprofile [N]");
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
// Each sample's time: the gap to the next sample.
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const name = (node) => {
  const f = node.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules|build|app)\//, "$1/")}:${f.lineNumber + 1}` : "";
  return `${f.functionName || "(anonymous)"} ${where}`.trim();
};
const selfBy = new Map();
const totalBy = new Map();
for (const [id, us] of self) {
  const key = name(byId.get(id));
  selfBy.set(key, (selfBy.get(key) ?? 0) + us);
  // Every function on the stack gets the sample once.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = name(byId.get(at));
    if (seen.has(k)) continue;
    seen.add(k);
    totalBy.set(k, (totalBy.get(k) ?? 0) + us);
  }
}
const show = (title, map) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
};
show("self time", selfBy);
show("total time", totalBy);
