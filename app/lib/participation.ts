import { z } from "zod";
import { inArea, MAP_CATEGORIES, MUNICIPALITY_NAMES, roundCoord, type MapCategory } from "~/domain/map";
import { categories } from "~/domain/themes";
import { checkForm, type FieldErrors } from "./forms";
import { ACCESSIBILITY_REQUEST_KINDS } from "~/domain/accessibility-requests";
import { RIGHTS_REQUEST_KINDS } from "~/domain/rights";
import { ACCESSIBILITY_REQUEST_TEXTS, LIMITS, MESSAGES, RIGHTS_REQUEST_TEXTS } from "./participation-texts";

export { fieldErrors } from "./forms";

export * from "./participation-texts";

// One schema per public form, shared by the component (checked when the form is sent) and the
// action (the rule). The server is exactly as strict as the form. Texts are the spec's.

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

/** A coordinate as a form posts it: empty is none; anything else must be a plain decimal number. */
const coordinate = z.preprocess(
  (v) => {
    if (typeof v !== "string" || v.trim() === "") return null;
    return /^-?\d{1,3}(\.\d{1,15})?$/.test(v.trim()) ? Number(v) : NaN;
  },
  z.custom<number | null>(() => true),
); // NaN (not a number) is reported by the form's check below

export const mapCommentSchema = z
  .object({
    comment: text.optional(),
    email: optionalText.optional(),
    privacy: checked,
    /** "I want to receive the council's answer by e-mail" (decision 068): only with an e-mail. */
    answerConsent: checked.optional(),
    // The place (issue 17), all optional: a pin, or a segment of the network; a category; a municipality.
    lat: coordinate.optional(),
    lng: coordinate.optional(),
    segment: optionalText.optional(),
    category: optionalText.optional(),
    municipality: optionalText.optional(),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? "";
    const email = v.email ?? null;
    if (!comment) ctx.addIssue({ code: "custom", path: ["comment"], message: MESSAGES.commentEmpty });
    else if (comment.length > LIMITS.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: MESSAGES.commentTooLong });
    if (email !== null && (email.length > LIMITS.email || !isEmail(email)))
      ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
    if (!v.privacy) ctx.addIssue({ code: "custom", path: ["privacy"], message: MESSAGES.commentPrivacy });
    const lat = v.lat ?? null;
    const lng = v.lng ?? null;
    const segment = v.segment ?? null;
    if (lat !== null || lng !== null || Number.isNaN(lat) || Number.isNaN(lng)) {
      if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng))
        ctx.addIssue({ code: "custom", path: ["place"], message: MESSAGES.placeInvalid });
      else if (!inArea(lng, lat)) ctx.addIssue({ code: "custom", path: ["place"], message: MESSAGES.placeOutside });
    }
    // A layer's id (a uuid, in full: issue 29) and the feature's number.
    if (segment !== null && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,5}$/.test(segment))
      ctx.addIssue({ code: "custom", path: ["place"], message: MESSAGES.segmentInvalid });
    const category = v.category ?? null;
    if (category !== null && !(MAP_CATEGORIES as readonly string[]).includes(category))
      ctx.addIssue({ code: "custom", path: ["category"], message: MESSAGES.mapCategoryInvalid });
    const municipality = v.municipality ?? null;
    if (municipality !== null && !MUNICIPALITY_NAMES.includes(municipality))
      ctx.addIssue({ code: "custom", path: ["municipality"], message: MESSAGES.municipalityInvalid });
    return {
      comment,
      email,
      answerConsent: email !== null && v.answerConsent === true,
      // A segment wins over a pin: its place is the segment's (set by the write).
      pin: segment === null && lat !== null && lng !== null ? { lat: roundCoord(lat), lng: roundCoord(lng) } : null,
      segment,
      category: category as MapCategory | null,
      municipality,
    };
  });

/** An optional municipality as a form posts it: null when none was chosen; one of the list, or an
 * issue on the field (and undefined). */
function checkMunicipality(value: string | null | undefined, ctx: z.RefinementCtx): string | null | undefined {
  const municipality = value ?? null;
  if (municipality === null || MUNICIPALITY_NAMES.includes(municipality)) return municipality;
  ctx.addIssue({ code: "custom", path: ["municipality"], message: MESSAGES.municipalityInvalid });
  return undefined;
}

export const reflectionSchema = z
  .object({
    reflection: text.optional(),
    name: optionalText.optional(),
    email: optionalText.optional(),
    privacy: checked,
    /** The answer by e-mail (decision 068): a consent of its own, not the newsletter's; only with an e-mail. */
    answerConsent: checked.optional(),
    /** The visitor's municipality, optional (issue 32): one of the list. */
    municipality: optionalText.optional(),
  })
  .transform((v, ctx) => {
    const reflection = v.reflection ?? "";
    const municipality = checkMunicipality(v.municipality, ctx);
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
    return {
      reflection,
      name,
      email,
      privacyAccepted: email !== null && v.privacy,
      answerConsent: email !== null && v.answerConsent === true,
      municipality,
    };
  });

