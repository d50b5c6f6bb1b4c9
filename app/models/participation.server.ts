import { count, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { mapComments, reflections, testimonials } from "~/db/schema";
import { isDatabaseUnavailable } from "~/db/unavailable.server";
import { CLOSED_MESSAGE } from "~/domain/campaign";
import { consultationState } from "~/domain/consultation";
import type { AppContext } from "~/infra/app-context.server";
import { inspectAudio } from "~/infra/audio-check.server";
import { localeOf, type Locale } from "~/i18n/locales";
import { contentChanged } from "~/infra/content-changes.server";
import { FormError, readForm } from "~/infra/forms.server";
import { errorFields, log, logRepeated } from "~/infra/log.server";
import { initialStatus, MAX_REASON, REPORT_TEXTS, reportSchema } from "~/lib/moderation";
import { readParticipationSettings, reportContribution, type ParticipationSettings } from "~/models/moderation.server";
import {
  CONFIRMATION_DAYS,
  purgeExpiredSubscriptions,
  RESEND_INTERVAL_MS,
  sendConfirmation,
  storeSubscription,
  subscribe,
} from "~/models/newsletter.server";
import {
  ACCESSIBILITY_REQUEST_TEXTS,
  accessibilityRequestSchema,
  clampDuration,
  fieldErrors,
  formBytes,
  HONEYPOT,
  LIMITS,
  mapCommentSchema,
  MESSAGES,
  newsletterSchema,
  reflectionSchema,
  RIGHTS_REQUEST_TEXTS,
  rightsRequestSchema,
  testimonialSchema,
  type FormKey,
  type WriteResult,
} from "~/lib/participation";
import { allowWrite, type WriteKind } from "~/infra/rate-limit.server";
import type { Storage, StoredFile } from "~/infra/storage.server";
import { findSegment } from "~/models/map.server";
import { nearestMunicipality } from "~/domain/map";
import { acceptAudio } from "~/domain/uploads";
import { contributionHref } from "~/lib/routes";
import { formatLongDate } from "~/lib/dates";
import { storeAccessibilityRequest } from "~/models/accessibility-requests.server";
import { requestRights, RIGHTS_CONFIRMATION_DAYS } from "~/models/rights.server";

// The public writes (spec section 7): each checks the rate limit, the body size, the honeypot
// and its schema, then stores the row once and completely, or nothing at all. Answers carry
// catalogue keys, never words (decision 059); a contribution, and a subscription, is stored with
// the language of the address it was posted to (/es/participa/mapa: 'es').

export interface Outcome {
  status: number;
  result: WriteResult;
}

/** A write's answer from its page's action: the result, with its status. */
export const respond = ({ status, result }: Outcome) => data(result, { status });

/** The bytes each form's text may take, from the limits of its fields. */
const FORM_BYTES: Record<WriteKind, number> = {
  newsletter: formBytes(LIMITS.email),
  // and the place: two coordinates, a segment's ref, a category and a municipality's name
  "map-comment": formBytes(LIMITS.comment, LIMITS.email, 200),
  reflection: formBytes(LIMITS.reflection, LIMITS.name, LIMITS.email),
  testimonial: formBytes(LIMITS.title, LIMITS.transcript),
  report: formBytes(MAX_REASON),
  "accessibility-request": formBytes(LIMITS.name, LIMITS.email, LIMITS.about, LIMITS.message),
  "rights-request": formBytes(LIMITS.email, LIMITS.rightsMessage),
};

/** A participation write while participation is closed (decisions 029 and 050: by staff, or after
 * its last day): refused with the message
 * the forms show. The newsletter is not participation and stays open. */
const closed = (): Outcome => ({ status: 403, result: { ok: false, errors: {}, message: { ...CLOSED_MESSAGE } } });

/** The language a write was made in: its address's (the form posts to its own page). */
const localeOfRequest = (request: Request): Locale => localeOf(new URL(request.url).pathname);

/** What a refused body says: too large, or not a form a browser sends. */
const FORM_ERROR_MESSAGES: Record<FormError["code"], FormKey> = {
  too_large: MESSAGES.formTooLarge,
  bad_request: MESSAGES.badRequest,
  bad_type: MESSAGES.badRequest,
  unavailable: MESSAGES.audioStoreUnavailable,
};

const tooMany = (): Outcome => ({ status: 429, result: { ok: false, errors: {}, message: { title: MESSAGES.tooMany } } });

/** What the person typed, sent back with a validation error so a page without JavaScript can keep
 * it. Never an e-mail address: those stay out of every response. */
function echo(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [
    "comment",
    "reflection",
    "name",
    "title",
    "transcript",
    "category",
    "reason",
    "detail",
    "municipality",
    "lat",
    "lng",
    "segment",
    "kind",
    "about",
    "message",
  ]) {
    const value = fields[name];
    if (typeof value === "string" && value.length <= LIMITS.reflection) out[name] = value;
  }
  return out;
}

