// After the build: writes Brotli (quality 11) and gzip (level 9) copies of the client's
// scripts and styles, so the server sends the smallest file without compressing per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve("build/client/assets");
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`precompressed build/client/assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`);
