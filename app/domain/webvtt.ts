// A video's captions file (issue 33): WebVTT, checked by its content before it is kept. What is
// checked is what a browser needs to show the captions: the "WEBVTT" header, cue timings of the form
// hh:mm:ss.ttt --> hh:mm:ss.ttt (hours optional) with the end after the start, and at least one cue.
// Client-safe and pure: the server reads the stored file whole and asks this.

export const CAPTIONS_MESSAGES = {
  header: "El fitxer de subtítols ha de ser WebVTT: la primera línia ha de ser «WEBVTT».",
  encoding: "El fitxer de subtítols ha d'estar en UTF-8.",
  noCues: "El fitxer de subtítols no té cap subtítol amb temps (per exemple «00:00:01.000 --> 00:00:04.000»).",
  timing: (line: number) =>
    `La línia ${line} del fitxer de subtítols té un temps mal escrit: ha de ser com «00:00:01.000 --> 00:00:04.000».`,
  order: (line: number) => `A la línia ${line} del fitxer de subtítols, el final és anterior o igual a l'inici.`,
  notVideo: "Els subtítols només es poden afegir a un vídeo pujat al web.",
} as const;

export type VttCheck = { ok: true; cues: number } | { ok: false; error: string };

const TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t]+.*)?$`);

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** Checks a captions file's bytes (or its text). */
export function checkWebVtt(input: Uint8Array | string): VttCheck {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return { ok: false, error: CAPTIONS_MESSAGES.encoding };
    }
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return { ok: false, error: CAPTIONS_MESSAGES.header };
  let cues = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes("-->")) continue;
    const m = TIMING.exec(line);
    if (!m) return { ok: false, error: CAPTIONS_MESSAGES.timing(i + 1) };
    const start = seconds(m[1], m[2]!, m[3]!, m[4]!);
    const end = seconds(m[5], m[6]!, m[7]!, m[8]!);
    if (end <= start) return { ok: false, error: CAPTIONS_MESSAGES.order(i + 1) };
    cues++;
  }
  return cues > 0 ? { ok: true, cues } : { ok: false, error: CAPTIONS_MESSAGES.noCues };
}