type Ctx = Pick<AppContext, "db" | "env" | "clientKey" | "storage" | "mailer" | "sessionSecret">;

/** The steps of every text form: the rate limit, the bounded read, the honeypot, the schema, then
 * one write (store), or nothing. store answers only what is not plain success (a duplicate). */
async function textWrite<T>(
  request: Request,
  context: Ctx,
  kind: Exclude<WriteKind, "testimonial">,
  form: {
    schema: z.ZodType<T>;
    success: WriteResult;
    failure: FormKey;
    /** A contribution to the consultation: refused while participation is closed. */
    participation?: boolean;
    /** `settings`: the participation settings read for this write (null unless `participation`). */
    store: (data: T, settings: ParticipationSettings | null, locale: Locale) => Promise<Outcome | void>;
  },
): Promise<Outcome> {
  // Read once per write: the moderation mode that decides the new row's status comes with it.
  const settings = form.participation ? await readParticipationSettings(context.db) : null;
  if (settings && !consultationState(settings.consultation).open) return closed();
  if (!(await allowWrite(context, kind))) return tooMany();
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(request, context.storage, { maxBytes: FORM_BYTES[kind] }));
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    return { status: err.status, result: { ok: false, errors: {}, message: { title: FORM_ERROR_MESSAGES[err.code] } } };
  }
  // A bot filled in the hidden field: it is told all went well, and nothing is stored.
  if (fields[HONEYPOT]) return { status: 200, result: form.success };
  const parsed = form.schema.safeParse(fields);
  if (!parsed.success) return { status: 400, result: { ok: false, errors: fieldErrors(parsed.error), values: echo(fields) } };
  try {
    return (await form.store(parsed.data, settings, localeOfRequest(request))) ?? { status: 200, result: form.success };
  } catch (err) {
    // The database away: the site's 503, "torna-ho a provar" (server/react-router.ts, decision 060).
    if (isDatabaseUnavailable(err)) throw err;
    log("error", `${kind} failed`, errorFields(err));
    return { status: 500, result: { ok: false, errors: {}, message: { title: form.failure } } };
  }
}

export function subscribeNewsletter(request: Request, context: Ctx): Promise<Outcome> {
  return textWrite(request, context, "newsletter", {
    schema: newsletterSchema,
    success: { ok: true, message: MESSAGES.newsletterSuccess(CONFIRMATION_DAYS) },
    failure: MESSAGES.newsletterError,
    store: async (data, _settings, locale) => {
      // Double opt-in (decision 023): stored 'pending', and the e-mail asks to confirm. A confirmed
      // address gets the spec's duplicate message; a pending one, the e-mail once more (issue 27),
      // unless one went out a moment ago.
      const { created, status, mail } = await subscribe(context, data.email, "newsletter_form", locale);
      if (status === "confirmed") return { status: 409, result: { ok: false, errors: {}, message: MESSAGES.newsletterDuplicate } };
      // Stored, but the mail server refused the message: asking again sends it (nothing to wait for).
      if (mail === "failed") return { status: 502, result: { ok: false, errors: {}, message: { title: MESSAGES.newsletterError } } };
      if (created) return;
      const message =
        mail === "sent" ? MESSAGES.newsletterResent(CONFIRMATION_DAYS) : MESSAGES.newsletterRecent(Math.round(RESEND_INTERVAL_MS / 60_000));
      return { status: 200, result: { ok: true, message } };
    },
  });
}