/** Characters nobody types into a text: control characters (tab and line breaks aside), the
 * replacement character of bytes that were not text, and the bidirectional overrides that make a
 * text read otherwise than it is stored. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const UNCLEAN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFD]/;

/** A testimonial's transcript (issue 33), from the visitor's form or staff's: trimmed, its line
 * breaks as \n, null when empty; too long or not clean text is refused (the reason's key). */
export function readTranscript(value: unknown): { ok: true; transcript: string | null } | { ok: false; error: "tooLong" | "invalid" } {
  if (value === undefined || value === null) return { ok: true, transcript: null };
  if (typeof value !== "string") return { ok: false, error: "invalid" };
  const text = value.replace(/\r\n?/g, "\n").trim();
  if (UNCLEAN.test(text)) return { ok: false, error: "invalid" };
  if (text.length > LIMITS.transcript) return { ok: false, error: "tooLong" };
  return { ok: true, transcript: text === "" ? null : text };
}

/** The text fields of a testimonial; the audio file is checked by its bytes on the server. */
export const testimonialSchema = z
  .object({
    title: text.optional(),
    category: z.unknown().optional(),
    terms: checked,
    duration: z.unknown().optional(),
    transcript: z.unknown().optional(),
    /** The visitor's municipality, optional (issue 32): one of the list. */
    municipality: optionalText.optional(),
  })
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
    const transcript = readTranscript(v.transcript);
    if (!transcript.ok)
      ctx.addIssue({
        code: "custom",
        path: ["transcript"],
        message: transcript.error === "tooLong" ? MESSAGES.transcriptTooLong : MESSAGES.transcriptInvalid,
      });
    const municipality = checkMunicipality(v.municipality, ctx);
    if (!category.success || title.length > LIMITS.title || !transcript.ok || municipality === undefined) return z.NEVER;
    return { title, category: category.data, duration: clampDuration(v.duration), transcript: transcript.transcript, municipality };
  });

/** The accessibility statement's form (issue 33): what it is (a communication or a request for
 * accessible information), the page or content concerned, the message, an e-mail for the answer
 * (required) and a name (optional). */
export const accessibilityRequestSchema = z
  .object({
    kind: text.optional(),
    name: optionalText.optional(),
    email: text.optional(),
    about: text.optional(),
    message: text.optional(),
  })
  .transform((v, ctx) => {
    const kind = ACCESSIBILITY_REQUEST_KINDS.find((k) => k === v.kind);
    const name = v.name ?? null;
    const email = v.email ?? "";
    const about = v.about ?? "";
    const message = v.message ?? "";
    const T = ACCESSIBILITY_REQUEST_TEXTS;
    if (!kind) ctx.addIssue({ code: "custom", path: ["kind"], message: T.kindRequired });
    if (!about) ctx.addIssue({ code: "custom", path: ["about"], message: T.aboutRequired });
    else if (about.length > LIMITS.about) ctx.addIssue({ code: "custom", path: ["about"], message: T.aboutTooLong });
    if (!message) ctx.addIssue({ code: "custom", path: ["message"], message: T.messageRequired });
    else if (message.length > LIMITS.message) ctx.addIssue({ code: "custom", path: ["message"], message: T.messageTooLong });
    if (!email || email.length > LIMITS.email || !isEmail(email))
      ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
    if (name !== null && name.length > LIMITS.name) ctx.addIssue({ code: "custom", path: ["name"], message: MESSAGES.nameTooLong });
    if (!kind) return z.NEVER;
    return { kind, name, email, about, message };
  });

/** The rights request (decision 072): to see or to erase, the address the confirmation goes to,
 * and optional words (what to erase, for instance). */
export const rightsRequestSchema = z
  .object({ kind: text.optional(), email: text.optional(), message: optionalText.optional() })
  .transform((v, ctx) => {
    const kind = RIGHTS_REQUEST_KINDS.find((k) => k === v.kind);
    const email = v.email ?? "";
    const message = v.message ?? null;
    if (!kind) ctx.addIssue({ code: "custom", path: ["kind"], message: RIGHTS_REQUEST_TEXTS.kindRequired });
    if (!email || email.length > LIMITS.email || !isEmail(email))
      ctx.addIssue({ code: "custom", path: ["email"], message: MESSAGES.emailInvalid });
    if (message !== null && message.length > LIMITS.rightsMessage)
      ctx.addIssue({ code: "custom", path: ["message"], message: RIGHTS_REQUEST_TEXTS.messageTooLong });
    if (!kind) return z.NEVER;
    return { kind, email, message };
  });

/** Seconds, rounded and clamped to 0..60; null when not a number (an upload without JavaScript). */
export function clampDuration(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : NaN;
  if (!Number.isFinite(n)) return null;
  return Math.min(LIMITS.recording, Math.max(0, Math.round(n)));
}

const FORM_SCHEMAS = {
  newsletter: newsletterSchema,
  mapComment: mapCommentSchema,
  reflection: reflectionSchema,
  accessibilityRequest: accessibilityRequestSchema,
  rightsRequest: rightsRequestSchema,
} as const;

/** The browser's check of a public form before sending (the same schema the action applies). */
export function checkPublicForm(name: keyof typeof FORM_SCHEMAS, data: FormData): FieldErrors {
  return checkForm(FORM_SCHEMAS[name], data);
}
