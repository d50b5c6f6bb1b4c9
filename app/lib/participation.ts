import { z } from "zod";
import { categories, type Category } from "~/db/schema";

// One schema per public form, shared by the component (comfort checks, disabled states) and
// the action (the rule). The server is exactly as strict as the form. Texts are the spec's.

export const MESSAGES = {
  newsletterRequired: "Si us plau, introdueix el teu correu i accepta la política de privacitat.",
  newsletterDuplicate: { title: "Ja estàs subscrit", description: "Aquest correu ja està subscrit a la newsletter." },
  newsletterError: "Hi ha hagut un error en processar la subscripció. Torna-ho a provar.",
  newsletterSuccess: {
    title: "Subscripció confirmada!",
    description: "Gràcies per subscriure't. Rebràs actualitzacions sobre la campanya.",
  },
  commentEmpty: "El comentari no pot estar buit",
  commentPrivacy: "Has d'acceptar la política de privacitat per continuar",
  commentError: "Hi ha hagut un problema enviant el comentari. Torna-ho a provar.",
  commentSuccess: { title: "Gràcies!", description: "El teu comentari s'ha enviat correctament. L'equip el revisarà aviat." },
  reflectionRequired: "La reflexió és obligatòria",
  reflectionConsent: "Has d'acceptar la política de privacitat per deixar el teu correu",
  reflectionErrorPrefix: "Error en enviar la reflexió: ",
  reflectionSuccess: "Reflexió enviada correctament! Gràcies per la teva participació.",
  testimonialMissing: {
    title: "Falten dades",
    description: "Si us plau, grava un àudio, escriu un missatge, selecciona una temàtica i accepta els termes",
  },
  testimonialError: "No s'ha pogut enviar el testimoni. Torna-ho a provar.",
  testimonialSuccess: {
    title: "Testimoni enviat!",
    description: "Gràcies per compartir la teva visió. L'administrador el revisarà aviat.",
  },
  audioUnsupported: "El teu navegador no suporta la reproducció d'àudio.",
  microphone: { title: "Error", description: "No s'ha pogut accedir al micròfon" },
  recordingStarted: "Gravació iniciada",
  recordingFinished: "Gravació finalitzada",
  recordingAutoStopped: { title: "Gravació aturada automàticament", description: "Has arribat al límit d'1 minut" },
  // Not in the spec: the spec's tone, for rules it leaves to us.
  emailInvalid: "Introdueix una adreça de correu vàlida.",
  commentTooLong: "El comentari pot tenir com a màxim 2000 caràcters.",
  reflectionTooLong: "La reflexió pot tenir com a màxim 5000 caràcters.",
  nameTooLong: "El nom pot tenir com a màxim 100 caràcters.",
  titleTooLong: "El missatge pot tenir com a màxim 100 caràcters.",
  categoryInvalid: "Selecciona una temàtica de la llista.",
  audioType: "El fitxer ha de ser un àudio (mp3, wav, webm, ogg o m4a).",
  audioTooLarge: "L'àudio és massa gran (màxim 5 MB).",
  tooMany: "Has enviat massa peticions seguides. Espera uns minuts i torna-ho a provar.",
} as const;

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
  /** A minute of speech is well under 1 MB in Opus or AAC; 5 MB leaves room for an MP3 or a short WAV. */
  audioBytes: 5 * 1024 * 1024,
} as const;

/** The name of the honeypot field: people never see it, bots fill it in. */
export const HONEYPOT = "website";

/** A checkbox as browsers post it ("on"), or as a script may ("true"). */
const checked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
/** Trimmed text; a value of another type counts as empty (and so gets the field's own message). */
const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : v === undefined ? undefined : ""), z.string());
/** Optional text: trimmed, null when empty. */
const optionalText = z.preprocess((v) => {
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t === "" ? null : t;
}, z.string().nullable());

const isEmail = (v: string) => z.email().safeParse(v).success;

export const newsletterSchema = z.object({ email: text.optional(), privacy: checked }).transform((v, ctx) => {
  const email = v.email ?? "";
  if (!email || !v.privacy) {
    ctx.addIssue({ code: "custom", path: [email ? "privacy" : "email"], message: MESSAGES.newsletterRequired });
    return z.NEVER;
  }
  if (email.length > LIMITS.email || !isEmail(email)) {
    ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
    return z.NEVER;
  }
  return { email, privacyAccepted: true as const };
});

export const mapCommentSchema = z
  .object({ comment: text.optional(), email: optionalText.optional(), privacy: checked })
  .transform((v, ctx) => {
    const comment = v.comment ?? "";
    const email = v.email ?? null;
    if (!comment) ctx.addIssue({ code: "custom", path: ["comment"], message: MESSAGES.commentEmpty });
    else if (comment.length > LIMITS.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: MESSAGES.commentTooLong });
    if (email !== null && (email.length > LIMITS.email || !isEmail(email)))
      ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
    if (!v.privacy) ctx.addIssue({ code: "custom", path: ["privacy"], message: MESSAGES.commentPrivacy });
    return { comment, email };
  });

export const reflectionSchema = z
  .object({ reflection: text.optional(), name: optionalText.optional(), email: optionalText.optional(), privacy: checked })
  .transform((v, ctx) => {
    const reflection = v.reflection ?? "";
    const name = v.name ?? null;
    const email = v.email ?? null;
    if (!reflection) ctx.addIssue({ code: "custom", path: ["reflection"], message: MESSAGES.reflectionRequired });
    else if (reflection.length > LIMITS.reflection)
      ctx.addIssue({ code: "custom", path: ["reflection"], message: MESSAGES.reflectionTooLong });
    if (name !== null && name.length > LIMITS.name) ctx.addIssue({ code: "custom", path: ["name"], message: MESSAGES.nameTooLong });
    if (email !== null) {
      if (email.length > LIMITS.email || !isEmail(email)) ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
      else if (!v.privacy) ctx.addIssue({ code: "custom", path: ["privacy"], message: MESSAGES.reflectionConsent });
    }
    // The consent box only exists once an e-mail is typed: without an e-mail nothing is accepted.
    return { reflection, name, email, privacyAccepted: email !== null && v.privacy };
  });

/** The text fields of a testimonial; the audio file is checked by its bytes on the server. */
export const testimonialSchema = z
  .object({ title: text.optional(), category: z.unknown().optional(), terms: checked, duration: z.unknown().optional() })
  .transform((v, ctx) => {
    const title = v.title ?? "";
    const missing = !title || v.category === undefined || v.category === "" || !v.terms;
    if (missing) {
      ctx.addIssue({ code: "custom", path: [], message: MESSAGES.testimonialMissing.description });
      return z.NEVER;
    }
    if (title.length > LIMITS.title) ctx.addIssue({ code: "custom", path: ["title"], message: MESSAGES.titleTooLong });
    const category = z.enum(categories).safeParse(v.category);
    if (!category.success) ctx.addIssue({ code: "custom", path: ["category"], message: MESSAGES.categoryInvalid });
    if (!category.success || title.length > LIMITS.title) return z.NEVER;
    return { title, category: category.data, duration: clampDuration(v.duration) };
  });

/** Seconds, rounded and clamped to 0..60; null when not a number (an upload without JavaScript). */
export function clampDuration(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(LIMITS.recording, Math.max(0, Math.round(n)));
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each field ("form" for errors about the whole form). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** What every public write answers, with JavaScript (a fetcher) or without (the page). */
export type WriteResult =
  | { ok: true; message: { title: string; description?: string } }
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
}