/** The status a new reflection or map comment is stored with: the mode and the word filter decide. */
async function statusFor(db: Db, settings: ParticipationSettings | null, text: string) {
  return initialStatus(text, (settings ?? (await readParticipationSettings(db))).moderation);
}

export function createMapComment(request: Request, context: Ctx): Promise<Outcome> {
  return textWrite(request, context, "map-comment", {
    schema: mapCommentSchema,
    success: { ok: true, message: MESSAGES.commentPublished },
    failure: MESSAGES.commentError,
    participation: true,
    store: async ({ pin, segment, ...data }, settings, locale) => {
      // A segment's place is its middle, and its name is kept with the comment (a layer can be
      // replaced later); a pin's municipality, unless chosen, is the nearest one's.
      const found = segment ? await findSegment(context.db, segment) : null;
      if (segment && !found)
        return {
          status: 400,
          result: { ok: false, errors: { place: MESSAGES.segmentInvalid }, message: { title: MESSAGES.segmentInvalid } },
        };
      const status = await statusFor(context.db, settings, data.comment);
      const at = found ? { lat: found.at[0], lng: found.at[1] } : pin;
      const [row] = await context.db
        .insert(mapComments)
        .values({
          ...data,
          ...(at ?? {}),
          segmentRef: found?.ref ?? null,
          segmentName: found?.name ?? null,
          municipality: data.municipality ?? found?.municipality ?? (at ? nearestMunicipality(at.lat, at.lng) : null),
          status,
          locale,
        })
        .returning({ id: mapComments.id });
      if (status === "pending") return { status: 200, result: { ok: true, message: MESSAGES.commentSuccess } };
      contentChanged(mapComments);
      return {
        status: 200,
        result: { ok: true, message: MESSAGES.commentPublished, view: contributionHref(locale, "map_comment", row!.id) },
      };
    },
  });
}

export function createReflection(request: Request, context: Ctx): Promise<Outcome> {
  return textWrite(request, context, "reflection", {
    schema: reflectionSchema,
    success: { ok: true, message: { title: MESSAGES.reflectionSuccess, description: MESSAGES.reflectionPublished } },
    failure: MESSAGES.reflectionError,
    participation: true,
    store: async (data, settings, locale) => {
      const status = await statusFor(context.db, settings, `${data.name ?? ""}\n${data.reflection}`);
      // The ticked box is the author's consent to the newsletter: stored with the reflection,
      // and confirmed by e-mail like the newsletter form's (decision 023).
      const { email, privacyAccepted } = data;
      if (email && privacyAccepted) await purgeExpiredSubscriptions(context.db);
      const { id, subscription } = await context.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reflections)
          .values({ ...data, status, locale })
          .returning({ id: reflections.id });
        return { id: row!.id, subscription: email && privacyAccepted ? await storeSubscription(tx, email, "reflection", locale) : null };
      });
      // A reflection held for review changes no public page.
      if (status !== "pending") contentChanged(reflections);
      if (subscription?.status === "pending") await sendConfirmation(context, subscription.id);
      if (status === "pending")
        return {
          status: 200,
          result: { ok: true, message: { title: MESSAGES.reflectionSuccess, description: MESSAGES.reflectionPending } },
        };
      return {
        status: 200,
        result: {
          ok: true,
          message: { title: MESSAGES.reflectionSuccess, description: MESSAGES.reflectionPublished },
          view: contributionHref(locale, "reflection", id),
        },
      };
    },
  });
}

