import type { Category } from "~/domain/themes";
import type { MapKind, PublicMapComment, PublicMapLayer, TileSettings } from "~/domain/map";

// The texts, limits and shapes of the public forms, without Zod: the pages import this, and the
// schemas (participation.ts) load only when a form is first sent. Every limit is in LIMITS; the
// messages that name one and the byte budgets of the server's reader are derived from it.

export const LIMITS = {
  email: 254,
  comment: 2000,
  reflection: 5000,
  name: 100,
  title: 100,
  /** Seconds. */
  recording: 60,
  /** From this second the countdown turns red and warns. */
  recordingWarning: 50,
  /** Bits per second asked of the browser's recorder: speech, not music (a minute is about 480 KB). */
  recordingBitrate: 64_000,
  /** A minute of speech is well under 1 MB in Opus or AAC; 5 MB leaves room for an MP3 or a short WAV. */
  audioBytes: 5 * 1024 * 1024,
  /** A report's words, a staff member's reason to hide. */
  reason: 500,
} as const;

const tooLong = (what: string, max: number) => `${what} pot tenir com a màxim ${max} caràcters.`;

export const MESSAGES = {
  newsletterRequired: "Si us plau, introdueix el teu correu i accepta la política de privacitat.",
  newsletterDuplicate: { title: "Ja estàs subscrit", description: "Aquest correu ja està subscrit a la newsletter." },
  newsletterError: "Hi ha hagut un error en processar la subscripció. Torna-ho a provar.",
  // The spec's title, kept; its text no longer says the subscription is done before the person has
  // opened the confirmation e-mail (issue 27). The days are the link's validity (newsletter.server).
  newsletterSuccess: (days: number) => ({
    title: "Subscripció confirmada!",
    description: `Gràcies per subscriure't. Només falta un pas: t'hem enviat un correu per confirmar l'adreça. Obre l'enllaç que hi trobaràs en els propers ${days} dies.`,
  }),
  /** A pending address asked for again: the confirmation goes out once more. */
  newsletterResent: (days: number) => ({
    title: "T'hem tornat a enviar l'enllaç",
    description: `Aquesta adreça encara no està confirmada. T'hem enviat un correu nou: obre l'enllaç que hi trobaràs en els propers ${days} dies.`,
  }),
  /** …but one went out a moment ago. */
  newsletterRecent: (minutes: number) => ({
    title: "Ja t'hem enviat l'enllaç",
    description: `Fa poca estona que t'hem enviat el correu per confirmar aquesta adreça. Mira la safata d'entrada i la carpeta de correu brossa. Si no hi és, torna-ho a provar d'aquí a ${minutes} minuts.`,
  }),
  newsletterNext: "Fins que no confirmis l'adreça no t'enviarem cap newsletter.",
  commentEmpty: "El comentari no pot estar buit",
  commentPrivacy: "Has d'acceptar la política de privacitat per continuar",
  commentError: "Hi ha hagut un problema enviant el comentari. Torna-ho a provar.",
  commentSuccess: { title: "Gràcies!", description: "El teu comentari s'ha enviat correctament. L'equip el revisarà aviat." },
  // Decision 028: the answer says what happened. Published at once (publish-then-review mode), the
  // spec's "L'equip el revisarà aviat" alone would read as if it waited for review.
  commentPublished: {
    title: "Gràcies!",
    description: "El teu comentari s'ha publicat correctament. L'equip de moderació el revisarà aviat.",
  },
  reflectionRequired: "La reflexió és obligatòria",
  reflectionConsent: "Has d'acceptar la política de privacitat per deixar el teu correu",
  reflectionErrorPrefix: "Error en enviar la reflexió: ",
  reflectionSuccess: "Reflexió enviada correctament! Gràcies per la teva participació.",
  reflectionPublished: "Ja es pot llegir a la pàgina d'aportacions.",
  reflectionPending: "Es publicarà quan l'equip de moderació l'hagi revisada.",
  testimonialMissing: {
    title: "Falten dades",
    description: "Si us plau, grava un àudio, escriu un missatge, selecciona una temàtica i accepta els termes",
  },
  testimonialError: "No s'ha pogut enviar el testimoni. Torna-ho a provar.",
  testimonialSuccess: {
    title: "Testimoni enviat!",
    description: "Gràcies per compartir la teva visió. L'administrador el revisarà aviat.",
  },
  testimonialNext: "Quan l'equip l'aprovi, el podràs escoltar a la pàgina de testimonis.",
  audioUnsupported: "El teu navegador no suporta la reproducció d'àudio.",
  microphone: { title: "Error", description: "No s'ha pogut accedir al micròfon" },
  recordingStarted: "Gravació iniciada",
  recordingFinished: "Gravació finalitzada",
  recordingAutoStopped: { title: "Gravació aturada automàticament", description: "Has arribat al límit d'1 minut" },
  // Not in the spec: the spec's tone, for rules it leaves to us.
  emailInvalid: "Introdueix una adreça de correu vàlida.",
  commentTooLong: tooLong("El comentari", LIMITS.comment),
  reflectionTooLong: tooLong("La reflexió", LIMITS.reflection),
  nameTooLong: tooLong("El nom", LIMITS.name),
  titleTooLong: tooLong("El missatge", LIMITS.title),
  categoryInvalid: "Selecciona una temàtica de la llista.",
  audioType: "El fitxer ha de ser un àudio (mp3, wav, webm, ogg o m4a).",
  /** Not in the spec: the storage away (S3), nothing kept (decision 060). */
  audioStoreUnavailable: "Ara mateix no podem desar la gravació. No s'ha guardat res: torna-ho a provar d'aquí a un moment.",
  audioTooLarge: `L'àudio és massa gran (màxim ${LIMITS.audioBytes / 1024 / 1024} MB).`,
  audioUnreadable: "No hem pogut llegir l'àudio: el fitxer està malmès o no és una gravació de so. Grava'l de nou o tria un altre fitxer.",
  audioTooLong: `L'àudio pot durar com a màxim ${LIMITS.recording} segons.`,
  testimonialsFull:
    "Ara mateix hi ha massa testimonis pendents de revisar i no en podem rebre més. Torna-ho a provar d'aquí a uns dies; la resta del web funciona amb normalitat.",
  tooMany: "Has enviat massa peticions seguides. Espera uns minuts i torna-ho a provar.",
  placeInvalid: "El punt marcat no és vàlid. Torna'l a marcar al mapa.",
  placeOutside: "El punt ha de ser dins de l'Alt Penedès.",
  segmentInvalid: "El tram triat no és al mapa. Torna'l a triar.",
  mapCategoryInvalid: "Tria una categoria de la llista.",
  municipalityInvalid: "Tria un municipi de la llista.",
  /** A body no browser form sends: text that is not UTF-8, a NUL, something that is not a form. */
  badRequest: "Petició no vàlida.",
} as const;

