// The JavaScript a page loads to hydrate, as the server sends it: every file its hydration script
// asks for once the page has loaded (decision 014), every modulepreload or module script left in
// its server-rendered HTML, and every import() there, asked for with Brotli and with gzip.
// Usage (against a running server): node scripts/js-weight.js http://127.0.0.1:3000/ [more URLs...]
async function sentBytes(url, encoding) {
  const res = await fetch(url, { headers: { "Accept-Encoding": encoding } });
  const length = Number(res.headers.get("content-length"));
  if (!Number.isFinite(length) || length === 0) throw new Error(`no Content-Length for ${url}`);
  return length;
}

for (const page of process.argv.slice(2)) {
  const html = await (await fetch(page)).text();
  const scripts = new Set(
    [...html.matchAll(/<link rel="modulepreload"[^>]*? href="(\/assets\/[^"]+\.js)"|type="module" src="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1] ?? m[2],
    ),
  );
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) scripts.add(m[1]);
  const deferred = /for \(const href of (\[[^\]]*\])\)/.exec(html);
  for (const src of deferred ? JSON.parse(deferred[1]) : []) scripts.add(src);
  let br = 0;
  let gzip = 0;
  for (const src of scripts) {
    br += await sentBytes(new URL(src, page), "br");
    gzip += await sentBytes(new URL(src, page), "gzip");
  }
  console.log(`${page}\t${scripts.size} files\t${(br / 1024).toFixed(1)} KB brotli\t${(gzip / 1024).toFixed(1)} KB gzip`);
}
