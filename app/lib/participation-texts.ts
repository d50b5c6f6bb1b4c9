import type { Category } from "~/domain/themes";
import type { Locale } from "~/i18n/locales";
import type { ClientKey, MessageValues } from "~/i18n/catalogue";
import type { MapKind, PublicMapComment, PublicMapLayer, TileSettings } from "~/domain/map";

// The messages, limits and shapes of the public forms, without Zod: the pages import this, and the
// schemas (participation.ts) load only when a form is first sent. Every limit is in LIMITS; the
// messages name one through FORM_VALUES, and the byte budgets of the server's reader are derived
// from it. Messages are catalogue keys (decision 059): the words are in app/i18n/<locale>/forms.ts.

export const LIMITS = {
  email: 254,
  comment: 2000,
  reflection: 5000,
  name: 100,
  title: 100,
  /** A testimonial's transcript (issue 33): a minute of speech is some 1,000 characters. */
  transcript: 3000,
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
  /** An accessibility request (issue 33): the page or content it is about, and the message. */
  about: 300,
  message: 5000,
  /** A rights request's optional words (decision 072). */
  rightsMessage: 2000,
} as const;

/** A key of the public forms' texts (app/i18n/<locale>/forms.ts). */
export type FormKey = Extract<ClientKey, `forms.${string}`>;

/** What a form says: catalogue keys, never words (decision 059); the page says them in its
 * language (useFormT), with the values a text names (a number of days). */
export interface FormMessage {
  title: FormKey;
  description?: FormKey;
  values?: MessageValues;
}

/** The limits the forms' messages name ("màxim {maxComment} caràcters"), given to every one. */
export const FORM_VALUES = {
  maxComment: LIMITS.comment,
  maxReflection: LIMITS.reflection,
  maxName: LIMITS.name,
  maxTitle: LIMITS.title,
  maxTranscript: LIMITS.transcript,
  maxReason: LIMITS.reason,
  maxSeconds: LIMITS.recording,
  audioMb: LIMITS.audioBytes / 1024 / 1024,
  maxAbout: LIMITS.about,
  maxMessage: LIMITS.message,
  maxRightsMessage: LIMITS.rightsMessage,
} as const;

/** A message with a title and a description under one key: "forms.x.title", "forms.x.description". */
type Paired = {
  [K in FormKey]: K extends `forms.${infer P}.title` ? (`forms.${P}.description` extends FormKey ? P : never) : never;
}[FormKey];
const pair = <P extends Paired>(key: P) => ({ title: `forms.${key}.title` as FormKey, description: `forms.${key}.description` as FormKey });

export const MESSAGES = {
  newsletterRequired: "forms.newsletterRequired",
  newsletterDuplicate: pair("newsletterDuplicate"),
  newsletterError: "forms.newsletterError",
  // The spec's title, kept; its text no longer says the subscription is done before the person has
  // opened the confirmation e-mail (issue 27). The days are the link's validity (newsletter.server).
  newsletterSuccess: (days: number): FormMessage => ({ ...pair("newsletterSuccess"), values: { days } }),
  /** A pending address asked for again: the confirmation goes out once more. */
  newsletterResent: (days: number): FormMessage => ({ ...pair("newsletterResent"), values: { days } }),
  /** …but one went out a moment ago. */
  newsletterRecent: (minutes: number): FormMessage => ({ ...pair("newsletterRecent"), values: { minutes } }),
  newsletterNext: "forms.newsletterNext",
  commentEmpty: "forms.commentEmpty",
  commentPrivacy: "forms.commentPrivacy",
  commentError: "forms.commentError",
  commentSuccess: pair("commentSuccess"),
  // Decision 028: the answer says what happened. Published at once (publish-then-review mode), the
  // spec's "L'equip el revisarà aviat" alone would read as if it waited for review.
  commentPublished: pair("commentPublished"),
  reflectionRequired: "forms.reflectionRequired",
  reflectionConsent: "forms.reflectionConsent",
  /** The spec's "Error en enviar la reflexió: " and why. */
  reflectionError: "forms.reflectionError",
  reflectionSuccess: "forms.reflectionSuccess",
  reflectionPublished: "forms.reflectionPublished",
  reflectionPending: "forms.reflectionPending",
  testimonialMissing: pair("testimonialMissing"),
  testimonialError: "forms.testimonialError",
  testimonialSuccess: pair("testimonialSuccess"),
  testimonialNext: "forms.testimonialNext",
  audioUnsupported: "forms.audioUnsupported",
  microphone: pair("microphone"),
  recordingStarted: "forms.recordingStarted",
  recordingFinished: "forms.recordingFinished",
  recordingAutoStopped: pair("recordingAutoStopped"),
  // Not in the spec: the spec's tone, for rules it leaves to us.
  emailInvalid: "forms.emailInvalid",
  commentTooLong: "forms.commentTooLong",
  reflectionTooLong: "forms.reflectionTooLong",
  nameTooLong: "forms.nameTooLong",
  titleTooLong: "forms.titleTooLong",
  transcriptTooLong: "forms.transcriptTooLong",
  transcriptInvalid: "forms.transcriptInvalid",
  categoryInvalid: "forms.categoryInvalid",
  audioType: "forms.audioType",
  /** Not in the spec: the storage away (S3), nothing kept (decision 060). */
  audioStoreUnavailable: "forms.audioStoreUnavailable",
  audioTooLarge: "forms.audioTooLarge",
  audioUnreadable: "forms.audioUnreadable",
  audioTooLong: "forms.audioTooLong",
  testimonialsFull: "forms.testimonialsFull",
  tooMany: "forms.tooMany",
  placeInvalid: "forms.placeInvalid",
  placeOutside: "forms.placeOutside",
  segmentInvalid: "forms.segmentInvalid",
  mapCategoryInvalid: "forms.mapCategoryInvalid",
  municipalityInvalid: "forms.municipalityInvalid",
  /** A body no browser form sends: text that is not UTF-8, a NUL, something that is not a form. */
  badRequest: "forms.badRequest",
  /** A text form's body over its budget (no browser form sends one). */
  formTooLarge: "forms.formTooLarge",
} as const satisfies Record<string, FormKey | FormMessage | ((n: number) => FormMessage)>;