/** A visitor's report of a public contribution (decision 028): rate-limited like every write, once
 * per visitor and contribution, and allowed while participation is closed (the contributions stay
 * on the site). */
export function createReport(request: Request, context: Ctx): Promise<Outcome> {
  return textWrite(request, context, "report", {
    schema: reportSchema,
    success: { ok: true, message: { ...REPORT_TEXTS.success } },
    failure: REPORT_TEXTS.failure,
    store: async (data) => {
      const outcome = await reportContribution(context, data);
      if (outcome === "duplicate") return { status: 409, result: { ok: false, errors: {}, message: { ...REPORT_TEXTS.duplicate } } };
      if (outcome === "gone") return { status: 404, result: { ok: false, errors: {}, message: { ...REPORT_TEXTS.gone } } };
    },
  });
}

const missing = (values?: Record<string, string>): Outcome => ({
  status: 400,
  result: { ok: false, errors: {}, values, message: MESSAGES.testimonialMissing },
});

/** Testimonials waiting for moderation at most, unless PENDING_TESTIMONIALS_MAX(_MB) say otherwise:
 * weeks of a lively campaign's testimonials, and a bound on the disk an attacker can fill. */
export const PENDING_QUOTA_DEFAULTS = { count: 200, megabytes: 250 } as const;

export function pendingQuota(env: Ctx["env"]) {
  return {
    count: env.PENDING_TESTIMONIALS_MAX ?? PENDING_QUOTA_DEFAULTS.count,
    bytes: (env.PENDING_TESTIMONIALS_MAX_MB ?? PENDING_QUOTA_DEFAULTS.megabytes) * 1024 * 1024,
  };
}

/** The pending testimonials and the bytes of their audio. */
async function pendingLoad(db: Db) {
  const [load] = await db
    .select({ count: count(), bytes: sql<string>`coalesce(sum(${testimonials.audioBytes}), 0)` })
    .from(testimonials)
    .where(eq(testimonials.status, "pending"));
  return { count: load!.count, bytes: Number(load!.bytes) };
}

/** Taken while a testimonial is counted against the quota and stored (any instance, either database). */
const PENDING_QUOTA_LOCK_ID = 7_270_736_919;

function full(quota: ReturnType<typeof pendingQuota>): Outcome {
  logRepeated("testimonial-quota", "warn", "testimonial refused: the pending quota is full", { ...quota });
  return { status: 429, result: { ok: false, errors: {}, message: { title: MESSAGES.testimonialsFull } } };
}
const badAudio = (message: FormKey): Outcome => ({
  status: 422,
  result: { ok: false, errors: { audio: message }, message: { title: message } },
});

