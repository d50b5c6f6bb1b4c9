import { LAYER_LIMITS } from "./map";

// Each kind of file staff upload: how large it may be, what the browser should call it, and what
// the forms say when it is not right (the spec's texts). A screen's dialog checks a chosen file with
// its rule before sending (`fileErrors`), and the screen's server spec stores no more than
// `maxBytes` and answers with the same texts: one number and one sentence, in one place.

const MB = 1024 * 1024;

export interface UploadRule {
  maxBytes: number;
  /** The start of the MIME type the browser gives the file ("" when it cannot tell, as for
   * GeoJSON): only a first check, the server sniffs the bytes. */
  kind: string;
  messages: { too_large: string; bad_type: string; required?: string };
}

export const UPLOADS = {
  logo: {
    maxBytes: 5 * MB,
    kind: "image/",
    messages: {
      required: "Si us plau, selecciona una imatge",
      bad_type: "Si us plau, selecciona una imatge vàlida",
      too_large: "La imatge no pot ser més gran de 5MB",
    },
  },
  video: {
    maxBytes: 100 * MB,
    kind: "video/",
    messages: {
      required: "Selecciona un fitxer de vídeo",
      bad_type: "Només es permeten fitxers de vídeo",
      too_large: "El fitxer és massa gran (màxim 100MB)",
    },
  },
  resource: {
    maxBytes: 100 * MB,
    kind: "",
    messages: { bad_type: "Només es permeten imatges, vídeos o PDF", too_large: "El fitxer és massa gran (màxim 100MB)" },
  },
  captions: {
    maxBytes: 1 * MB,
    kind: "",
    messages: {
      bad_type: "El fitxer de subtítols ha de ser WebVTT (.vtt): la primera línia ha de ser «WEBVTT».",
      too_large: "El fitxer de subtítols és massa gran (màxim 1MB).",
    },
  },
  photo: {
    maxBytes: 20 * MB,
    kind: "image/",
    messages: { bad_type: "Només es permeten fitxers d'imatge", too_large: "La imatge és massa gran (màxim 20MB)" },
  },
  background: {
    maxBytes: 100 * MB,
    kind: "",
    messages: { bad_type: "El fitxer ha de ser una imatge o un vídeo", too_large: "El fitxer és massa gran (màxim 100MB)" },
  },
  mapLayer: {
    maxBytes: LAYER_LIMITS.bytes,
    kind: "",
    messages: {
      required: "Tria el fitxer GeoJSON de la capa.",
      bad_type: "El fitxer ha de ser un GeoJSON (.geojson o .json).",
      too_large: `El fitxer és massa gran (màxim ${LAYER_LIMITS.bytes / MB} MB).`,
    },
  },
  // The external questionnaire's export, CSV or XLSX (issue 32, decision 076): read, never stored as a file.
  questionnaire: {
    maxBytes: 50 * MB,
    kind: "",
    messages: {
      required: "Tria el fitxer del qüestionari (CSV o XLSX).",
      bad_type: "El fitxer ha de ser un CSV o un full de càlcul XLSX.",
      too_large: "El fitxer és massa gran (màxim 50 MB).",
    },
  },
} as const satisfies Record<string, UploadRule>;

/** Accept functions for a form's files (the storage's put): the type sniffed from the bytes decides. */
export const acceptImage = (t: string) => (t.startsWith("image/") && t !== "image/svg+xml" ? t : null);
export const acceptVideo = (t: string) => (t === "video/mp4" || t === "video/webm" ? t : null);
export const acceptImageOrVideo = (t: string) => acceptImage(t) ?? acceptVideo(t);
export const acceptResource = (t: string) => acceptImageOrVideo(t) ?? (t === "application/pdf" ? t : null);

/** The sound files a testimonial may be, by the type sniffed from their bytes (an accept function of
 * the storage's put): file-type reports WebM and MP4 sound files as video/*; what we store is audio. */
export function acceptAudio(sniffed: string): string | null {
  // file-type may add parameters ("audio/ogg; codecs=opus").
  switch (sniffed.split(";")[0]!.trim().toLowerCase()) {
    case "video/webm":
    case "audio/webm":
      return "audio/webm";
    case "video/mp4":
    case "audio/mp4":
    case "audio/x-m4a":
    case "audio/m4a":
      return "audio/mp4";
    case "audio/mpeg":
      return "audio/mpeg";
    case "audio/wav":
    case "audio/x-wav":
    case "audio/vnd.wave":
      return "audio/wav";
    case "audio/ogg":
    case "audio/opus":
      return "audio/ogg";
    default:
      return null;
  }
}
