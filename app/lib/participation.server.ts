import { and, desc, eq } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { mapComments, reflections, testimonials } from "~/db/schema";
import type { Category } from "~/domain/themes";
import type { AppContext } from "./app-context";
import { embeds, publicRead } from "./content.server";
import { FormError, readForm } from "./forms.server";
import { errorFields, log } from "./log.server";
import { purgeExpiredSubscriptions, sendConfirmation, storeSubscription, subscribe } from "./newsletter.server";
import {
  fieldErrors,
  formBytes,
  HONEYPOT,
  LIMITS,
  mapCommentSchema,
  MESSAGES,
  newsletterSchema,
  reflectionSchema,
  testimonialSchema,
  type MapSettings,
  type PublicTestimonial,
  type WriteResult,
} from "./participation";
import { allowWrite, type WriteKind } from "./rate-limit.server";
import { mediaUrl } from "./storage.server";

// The public writes (spec section 7): each checks the rate limit, the body size, the honeypot
// and its schema, then stores the row once and completely, or nothing at all.

export interface Outcome {
  status: number;
  result: WriteResult;
}

/** A write's answer from its page's action: the result, with its status. */
export const respond = ({ status, result }: Outcome) => data(result, { status });

/** The bytes each form's text may take, from the limits of its fields. */
const FORM_BYTES: Record<WriteKind, number> = {
  newsletter: formBytes(LIMITS.email),
  "map-comment": formBytes(LIMITS.comment, LIMITS.email),
  reflection: formBytes(LIMITS.reflection, LIMITS.name, LIMITS.email),
  testimonial: formBytes(LIMITS.title),
};

const tooMany = (): Outcome => ({ status: 429, result: { ok: false, errors: {}, message: { title: MESSAGES.tooMany } } });

/** What the person typed, sent back with a validation error so a page without JavaScript can keep
 * it. Never an e-mail address: those stay out of every response. */
function echo(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["comment", "reflection", "name", "title", "category"]) {
    const value = fields[name];
    if (typeof value === "string" && value.length <= LIMITS.reflection) out[name] = value;
  }
  return out;
}

type Ctx = Pick<AppContext, "db" | "env" | "clientKey" | "storage" | "mailer" | "sessionSecret">;

/** Shared steps of the three text forms. */
async function textWrite(
  request: Request,
  context: Ctx,
  kind: WriteKind,
  store: (fields: Record<string, string>) => Promise<Outcome>,
  honeypotSuccess: WriteResult,
): Promise<Outcome> {
  if (!(await allowWrite(context, kind))) return tooMany();
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: FORM_BYTES[kind] }));
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    return { status: err.code === "too_large" ? 413 : 400, result: { ok: false, errors: {}, message: { title: err.message } } };
  }
  // A bot filled in the hidden field: it is told all went well, and nothing is stored.
  if (fields[HONEYPOT]) return { status: 200, result: honeypotSuccess };
  return store(fields);
}

export function subscribeNewsletter(request: Request, context: Ctx): Promise<Outcome> {
  const success: WriteResult = { ok: true, message: MESSAGES.newsletterSuccess };
  return textWrite(
    request,
    context,
    "newsletter",
    async (fields) => {
      const parsed = newsletterSchema.safeParse(fields);
      if (!parsed.success) return { status: 400, result: { ok: false, errors: fieldErrors(parsed.error), values: echo(fields) } };
      try {
        // Double opt-in (decision 023): stored 'pending', and the e-mail asks to confirm. A pending
        // address asked for again gets the spec's duplicate message, and the e-mail once more.
        const { created } = await subscribe(context, parsed.data.email, "newsletter_form");
        if (!created) return { status: 409, result: { ok: false, errors: {}, message: MESSAGES.newsletterDuplicate } };
        return { status: 200, result: success };
      } catch (err) {
        log("error", "newsletter subscription failed", errorFields(err));
        return { status: 500, result: { ok: false, errors: {}, message: { title: MESSAGES.newsletterError } } };
      }
    },
    success,
  );
}

export function createMapComment(request: Request, context: Ctx): Promise<Outcome> {
  const success: WriteResult = { ok: true, message: MESSAGES.commentSuccess };
  return textWrite(
    request,
    context,
    "map-comment",
    async (fields) => {
      const parsed = mapCommentSchema.safeParse(fields);
      if (!parsed.success) return { status: 400, result: { ok: false, errors: fieldErrors(parsed.error), values: echo(fields) } };
      try {
        await context.db.insert(mapComments).values(parsed.data);
        return { status: 200, result: success };
      } catch (err) {
        log("error", "map comment failed", errorFields(err));
        return { status: 500, result: { ok: false, errors: {}, message: { title: MESSAGES.commentError } } };
      }
    },
    success,
  );
}

