// Resized image variants, served by the server's image service: /media/<key>?w=<width>
// gives a WebP at quality 75, no wider than the original. Only these widths exist, so the
// cache stays bounded and every page asks for the same few files.
export const IMAGE_WIDTHS = [320, 480, 640, 800, 1200, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_QUALITY = 75;

export const imageVariantUrl = (key: string, width: ImageWidth) => `/media/${key}?w=${width}`;

/** A srcset of WebP variants up to maxWidth, for <img srcSet> with explicit sizes. */
export function imageSrcSet(key: string, maxWidth: ImageWidth = 1920): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageVariantUrl(key, w)} ${w}w`)
    .join(", ");
}