/** The report form's texts (decision 028). */
export const REPORT_TEXTS = {
  title: "forms.report.title",
  description: "forms.report.description",
  success: pair("report.success"),
  duplicate: pair("report.duplicate"),
  gone: pair("report.gone"),
  reasonRequired: "forms.report.reasonRequired",
  detailRequired: "forms.report.detailRequired",
  detailTooLong: "forms.report.detailTooLong",
  failure: "forms.report.failure",
} as const satisfies Record<string, FormKey | FormMessage>;

/** The accessibility statement's form (issue 33): a communication or a request for accessible
 * information. The success names its reference and the day the answer is due ({due}, said in the page's
 * language). */
export const ACCESSIBILITY_REQUEST_TEXTS = {
  kindRequired: "forms.accessibilityRequest.kindRequired",
  aboutRequired: "forms.accessibilityRequest.aboutRequired",
  aboutTooLong: "forms.accessibilityRequest.aboutTooLong",
  messageRequired: "forms.accessibilityRequest.messageRequired",
  messageTooLong: "forms.accessibilityRequest.messageTooLong",
  failure: "forms.accessibilityRequest.failure",
  success: (due: string, reference: string): FormMessage => ({ ...pair("accessibilityRequest.success"), values: { due, reference } }),
  /** Stored, but the mail server refused the acknowledgement. */
  successNoMail: (due: string, reference: string): FormMessage => ({
    ...pair("accessibilityRequest.successNoMail"),
    values: { due, reference },
  }),
} as const satisfies Record<string, FormKey | ((due: string, reference: string) => FormMessage)>;

/** The form where a person asks to see or erase their data (issue 34, decision 072). The success
 * says the same whatever the address ({days}: how long the e-mail's link works). */
export const RIGHTS_REQUEST_TEXTS = {
  kindRequired: "forms.rightsRequest.kindRequired",
  messageTooLong: "forms.rightsRequest.messageTooLong",
  failure: "forms.rightsRequest.failure",
  success: (days: number): FormMessage => ({ ...pair("rightsRequest.success"), values: { days } }),
} as const satisfies Record<string, FormKey | ((days: number) => FormMessage)>;

const UNREACHED = "forms.unreachable.description";

/** What each public form says when its send does not reach the site or the site cannot answer
 * it (a dropped connection, a deploy's 503): the spec's failure message, and that nothing is lost. */
export const UNREACHABLE = {
  newsletter: { title: MESSAGES.newsletterError, description: UNREACHED },
  mapComment: { title: MESSAGES.commentError, description: UNREACHED },
  reflection: pair("unreachable.reflection"),
  testimonial: { title: MESSAGES.testimonialError, description: "forms.unreachable.testimonial.description" },
  report: { title: REPORT_TEXTS.failure, description: UNREACHED },
  accessibilityRequest: { title: ACCESSIBILITY_REQUEST_TEXTS.failure, description: UNREACHED },
  rightsRequest: { title: RIGHTS_REQUEST_TEXTS.failure, description: UNREACHED },
} as const satisfies Record<string, Required<Omit<FormMessage, "values">>>;

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
      message: FormMessage;
      /** Where the new contribution can be seen, when it is public at once. */
      view?: string;
      /** One line on what happens next, when the message does not say it. */
      next?: FormKey;
    }
  | { ok: false; errors: FieldErrors; values?: Record<string, string>; message?: FormMessage };

/** The typed values a failed write sent back (for a page without JavaScript). */
export const echoed = (result: WriteResult | undefined, name: string) => (result && !result.ok ? (result.values?.[name] ?? "") : "");

export interface PublicTestimonial {
  id: string;
  title: string;
  category: Category;
  duration: number | null;
  audioUrl: string;
  /** What the audio says (issue 33), or null when nobody has written it yet. */
  transcript: string | null;
  submittedAt: string;
  /** The language its author recorded it in (its title is theirs, decision 059). */
  locale: Locale;
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