export function createReflection(request: Request, context: Ctx): Promise<Outcome> {
  const success: WriteResult = { ok: true, message: { title: MESSAGES.reflectionSuccess } };
  return textWrite(
    request,
    context,
    "reflection",
    async (fields) => {
      const parsed = reflectionSchema.safeParse(fields);
      if (!parsed.success) return { status: 400, result: { ok: false, errors: fieldErrors(parsed.error), values: echo(fields) } };
      try {
        // The ticked box is the author's consent to the newsletter: stored with the reflection,
        // and confirmed by e-mail like the newsletter form's (decision 023).
        const { email, privacyAccepted } = parsed.data;
        if (email && privacyAccepted) await purgeExpiredSubscriptions(context.db);
        const subscription = await context.db.transaction(async (tx) => {
          await tx.insert(reflections).values(parsed.data);
          return email && privacyAccepted ? storeSubscription(tx, email, "reflection") : null;
        });
        if (subscription?.status === "pending") await sendConfirmation(context, subscription.id);
        return { status: 200, result: success };
      } catch (err) {
        log("error", "reflection failed", errorFields(err));
        const title = `${MESSAGES.reflectionErrorPrefix}no s'ha pogut desar. Torna-ho a provar.`;
        return { status: 500, result: { ok: false, errors: {}, message: { title } } };
      }
    },
    success,
  );
}

/** file-type reports WebM and MP4 sound files as video/*; what we store is audio. */
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

const missing = (values?: Record<string, string>): Outcome => ({
  status: 400,
  result: { ok: false, errors: {}, values, message: MESSAGES.testimonialMissing },
});

export async function createTestimonial(request: Request, context: Ctx): Promise<Outcome> {
  if (!(await allowWrite(context, "testimonial"))) return tooMany();
  let upload;
  try {
    upload = await readForm(request, context.storage, {
      maxBytes: FORM_BYTES.testimonial,
      files: { audio: { maxBytes: LIMITS.audioBytes, prefix: "audio", accept: acceptAudio } },
      maxFields: 10,
    });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    // A body too large is, from a browser, an audio file too large: the text fields are short.
    const message = { too_large: MESSAGES.audioTooLarge, bad_type: MESSAGES.audioType, bad_request: MESSAGES.badRequest }[err.code];
    const status = { too_large: 413, bad_type: 415, bad_request: 400 }[err.code];
    return { status, result: { ok: false, errors: { audio: message }, message: { title: message } } };
  }
  const { fields, files } = upload;
  if (fields[HONEYPOT]) {
    await upload.discard();
    return { status: 200, result: { ok: true, message: MESSAGES.testimonialSuccess } };
  }
  const audio = files.audio;
  const parsed = testimonialSchema.safeParse(fields);
  if (!audio || !parsed.success) {
    await upload.discard();
    if (!audio || (!parsed.success && parsed.error.issues.some((i) => i.path.length === 0))) return missing(echo(fields));
    const errors = fieldErrors(parsed.error!);
    return { status: 400, result: { ok: false, errors, values: echo(fields), message: { title: Object.values(errors)[0]! } } };
  }
  try {
    // The status is never read from the request: every new testimonial waits for moderation.
    await context.db.insert(testimonials).values({ ...parsed.data, audioKey: audio.key, status: "pending" });
    return { status: 200, result: { ok: true, message: MESSAGES.testimonialSuccess } };
  } catch (err) {
    await upload.discard();
    log("error", "testimonial failed", errorFields(err));
    return { status: 500, result: { ok: false, errors: {}, message: { title: MESSAGES.testimonialError } } };
  }
}

/** Approved testimonials only, newest first, optionally of one category. */
export function listApprovedTestimonials(db: Db, category: Category | null): Promise<PublicTestimonial[]> {
  return publicRead(
    "testimonials",
    async () => {
      const rows = await db
        .select({
          id: testimonials.id,
          title: testimonials.title,
          category: testimonials.category,
          duration: testimonials.duration,
          audioKey: testimonials.audioKey,
          submittedAt: testimonials.submittedAt,
        })
        .from(testimonials)
        .where(and(eq(testimonials.status, "approved"), category ? eq(testimonials.category, category) : undefined))
        .orderBy(desc(testimonials.submittedAt))
        .limit(200);
      return rows.map(({ audioKey, submittedAt, ...t }) => ({
        ...t,
        audioUrl: mediaUrl(audioKey),
        submittedAt: submittedAt.toISOString(),
      }));
    },
    [],
  );
}

/** The map embed and its full-page link, from the site settings (content.server's embeds). */
export async function getMapSettings(db: Db): Promise<MapSettings> {
  const e = await embeds(db);
  return { embedUrl: e.mapEmbedUrl, fullUrl: e.mapFullUrl ?? e.mapEmbedUrl };
}
