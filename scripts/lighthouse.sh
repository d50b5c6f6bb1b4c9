#!/usr/bin/env bash
# Lighthouse (mobile defaults) on the given pages of a running server, with Debian's Chromium.
# Usage: bash scripts/lighthouse.sh http://127.0.0.1:3000 / /participa /testimonis /aportacions
# (Not part of `npm test`: the budgets are measured, not asserted in timed tests.)
set -euo pipefail
base="$1"; shift
out="$(mktemp -d)"
status=0
for path in "$@"; do
  # The page cache is warm on a live site: measure that, not the first render after a start.
  curl -sf -o /dev/null "$base$path"; curl -sf -o /dev/null "$base$path"
  file="$out/report$(echo "$path" | tr '/?=' '___').json"
  # Headless Chromium now and then loses the trace (NO_NAVSTART): such a run is tried again.
  for attempt in 1 2 3; do
    CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" npx -y lighthouse@12 "$base$path" --quiet \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
      --only-categories=performance,accessibility,best-practices,seo --output=json --output-path="$file" >"$out/log" 2>&1 && break
    rm -f "$file"
  done
  [ -f "$file" ] || { echo "$path: lighthouse failed three times:"; tail -n 5 "$out/log"; status=1; continue; }
  node -e '
    const r = require(process.argv[1]); const c = r.categories; const a = r.audits;
    const s = (k) => Math.round(c[k].score * 100);
    console.log([process.argv[2].padEnd(14), "performance", s("performance"), "accessibility", s("accessibility"), "best-practices", s("best-practices"), "seo", s("seo"),
      "FCP", Math.round(a["first-contentful-paint"].numericValue) + "ms", "LCP", Math.round(a["largest-contentful-paint"].numericValue) + "ms",
      "TBT", Math.round(a["total-blocking-time"].numericValue) + "ms", "CLS", a["cumulative-layout-shift"].numericValue.toFixed(3),
      "TTFB", Math.round(a["server-response-time"].numericValue) + "ms"].join(" "));
  ' "$file" "$path"
done
exit "$status"
