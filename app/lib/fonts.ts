import figtreeLatinExt from "@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url";
import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";

// The campaign's typeface (issue 18): Figtree, a variable font (weights 300-900) served from this
// site's own /assets (the CSP's font-src 'self'), with a long immutable cache (hashed names). The
// Latin file (about 20 KB) covers every Catalan letter (à è é í ï ò ó ú ü ç, the l·l middle dot) and
// is preloaded; the Latin Extended one (Ŀŀ, other European names) loads only when a page uses it.
//
// No layout shift when it arrives: until then text is drawn in "Figtree Fallback", the system's
// Arial (Liberation Sans on Linux, metric-compatible) scaled to Figtree's widths and vertical
// metrics. The figures come from the font files: Figtree's ascender 950 and descender -250 per
// 1000 units, and a Catalan sample 84.73 em wide in Figtree against 86.21 em in Arial (98.3 %).

export const FONT_FILES = { latin: figtreeLatin, latinExt: figtreeLatinExt };

const SIZE_ADJUST = 0.983;
const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

const LATIN_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT_RANGE =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

const face = (url: string, range: string) =>
  `@font-face{font-family:"Figtree";font-style:normal;font-display:swap;font-weight:300 900;src:url(${url}) format("woff2-variations"),url(${url}) format("woff2");unicode-range:${range}}`;

/** The @font-face rules, inlined in every page's <head> (app/root.tsx). */
export const FONT_FACES = [
  face(figtreeLatinExt, LATIN_EXT_RANGE),
  face(figtreeLatin, LATIN_RANGE),
  `@font-face{font-family:"Figtree Fallback";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Helvetica Neue"),local("Helvetica");size-adjust:${percent(SIZE_ADJUST)};ascent-override:${percent(0.95 / SIZE_ADJUST)};descent-override:${percent(0.25 / SIZE_ADJUST)};line-gap-override:0%}`,
].join("");

/** Preload of the Latin file: the browser fetches it with the stylesheet's priority, so the text
 * is drawn in Figtree on the first paint on most connections. */
export const fontPreload = { rel: "preload", href: figtreeLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" } as const;
