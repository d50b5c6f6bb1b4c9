// Client-safe and server-safe: the base map's tile URL template (a site setting) and the source the
// CSP's img-src must allow for it (server/frame-sources.ts), as frame-origins.ts does for frames.

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` -> `https://*.tile.example.org`; null for none or a
 * bad template. Leaflet draws raster tiles as <img>, so img-src is the only directive they need. */
export function tileSource(template: string | null | undefined): string | null {
  if (!template) return null;
  // A subdomain placeholder may only be the host's first label: the CSP allows "*." there only.
  const probe = template.replace(/^(https?:\/\/)\{s\}\./, "$1s.");
  if (/\{s\}/.test(probe)) return null;
  try {
    const url = new URL(probe.replace(/\{[a-z]+\}/gi, "0"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return probe === template ? url.origin : `${url.protocol}//*.${url.host.slice(2)}`;
  } catch {
    return null;
  }
}