/** The stored audio read back whole (5 MB at most) and walked from its first byte to its last. */
async function inspectStored(storage: Storage, file: StoredFile) {
  const stored = await storage.get(file.key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return inspectAudio(Buffer.concat(chunks), file.contentType);
}

export async function createTestimonial(request: Request, context: Ctx): Promise<Outcome> {
  if (!consultationState((await readParticipationSettings(context.db)).consultation).open) return closed();
  if (!(await allowWrite(context, "testimonial"))) return tooMany();
  const quota = pendingQuota(context.env);
  // A full quota refuses before a byte of audio is read (and again, exactly, before the insert).
  const before = await pendingLoad(context.db);
  if (before.count >= quota.count || before.bytes >= quota.bytes) return full(quota);
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
    const message = {
      too_large: MESSAGES.audioTooLarge,
      bad_type: MESSAGES.audioType,
      bad_request: MESSAGES.badRequest,
      unavailable: MESSAGES.audioStoreUnavailable,
    }[err.code];
    return { status: err.status, result: { ok: false, errors: { audio: message }, message: { title: message } } };
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
    return { status: 400, result: { ok: false, errors, values: echo(fields), message: { title: Object.values(errors)[0] as FormKey } } };
  }
  try {
    // The first bytes told the type; the whole file must be a recording of it (decision 024).
    const sound = await inspectStored(context.storage, audio);
    if (!sound || sound.seconds > LIMITS.recording + 1) {
      await upload.discard();
      return badAudio(sound ? MESSAGES.audioTooLong : MESSAGES.audioUnreadable);
    }
    // Counted and stored under one lock, so concurrent uploads (on any instance) cannot overshoot it.
    const stored = await context.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PENDING_QUOTA_LOCK_ID})`);
      const load = await pendingLoad(tx as unknown as Db);
      if (load.count + 1 > quota.count || load.bytes + audio.size > quota.bytes) return false;
      // The status is never read from the request: every new testimonial waits for moderation, and
      // so changes no public page (it names nothing).
      // The length is the sound's, as measured; the browser's figure is a wall clock's (issue 27).
      const duration = clampDuration(sound.seconds) ?? parsed.data.duration;
      await tx.insert(testimonials).values({
        ...parsed.data,
        duration,
        audioKey: audio.key,
        audioBytes: audio.size,
        status: "pending",
        locale: localeOfRequest(request),
      });
      return true;
    });
    if (!stored) {
      await upload.discard();
      return full(quota);
    }
    return { status: 200, result: { ok: true, message: MESSAGES.testimonialSuccess, next: MESSAGES.testimonialNext } };
  } catch (err) {
    await upload.discard();
    if (isDatabaseUnavailable(err)) throw err;
    log("error", "testimonial failed", errorFields(err));
    return { status: 500, result: { ok: false, errors: {}, message: { title: MESSAGES.testimonialError } } };
  }
}

/** A communication or a request for accessible information, from the accessibility statement
 * (issue 33): stored, then acknowledged on the page and by e-mail, with the day the answer is due
 * (20 working days). Not participation: open whatever the consultation's state. */
export function createAccessibilityRequest(request: Request, context: Ctx): Promise<Outcome> {
  return textWrite(request, context, "accessibility-request", {
    schema: accessibilityRequestSchema,
    // What a bot that filled the honeypot is told: no date to give.
    success: { ok: true, message: { title: "forms.accessibilityRequest.success.title" } },
    failure: ACCESSIBILITY_REQUEST_TEXTS.failure,
    store: async (data, _settings, locale) => {
      const { dueOn, reference, mailed } = await storeAccessibilityRequest(context, data, locale);
      const due = formatLongDate(dueOn, locale);
      const said = mailed ? ACCESSIBILITY_REQUEST_TEXTS.success : ACCESSIBILITY_REQUEST_TEXTS.successNoMail;
      const message = said(due, reference);
      return { status: 200, result: { ok: true, message } };
    },
  });
}

/** A person asks to see or erase their data (issue 34, decision 072): stored unconfirmed, and an
 * e-mail to the address asks to confirm; only then is it in the staff queue. The page says the same
 * whatever the address (nobody learns from it whether an address has data here). Not participation:
 * open whatever the consultation's state. */
export function createRightsRequest(request: Request, context: Ctx): Promise<Outcome> {
  const success: WriteResult = { ok: true, message: RIGHTS_REQUEST_TEXTS.success(RIGHTS_CONFIRMATION_DAYS) };
  return textWrite(request, context, "rights-request", {
    schema: rightsRequestSchema,
    success,
    failure: RIGHTS_REQUEST_TEXTS.failure,
    store: async (data, _settings, locale) => {
      const { mail } = await requestRights(context, data, locale);
      if (mail === "failed") return { status: 502, result: { ok: false, errors: {}, message: { title: RIGHTS_REQUEST_TEXTS.failure } } };
      return { status: 200, result: success };
    },
  });
}
