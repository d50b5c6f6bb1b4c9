// Client-safe and server-safe: the back office's settings form shows the origins a save will allow,
// and the server builds the CSP's frame-src from them (server/frame-sources.ts).

/** The origin a framed address needs in the CSP's frame-src; null for no address or a bad one. */
export function frameOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : null;
  } catch {
    return null;
  }
}

/** The origins the CSP allows in frames: the map's and the questionnaire's (the full map opens in a
 * tab of its own, so it needs none). */
export const frameOrigins = (e: { mapEmbedUrl: string | null; questionnaireUrl: string | null }) => [
  ...new Set([e.mapEmbedUrl, e.questionnaireUrl].flatMap((u) => frameOrigin(u) ?? [])),
];