/** The report form's texts (decision 028). */
export const REPORT_TEXTS = {
  title: "Denuncia aquesta aportació",
  description: "Si creus que aquesta aportació no hauria de ser pública, explica'ns per què. No cal que t'identifiquis.",
  success: { title: "Gràcies per avisar-nos", description: "L'equip de moderació revisarà aquesta aportació." },
  duplicate: { title: "Ja l'havies denunciada", description: "Només cal denunciar cada aportació una vegada. L'equip ja ho sap." },
  gone: { title: "Aquesta aportació ja no és pública", description: "Potser l'equip de moderació ja l'ha retirada." },
  reasonRequired: "Tria el motiu de la denúncia",
  detailRequired: "Explica breument el motiu de la denúncia",
  detailTooLong: tooLong("El motiu", LIMITS.reason),
  failure: "No s'ha pogut enviar la denúncia. Torna-ho a provar.",
} as const;

const KEPT = "No has perdut res: torna-ho a provar d'aquí a un moment.";

/** What each public form says when its send does not reach the site or the site cannot answer
 * it (a dropped connection, a deploy's 503): the spec's failure message, and that nothing is lost. */
export const UNREACHABLE = {
  newsletter: { title: MESSAGES.newsletterError, description: `No hem pogut connectar amb el web. ${KEPT}` },
  mapComment: { title: MESSAGES.commentError, description: `No hem pogut connectar amb el web. ${KEPT}` },
  reflection: { title: `${MESSAGES.reflectionErrorPrefix}no hem pogut connectar amb el web.`, description: KEPT },
  testimonial: {
    title: MESSAGES.testimonialError,
    description: "No hem pogut connectar amb el web. Conservem l'àudio i el que has escrit: torna-ho a provar d'aquí a un moment.",
  },
  report: { title: REPORT_TEXTS.failure, description: `No hem pogut connectar amb el web. ${KEPT}` },
} as const;

/** The most bytes a text form whose fields hold at most these many characters takes, url-encoded
 * or as multipart: a character is at most 9 bytes (a 3-byte UTF-8 character, percent-encoded; a
 * 4-byte one is two UTF-16 characters), and 2 KB covers the names, the separators, the short
 * fields (checkboxes, a category) and a multipart form's part headers. */
export const formBytes = (...maxChars: number[]) => maxChars.reduce((sum, n) => sum + 9 * n, 2 * 1024);

/** The name of the honeypot field: people never see it, bots fill it in. */
export const HONEYPOT = "website";

import type { FieldErrors } from "./forms";

export type { FieldErrors };

/** What every public write answers, with JavaScript (a fetcher) or without (the page). */
export type WriteResult =
  | {
      ok: true;
      message: { title: string; description?: string };
      /** Where the new contribution can be seen, when it is public at once. */
      view?: string;
      /** One line on what happens next, when the message does not say it. */
      next?: string;
    }
  | { ok: false; errors: FieldErrors; values?: Record<string, string>; message?: { title: string; description?: string } };

/** The typed values a failed write sent back (for a page without JavaScript). */
export const echoed = (result: WriteResult | undefined, name: string) => (result && !result.ok ? (result.values?.[name] ?? "") : "");

export interface PublicTestimonial {
  id: string;
  title: string;
  category: Category;
  duration: number | null;
  audioUrl: string;
  submittedAt: string;
}

export interface MapSettings {
  embedUrl: string | null;
  fullUrl: string | null;
  /** Our own map (issue 17) or the external embed. */
  kind: MapKind;
  tiles: TileSettings;
  layers: PublicMapLayer[];
  /** The latest comments with a place, for the list beside the map. */
  comments: PublicMapComment[];
}
