import { sql, type Column } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import { codedTypes, moderationStatuses, reportReasons, type ContributionType } from "../domain/contributions";
import { ACCESSIBILITY_REQUEST_KINDS, ACCESSIBILITY_REQUEST_STATUSES } from "../domain/accessibility-requests";
import { adminRoles } from "../domain/roles";
import { categories } from "../domain/themes";
import { LINE_STYLES, MAP_CATEGORIES } from "../domain/map";
import { RESULT_MEANINGS } from "../domain/results";
import { LOCALES } from "../i18n/locales";
import type { Translations } from "../domain/translations";

// Files live in storage; rows hold the storage key and URLs are derived (/media/<key>). A column that
// holds a key is declared with storageKey(): at start, the orphan sweep deletes every stored file that
// no such column references (storage-sweep.server.ts), so a key kept in a plain text column would lose
// its file. storage-sweep.server.test.ts fails when a column holds stored keys without the mark.
const storageKeyConfigs = new WeakSet<object>();
/** The runtime config drizzle shares between a column builder and the column it builds. */
const configOf = (column: unknown) => (column as { config: object }).config;
const storageKey = (name: string) => {
  const builder = text(name);
  storageKeyConfigs.add(configOf(builder));
  return builder;
};
/** Whether a column was declared with storageKey(). */
export const holdsStorageKey = (column: Column) => storageKeyConfigs.has(configOf(column));

const id = () => uuid("id").primaryKey().defaultRandom();
/** The language a visitor wrote a contribution or signed up in (decision 059): the address's
 * ('ca' at the root, 'es' under /es, 'en' under /en). Rows from before it are Catalan. */
const localeColumn = () => text("locale", { enum: LOCALES }).notNull().default("ca");
/** The check that keeps a locale column to the site's languages. */
const localeCheck = (table: string, column: Column) =>
  check(`${table}_locale_known`, sql`${column} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(", "))})`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Staff-written texts in Spanish and English (decision 062): { es: { title: "…" }, en: { … } }.
 * The Catalan text stays in its own column, required; a translation missing here is shown in Catalan. */
const translations = () => jsonb("translations").$type<Translations>().notNull().default({});

export const categoryEnum = pgEnum("category", categories);
export const backgroundMediaTypeEnum = pgEnum("background_media_type", ["image", "video"]);
export const mapCategoryEnum = pgEnum("map_category", MAP_CATEGORIES);
export const lineStyleEnum = pgEnum("line_style", LINE_STYLES);
export const resourceMediaTypeEnum = pgEnum("resource_media_type", ["image", "video", "document"]);
export const moderationStatusEnum = pgEnum("moderation_status", moderationStatuses);
// Every kind a code or an answer may point at (decision 076 added the questionnaire's answers).
/** A contribution's "has it a code?" (issue 32, decision 080), kept by migration 0033's trigger. */
const codedColumn = () => boolean("coded").notNull().default(false);
/** The uncoded contributions of a kind in the coding list's order (newest first, by date then id):
 * where "next uncoded" stops at its first hit (decision 080). */
type IndexPart = Parameters<ReturnType<typeof index>["on"]>[0];
const uncodedIndex = (table: string, date: IndexPart, t: { id: IndexPart; coded: Column }) =>
  index(`${table}_uncoded_idx`)
    .on(date, t.id)
    .where(sql`not ${t.coded}`);

export const contributionTypeEnum = pgEnum("contribution_type", codedTypes);
export const reportReasonEnum = pgEnum("report_reason", reportReasons);

/** A contribution's moderation (decisions 028 and 051): public only when 'published'. */
const moderationColumns = () => ({
  status: moderationStatusEnum("status").notNull().default("published"),
  /** The staff member's reason for hiding it (shown to staff only). */
  hiddenReason: text("hidden_reason"),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  /** When visitors' reports sent it back to pending (issue 29); cleared by any staff decision. */
  heldByReportsAt: timestamp("held_by_reports_at", { withTimezone: true }),
});

export const activities = pgTable(
  "activities",
  {
    id: id(),
    emoji: text("emoji").notNull().default("🚲"),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** When it starts, in the council's time zone (Europe/Madrid); null: the time is not known. */
    startTime: time("start_time", { precision: 0 }),
    /** Where it takes place, as people say it ('Estació de Vilafranca'); null: not known. */
    place: text("place"),
    description: text("description"),
    linkUrl: text("link_url"),
    linkText: text("link_text").notNull().default("Inscriu-te"),
    translations: translations(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("activities_date_idx").on(t.date)],
);

export const footerConfig = pgTable(
  "footer_config",
  {
    id: id(),
    // Always true and unique: the table can hold one row only.
    singleton: boolean("singleton").notNull().default(true).unique(),
    footerText: text("footer_text").notNull(),
    collaboratorsText: text("collaborators_text").notNull(),
    translations: translations(),
    updatedAt: updatedAt(),
  },
  (t) => [check("footer_config_singleton", sql`${t.singleton}`)],
);

export const footerLogos = pgTable(
  "footer_logos",
  {
    id: id(),
    name: text("name").notNull(),
    imageKey: storageKey("image_key").notNull(),
    linkUrl: text("link_url"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("footer_logos_position", sql`${t.position} >= 0`)],
);

export const newsletterStatusEnum = pgEnum("newsletter_status", ["pending", "confirmed"]);
export const newsletterSourceEnum = pgEnum("newsletter_source", ["newsletter_form", "reflection"]);

/** Double opt-in (decision 023): a row is 'pending' until its link is followed; unsubscribing deletes it. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: id(),
    email: text("email").notNull(),
    privacyAccepted: boolean("privacy_accepted").notNull(),
    // The default is for the rows from before double opt-in only (the form then told them
    // "Subscripció confirmada!"); every new row is written 'pending' by newsletter.server.ts.
    status: newsletterStatusEnum("status").notNull().default("confirmed"),
    /** Where the consent was given. */
    source: newsletterSourceEnum("source").notNull().default("newsletter_form"),
    /** The consent's date. */
    createdAt: createdAt(),
    /** When the last confirmation e-mail went out (null: none yet, or the last one failed). */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The language of its e-mails: the one the person signed up in. */
    locale: localeColumn(),
  },
  (t) => [
    localeCheck("newsletter_subscriptions", t.locale),
    uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`),
    index("newsletter_status_created_idx").on(t.status, t.createdAt),
    // The admin list's order and the export's keyset (decision 036).
    index("newsletter_created_id_idx").on(t.createdAt, t.id),
    // The admin list's search (ILIKE '%…%'): trigram indexes (pg_trgm, decision 036).
    index("newsletter_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

/** A newsletter sent (or being sent) to every confirmed subscriber (decision 030). */
export const newsletterIssueStatusEnum = pgEnum("newsletter_issue_status", ["sending", "sent"]);
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: id(),
    subject: text("subject").notNull(),
    /** Markdown, rendered by the site's Markdown component into each message. */
    body: text("body").notNull(),
    translations: translations(),
    status: newsletterIssueStatusEnum("status").notNull().default("sending"),
    /** Confirmed subscribers when it was queued. */
    recipients: integer("recipients").notNull(),
    /** Counted when the last delivery is done (while sending, the deliveries are counted). */
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Who sent it (issue 29), kept as text like the audit log's actor, so it outlives the account;
     * null for issues sent before it was recorded. */
    sentById: uuid("sent_by_id"),
    sentByEmail: text("sent_by_email"),
  },
  (t) => [index("newsletter_issues_created_idx").on(t.createdAt)],
);

/** One message of an issue to one subscriber: the durable queue. Erasing the subscriber erases
 * its deliveries (no address is copied here: it is read from the subscription when sending). */
export const newsletterDeliveryStatusEnum = pgEnum("newsletter_delivery_status", ["queued", "sending", "sent", "failed"]);
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: id(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: "cascade" }),
    status: newsletterDeliveryStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time (retries back off). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': past this time an instance that died with it is presumed gone. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_issue_subscription_idx").on(t.issueId, t.subscriptionId),
    index("newsletter_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
    index("newsletter_deliveries_subscription_idx").on(t.subscriptionId),
  ],
);

export const mapComments = pgTable(
  "map_comments",
  {
    id: id(),
    comment: text("comment").notNull(),
    email: text("email"),
    createdAt: createdAt(),
    ...moderationColumns(),
    // The place (issue 17), all optional: a pin (degrees WGS 84, rounded to PLACE_DECIMALS), or a
    // segment of a network layer (its ref and its name when chosen; the pin is then its middle), a
    // category and a municipality (chosen from the list, or the nearest to the pin).
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    segmentRef: text("segment_ref"),
    segmentName: text("segment_name"),
    category: mapCategoryEnum("category"),
    municipality: text("municipality"),
    locale: localeColumn(),
    /** The author asks to hear the council's answer by e-mail (issue 31, decision 068): a consent of
     * its own, never the newsletter's; only with an e-mail. */
    answerConsent: boolean("answer_consent").notNull().default(false),
    /** Whether it carries a code (issue 32, decision 080): kept by a trigger on contribution_codes
     * (migration 0033), never written by the application. "Next uncoded" walks a partial index of the
     * uncoded ones instead of probing every contribution's codes. Staff's working note: no public reader. */
    coded: codedColumn(),
  },
  (t) => [
    localeCheck("map_comments", t.locale),
    check("map_comments_answer_consent", sql`not ${t.answerConsent} or ${t.email} is not null`),
    check("map_comments_comment_not_blank", sql`btrim(${t.comment}) <> ''`),
    index("map_comments_created_idx").on(t.createdAt),
    index("map_comments_status_created_idx").on(t.status, t.createdAt),
    // The admin list's order and the export's keyset (decision 036).
    index("map_comments_created_id_idx").on(t.createdAt, t.id),
    uncodedIndex("map_comments", t.createdAt, t),
    index("map_comments_comment_trgm_idx").using("gin", t.comment.op("gin_trgm_ops")),
    index("map_comments_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    check("map_comments_place", sql`(${t.lat} is null) = (${t.lng} is null)`),
  ],
);

/** The proposed network, one GeoJSON file per layer (validated on upload: map-layers.server.ts). */
export const mapLayers = pgTable(
  "map_layers",
  {
    id: id(),
    name: text("name").notNull(),
    /** #rrggbb */
    colour: text("colour").notNull(),
    lineStyle: lineStyleEnum("line_style").notNull().default("solid"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    fileKey: storageKey("file_key").notNull(),
    featureCount: integer("feature_count").notNull(),
    /** The features as the public list shows them (MapSegment[]), read from the file on upload. */
    segments: jsonb("segments").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("map_layers_colour", sql`${t.colour} ~ '^#[0-9a-f]{6}$'`), check("map_layers_position", sql`${t.position} >= 0`)],
);

export const reflections = pgTable(
  "reflections",
  {
    id: id(),
    reflection: text("reflection").notNull(),
    name: text("name"),
    email: text("email"),
    /** The person accepts the newsletter. */
    privacyAccepted: boolean("privacy_accepted").notNull().default(false),
    createdAt: createdAt(),
    ...moderationColumns(),
    locale: localeColumn(),
    /** The author asks to hear the council's answer by e-mail (decision 068): not the newsletter's consent. */
    answerConsent: boolean("answer_consent").notNull().default(false),
    /** One of MUNICIPALITY_NAMES, chosen by the visitor (optional) or set by staff (issue 32). */
    municipality: text("municipality"),
    /** Whether it carries a code (issue 32, decision 080): kept by a trigger on contribution_codes
     * (migration 0033), never written by the application. "Next uncoded" walks a partial index of the
     * uncoded ones instead of probing every contribution's codes. Staff's working note: no public reader. */
    coded: codedColumn(),
  },
  (t) => [
    localeCheck("reflections", t.locale),
    check("reflections_answer_consent", sql`not ${t.answerConsent} or ${t.email} is not null`),
    check("reflections_not_blank", sql`btrim(${t.reflection}) <> ''`),
    index("reflections_created_idx").on(t.createdAt),
    index("reflections_status_created_idx").on(t.status, t.createdAt),
    // The admin list's order and the export's keyset (decision 036).
    index("reflections_created_id_idx").on(t.createdAt, t.id),
    uncodedIndex("reflections", t.createdAt, t),
    // The admin list's search (ILIKE '%…%' in any of the three): trigram indexes (pg_trgm, decision 036).
    index("reflections_reflection_trgm_idx").using("gin", t.reflection.op("gin_trgm_ops")),
    index("reflections_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("reflections_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    title: text("title").notNull(),
    category: categoryEnum("category").notNull(),
    audioKey: storageKey("audio_key").notNull(),
    /** Seconds, clamped to 0..60; null when unknown. */
    duration: integer("duration"),
    /** The same statuses as every contribution (decision 051); a testimonial starts pending (the spec). */
    status: moderationStatusEnum("status").notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** The stored audio's size: what the pending testimonials take is bounded (issue 19). */
    audioBytes: integer("audio_bytes"),
    /** Why staff hid it, from the moderation queue. */
    hiddenReason: text("hidden_reason"),
    /** When visitors' reports sent it back to pending (issue 29); cleared by any staff decision. */
    heldByReportsAt: timestamp("held_by_reports_at", { withTimezone: true }),
    locale: localeColumn(),
    /** What the person says in the audio, as text (WCAG 1.2.1, issue 33): the visitor's, optional,
     * or staff's; null when nobody has written it. A setting holds back publishing without one. */
    transcript: text("transcript"),
    /** One of MUNICIPALITY_NAMES, chosen by the visitor (optional) or set by staff (issue 32). */
    municipality: text("municipality"),
    /** Whether it carries a code (issue 32, decision 080): kept by a trigger on contribution_codes
     * (migration 0033), never written by the application. "Next uncoded" walks a partial index of the
     * uncoded ones instead of probing every contribution's codes. Staff's working note: no public reader. */
    coded: codedColumn(),
  },
  (t) => [
    localeCheck("testimonials", t.locale),
    check("testimonials_transcript_len", sql`${t.transcript} is null or char_length(${t.transcript}) between 1 and 3000`),
    check("testimonials_title_len", sql`char_length(${t.title}) between 1 and 100`),
    check("testimonials_duration", sql`${t.duration} is null or ${t.duration} between 0 and 60`),
    index("testimonials_status_submitted_idx").on(t.status, t.submittedAt),
    // The admin list's order and the export's keyset (decision 036).
    index("testimonials_submitted_id_idx").on(t.submittedAt, t.id),
    uncodedIndex("testimonials", t.submittedAt, t),
    index("testimonials_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

/** An answer of the external questionnaire, imported by staff from its export (issue 32, decision
 * 076): a contribution of the kind "questionnaire", coded like the rest and private. No public
 * reader selects this table (the public walk checks it), and it has no moderation status: it is
 * never published. */
export const questionnaireResponses = pgTable(
  "questionnaire_responses",
  {
    id: id(),
    /** The free text of the answer (the column staff chose as the text). */
    text: text("text").notNull(),
    /** One of MUNICIPALITY_NAMES, matched from the file or set by staff; null: none or unknown. */
    municipality: text("municipality"),
    /** When it was answered, from the file's date column; null when the file has none. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The questionnaire's own id of the answer, when staff mapped that column. */
    externalId: text("external_id"),
    /** What makes a re-import add nothing twice: "id:" and the external id when there is one,
     * otherwise "sha256:" and the hash of the row's cells. */
    dedupeKey: text("dedupe_key").notNull(),
    /** The file's name it came from, and who imported it (staff only). */
    sourceName: text("source_name").notNull(),
    importedByEmail: text("imported_by_email"),
    createdAt: createdAt(),
    /** Whether it carries a code (issue 32, decision 080): kept by a trigger on contribution_codes
     * (migration 0033), never written by the application. "Next uncoded" walks a partial index of the
     * uncoded ones instead of probing every contribution's codes. Staff's working note: no public reader. */
    coded: codedColumn(),
  },
  (t) => [
    uniqueIndex("questionnaire_responses_dedupe_idx").on(t.dedupeKey),
    check("questionnaire_responses_not_blank", sql`btrim(${t.text}) <> ''`),
    index("questionnaire_responses_created_idx").on(t.createdAt),
    // The coding list's order (when answered, else when imported: coding.server.ts), all and uncoded.
    index("questionnaire_responses_date_id_idx").on(sql`coalesce(${t.answeredAt}, ${t.createdAt})`, t.id),
    uncodedIndex("questionnaire_responses", sql`coalesce(${t.answeredAt}, ${t.createdAt})`, t),
  ],
);

/** A questionnaire file uploaded and read, waiting for staff to map its columns and import it
 * (step 2 of the import). Deleted when imported, and a day after it was uploaded. */
export const questionnaireUploads = pgTable("questionnaire_uploads", {
  id: id(),
  fileName: text("file_name").notNull(),
  /** The header row's cells, in order. */
  headers: jsonb("headers").$type<string[]>().notNull(),
  /** Every other row, as the file's cells (text), in order. */
  rows: jsonb("rows").$type<string[][]>().notNull(),
  uploadedByEmail: text("uploaded_by_email"),
  createdAt: createdAt(),
});

export const homeBackground = pgTable(
  "home_background",
  {
    id: id(),
    mediaKey: storageKey("media_key").notNull(),
    mediaType: backgroundMediaTypeEnum("media_type").notNull().default("image"),
    title: text("title"),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one active background, enforced by the database itself.
    uniqueIndex("home_background_one_active_idx")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

export const videos = pgTable(
  "videos",
  {
    id: id(),
    scope: categoryEnum("scope").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    translations: translations(),
    videoKey: storageKey("video_key").notNull(),
    fileType: text("file_type").notNull().default("mp4"),
    fileSize: bigint("file_size", { mode: "number" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("videos_scope_idx").on(t.scope, t.isActive, t.createdAt)],
);

export const resources = pgTable(
  "resources",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    fullText: text("full_text").notNull().default(""),
    translations: translations(),
    /** An uploaded file, or else an external URL (a file, YouTube or Vimeo). */
    mediaKey: storageKey("media_key"),
    externalUrl: text("external_url"),
    mediaType: resourceMediaTypeEnum("media_type").notNull().default("image"),
    /** An uploaded video's WebVTT captions (issue 33), checked whole before they are kept. */
    captionsKey: storageKey("captions_key"),
    /** An uploaded video's audio description, as text shown beside the player (WCAG 1.2.3). */
    audioDescription: text("audio_description").notNull().default(""),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("resources_media", sql`${t.mediaKey} is not null or ${t.externalUrl} is not null`),
    check("resources_position", sql`${t.position} >= 0`),
  ],
);

export const biciFucsiaPhotos = pgTable(
  "bici_fucsia_photos",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    translations: translations(),
    imageKey: storageKey("image_key").notNull(),
    /** Intrinsic size, so pages can reserve the space and nothing shifts. */
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check("bici_fucsia_photos_position", sql`${t.position} >= 0`)],
);

export const landings = pgTable(
  "landings",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    /** Markdown. */
    description: text("description").notNull().default(""),
    translations: translations(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("landings_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const adminRoleEnum = pgEnum("admin_role", adminRoles);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    // The default makes the accounts from before roles (and the command line's) administrators.
    role: adminRoleEnum("role").notNull().default("administrator"),
    /** Set while the account is disabled: it cannot sign in and has no sessions. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The TOTP secret (base32), kept from enrolment; the second factor is on once totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("admin_users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's token: a leaked table does not give working sessions. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The browser that signed in (its User-Agent, cut short), for the own account's list of sessions. */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Ten one-time codes per account that stand for the TOTP code; only their hashes are kept. */
export const recoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);

/** An invitation to become staff: a link (its token hashed here) that sets a password once, before it expires. */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    role: adminRoleEnum("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    invitedBy: uuid("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("admin_invitations_email_idx").on(sql`lower(${t.email})`)],
);

/** Who did what in the back office (decision 032). Written in the transaction of the change it
 * records; no route updates or deletes a row. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The account that acted (null for a failed sign-in, or once the account is gone: actorEmail stays). */
    actorId: uuid("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** What kind of thing changed: an entity's name ("activity", "testimonial"), "account", "settings", "session". */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** create, update, toggle, delete, approve, reject, sign_in, sign_in_failed, invite, role, disable… */
    action: text("action").notNull(),
    /** The text fields before and after (never passwords, secrets or hashes). */
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_entity_idx").on(t.entity, t.at),
  ],
);

// Counters of rate-limiter-flexible's Drizzle store (its expected columns), one table per use:
// public writes and sign-in. Keys are a prefix and a hash, never a raw address or e-mail; rows
// are disposable (expired ones are swept by the library).
const rateLimitColumns = () => ({
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
export const rateLimits = pgTable("rate_limits", rateLimitColumns());
export const loginRateLimits = pgTable("login_rate_limits", rateLimitColumns());

/** Visitors' reports of a contribution (decision 028): one per client and contribution, keyed by the
 * same keyed hash of the address as the rate limits (no address stored). Removed with the contribution. */
export const contributionReports = pgTable(
  "contribution_reports",
  {
    id: id(),
    contributionType: contributionTypeEnum("contribution_type").notNull().$type<ContributionType>(),
    contributionId: uuid("contribution_id").notNull(),
    reason: reportReasonEnum("reason").notNull(),
    /** The visitor's words, for 'other'. */
    detail: text("detail"),
    reporterKey: text("reporter_key").notNull(),
    /** Whether it counts towards the threshold: not when its visitor sent many reports in a short
     * time (issue 29: reports are not a censorship tool); staff still see it. */
    counted: boolean("counted").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contribution_reports_once_idx").on(t.contributionType, t.contributionId, t.reporterKey),
    // A visitor's recent reports (their weight, issue 29).
    index("contribution_reports_reporter_created_idx").on(t.reporterKey, t.createdAt),
    check("contribution_reports_detail_len", sql`${t.detail} is null or char_length(${t.detail}) <= 500`),
  ],
);

/** The states a council answer takes (issue 31), kept by staff: a public label, a colour for its
 * badge (white text on it passes WCAG AA: answers.ts checks it) and an order. A state in use is
 * retired (isActive false), never deleted: the answers hold it with `restrict`. Migration 0015
 * writes the five defaults, 0034 their Spanish and English labels. */
export const answerStates = pgTable(
  "answer_states",
  {
    id: id(),
    label: text("label").notNull(),
    /** #rrggbb */
    colour: text("colour").notNull(),
    position: integer("position").notNull().default(0),
    /** False once retired: kept on the answers that have it, offered for no new one. */
    isActive: boolean("is_active").notNull().default(true),
    /** The label in Spanish and English (decision 062); migration 0034 writes the defaults'. */
    translations: translations(),
    createdAt: createdAt(),
  },
  (t) => [
    check("answer_states_colour", sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
    check("answer_states_position", sql`${t.position} >= 0`),
    uniqueIndex("answer_states_label_lower_idx").on(sql`lower(${t.label})`),
  ],
);

/** The council's answer to one contribution (issue 31): what staff are writing (state_id, text) and
 * what the public sees (the published_* columns, copied from the former when staff publish). A
 * draft is only the former; public readers read only the latter, so an edit of a published answer
 * stays private until it is published again. Withdrawing clears the published columns and keeps
 * the draft. Removed with its contribution (moderation.server.ts deletes it with the row). */
export const contributionAnswers = pgTable(
  "contribution_answers",
  {
    id: id(),
    contributionType: contributionTypeEnum("contribution_type").notNull().$type<ContributionType>(),
    contributionId: uuid("contribution_id").notNull(),
    stateId: uuid("state_id")
      .notNull()
      .references(() => answerStates.id, { onDelete: "restrict" }),
    /** Markdown, rendered by the site's sanitising Markdown component. */
    text: text("text").notNull(),
    /** Who wrote the last version (never shown publicly), kept as text like the audit log's actor. */
    answeredById: uuid("answered_by_id"),
    answeredByEmail: text("answered_by_email"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    publishedStateId: uuid("published_state_id").references(() => answerStates.id, { onDelete: "restrict" }),
    publishedText: text("published_text"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** The plan's result the answer points to ("Ho seguim aquí", decision 075): the draft's, and the
     * published one (copied on publication like the text). A public reader shows it only while the
     * result is public; a deleted result leaves the answer without it. */
    resultId: uuid("result_id").references(() => results.id, { onDelete: "set null" }),
    publishedResultId: uuid("published_result_id").references(() => results.id, { onDelete: "set null" }),
    /** Shown among the report's featured contributions while published and public (decision 075). */
    featured: boolean("featured").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contribution_answers_contribution_idx").on(t.contributionType, t.contributionId),
    index("contribution_answers_published_result_idx").on(t.publishedResultId),
    check("contribution_answers_published_result", sql`${t.publishedAt} is not null or ${t.publishedResultId} is null`),
    index("contribution_answers_published_idx").on(t.publishedAt),
    index("contribution_answers_state_idx").on(t.stateId),
    check("contribution_answers_text_len", sql`char_length(${t.text}) between 1 and 5000`),
    check(
      "contribution_answers_published",
      sql`(${t.publishedAt} is null) = (${t.publishedText} is null) and (${t.publishedAt} is null) = (${t.publishedStateId} is null)`,
    ),
  ],
);

/** What a visitor sends from the accessibility statement (issue 33; RD 1112/2018, art. 10): a
 * communication (a barrier found) or a request for accessible information (content in a form they
 * can use). Stored whole or not at all; acknowledged by e-mail (ackSentAt: null when the mail server
 * refused it); staff answer it within 20 working days (dueOn, from the day it came in) and mark it
 * answered. The e-mail is the person's, for the answer only: it never reaches a public page. */
export const accessibilityRequests = pgTable(
  "accessibility_requests",
  {
    id: id(),
    kind: text("kind", { enum: ACCESSIBILITY_REQUEST_KINDS }).notNull(),
    name: text("name"),
    email: text("email").notNull(),
    /** The page or content concerned, in the person's words (an address, a title). */
    about: text("about").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ACCESSIBILITY_REQUEST_STATUSES }).notNull().default("pending"),
    /** The day the answer is due: 20 working days after the day it came in (domain/working-days.ts). */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    ackSentAt: timestamp("ack_sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredByEmail: text("answered_by_email"),
    locale: localeColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    localeCheck("accessibility_requests", t.locale),
    check("accessibility_requests_kind", sql`${t.kind} in ('communication', 'information')`),
    check("accessibility_requests_status", sql`${t.status} in ('pending', 'answered')`),
    check("accessibility_requests_answered", sql`(${t.status} = 'answered') = (${t.answeredAt} is not null)`),
    check(
      "accessibility_requests_lengths",
      sql`char_length(${t.message}) between 1 and 5000 and char_length(${t.about}) between 1 and 300 and (${t.name} is null or char_length(${t.name}) <= 100)`,
    ),
    // The queue's order (the list engine: date, then id) and its status filter.
    index("accessibility_requests_created_id_idx").on(t.createdAt, t.id),
    index("accessibility_requests_status_due_idx").on(t.status, t.dueOn),
  ],
);

// Audience measurement without cookies (issue 34, decision 066): page views counted in memory by
// each instance and added here in batches (an upsert that adds, so two instances add up). Nothing
// in these tables names a person: a page of the registry (never a raw address), a day, the host of
// an external referring site, a device class. The day's visitors are told apart by a hash of a salt
// of the day with the address and the browser's name, kept only for that day; after it, the day
// keeps only its count, and the hashes and the salt are deleted.
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The page's address as the registry writes it (app/lib/routes.ts): "/es/testimonios". */
    page: text("page").notNull(),
    /** The host of the external site a visitor came from; "" when none (or the site itself). */
    referrer: text("referrer").notNull().default(""),
    device: text("device", { enum: ["mobile", "tablet", "desktop"] }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.page, t.referrer, t.device] }),
    check("page_views_views", sql`${t.views} > 0`),
    check("page_views_device", sql`${t.device} in ('mobile', 'tablet', 'desktop')`),
  ],
);

/** Today's visitors: a hash of the day's salt, the client's address and its User-Agent (never
 * either of them), deleted once the day is over and counted into dailyVisitors. */
export const visitorHashes = pgTable(
  "visitor_hashes",
  {
    day: date("day", { mode: "string" }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/** The count of a past day's visitors (its hashes are gone). */
export const dailyVisitors = pgTable("daily_visitors", {
  day: date("day", { mode: "string" }).primaryKey(),
  visitors: integer("visitors").notNull(),
});

/** The salt of the day, shared by every instance; deleted once the day is over. */
export const visitorSalts = pgTable("visitor_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/** The stages a result of the plan goes through (issue 35), kept by staff like the answer states
 * (decision 067): a public label, a colour white text reads on (the map's lines and the badges), an
 * order, and what it means for the plan's figures: 'open' (to be done), 'done' (counts as done) or
 * 'dropped' (left out of the plan's total). A state in use is retired, never deleted (`restrict`).
 * Migration 0020 writes the five defaults. */
export const resultStates = pgTable(
  "result_states",
  {
    id: id(),
    label: text("label").notNull(),
    /** #rrggbb */
    colour: text("colour").notNull(),
    position: integer("position").notNull().default(0),
    meaning: text("meaning", { enum: RESULT_MEANINGS }).notNull().default("open"),
    isActive: boolean("is_active").notNull().default(true),
    translations: translations(),
    createdAt: createdAt(),
  },
  (t) => [
    check("result_states_colour", sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
    check("result_states_position", sql`${t.position} >= 0`),
    check("result_states_meaning", sql`${t.meaning} in ('open', 'done', 'dropped')`),
    uniqueIndex("result_states_label_lower_idx").on(sql`lower(${t.label})`),
  ],
);

/** A result of the plan (issue 35): an action (segments, a crossing, parking, a campaign) with its
 * stage, progress, place, dates, the network segments it covers (`<layer id>:<feature index>`, as a
 * map comment stores them) and the contributions that led to it (`<type>:<id>`). Public only while
 * `is_public`; its km are the covered segments' lengths, measured on their geometry. */
export const results = pgTable(
  "results",
  {
    id: id(),
    title: text("title").notNull(),
    /** Markdown, rendered by the site's sanitising Markdown component. */
    description: text("description"),
    stateId: uuid("state_id")
      .notNull()
      .references(() => resultStates.id, { onDelete: "restrict" }),
    progress: integer("progress").notNull().default(0),
    municipalities: jsonb("municipalities").$type<string[]>().notNull().default([]),
    category: categoryEnum("category"),
    /** Euros, whole; null: not given. */
    budget: bigint("budget", { mode: "number" }),
    plannedDate: date("planned_date", { mode: "string" }),
    realDate: date("real_date", { mode: "string" }),
    segmentRefs: jsonb("segment_refs").$type<string[]>().notNull().default([]),
    contributionRefs: jsonb("contribution_refs").$type<string[]>().notNull().default([]),
    /** Shown on the public pages ("Publicat"); false: staff only. */
    isActive: boolean("is_public").notNull().default(false),
    translations: translations(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("results_progress", sql`${t.progress} between 0 and 100`),
    check("results_budget", sql`${t.budget} is null or ${t.budget} >= 0`),
    check("results_title_len", sql`char_length(${t.title}) between 1 and 200`),
    index("results_state_idx").on(t.stateId),
    index("results_public_idx").on(t.isActive),
  ],
);

/** A dated entry of a result's timeline ("Aprovat el projecte"), with an optional photo (the image
 * pipeline's variants, like la Vivi's photos). Removed with its result. */
export const resultEntries = pgTable(
  "result_entries",
  {
    id: id(),
    resultId: uuid("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    imageKey: storageKey("image_key"),
    width: integer("width"),
    height: integer("height"),
    translations: translations(),
    createdAt: createdAt(),
  },
  (t) => [
    index("result_entries_result_date_idx").on(t.resultId, t.date),
    check("result_entries_text_len", sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/** Someone who follows the plan's results by e-mail (issue 35, decision 069): one result, or every
 * result of one municipality. A visitor's follow is 'pending' until its link is confirmed (double
 * opt-in, as the newsletter's, decision 023) and is erased when they leave. An author of a linked
 * contribution who asked to hear back (answer_consent, decision 068) follows its result without an
 * address of their own here (it is read from the contribution when a mail is sent); leaving makes
 * theirs 'left', so the next news does not follow them again. */
export const resultFollows = pgTable(
  "result_follows",
  {
    id: id(),
    /** Null for an author's follow. */
    email: text("email"),
    resultId: uuid("result_id").references(() => results.id, { onDelete: "cascade" }),
    /** The municipality whose every result is followed (one of MUNICIPALITY_NAMES). */
    municipality: text("municipality"),
    /** An author's follow: the contribution linked to the result. */
    contributionType: contributionTypeEnum("contribution_type").$type<ContributionType>(),
    contributionId: uuid("contribution_id"),
    status: text("status", { enum: ["pending", "confirmed", "left"] })
      .notNull()
      .default("pending"),
    locale: localeColumn(),
    createdAt: createdAt(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    localeCheck("result_follows", t.locale),
    check("result_follows_status", sql`${t.status} in ('pending', 'confirmed', 'left')`),
    check("result_follows_what", sql`(${t.resultId} is null) <> (${t.municipality} is null)`),
    check("result_follows_who", sql`(${t.email} is null) <> (${t.contributionId} is null)`),
    uniqueIndex("result_follows_email_result_idx")
      .on(sql`lower(${t.email})`, t.resultId)
      .where(sql`${t.email} is not null and ${t.resultId} is not null`),
    uniqueIndex("result_follows_email_municipality_idx")
      .on(sql`lower(${t.email})`, t.municipality)
      .where(sql`${t.email} is not null and ${t.municipality} is not null`),
    uniqueIndex("result_follows_author_idx")
      .on(t.resultId, t.contributionType, t.contributionId)
      .where(sql`${t.contributionId} is not null`),
    index("result_follows_municipality_idx").on(t.municipality),
  ],
);

/** One news e-mail to one follower (issue 35): a new timeline entry or a new state of a result. The
 * queue of the results' news, sent as the answers' e-mails are (claimed, leased, retried). The
 * address, the result and the news are read when it is sent: a result hidden, an entry deleted or a
 * follower gone by then sends nothing. */
export const resultNotifications = pgTable(
  "result_notifications",
  {
    id: id(),
    followId: uuid("follow_id")
      .notNull()
      .references(() => resultFollows.id, { onDelete: "cascade" }),
    resultId: uuid("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    /** The news: a timeline entry, or (entry null) the state the result went to. */
    entryId: uuid("entry_id").references(() => resultEntries.id, { onDelete: "cascade" }),
    stateId: uuid("state_id").references(() => resultStates.id, { onDelete: "cascade" }),
    status: newsletterDeliveryStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("result_notifications_news", sql`(${t.entryId} is null) <> (${t.stateId} is null)`),
    uniqueIndex("result_notifications_entry_idx")
      .on(t.followId, t.entryId)
      .where(sql`${t.entryId} is not null`),
    index("result_notifications_status_next_idx").on(t.status, t.nextAttemptAt),
    index("result_notifications_follow_idx").on(t.followId),
  ],
);

/** The codebook's groups (issue 32, decision 065): "Problema", "Qui"… in an order. Kept by staff;
 * a group with codes cannot be deleted (its codes hold it with `restrict`). */
export const codeGroups = pgTable(
  "code_groups",
  {
    id: id(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check("code_groups_position", sql`${t.position} >= 0`), uniqueIndex("code_groups_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** A code of the codebook (issue 32): what a contribution is about. Working notes of staff, never
 * public. A code in use is retired (isActive false: kept on what it coded, offered for no new
 * coding), never deleted: the assignments hold it with `restrict`. `keywords`: Catalan words or
 * phrases, one a line, that suggest it (never applied silently). Migration 0018 writes the defaults. */
export const codes = pgTable(
  "codes",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => codeGroups.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** #rrggbb, white text on it passes WCAG AA. */
    colour: text("colour").notNull(),
    description: text("description"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    keywords: text("keywords").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("codes_colour", sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
    check("codes_position", sql`${t.position} >= 0`),
    check("codes_description_len", sql`${t.description} is null or char_length(${t.description}) <= 500`),
    uniqueIndex("codes_name_lower_idx").on(sql`lower(${t.name})`),
    index("codes_group_idx").on(t.groupId),
  ],
);

/** One code on one contribution of any kind (issue 32), referenced as the answers are ("type", id:
 * decision 061). Removed with its contribution (moderation.server.ts). */
export const contributionCodes = pgTable(
  "contribution_codes",
  {
    id: id(),
    contributionType: contributionTypeEnum("contribution_type").notNull(),
    contributionId: uuid("contribution_id").notNull(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => codes.id, { onDelete: "restrict" }),
    /** Who coded it (never shown publicly), as the audit log keeps an actor. */
    codedByEmail: text("coded_by_email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contribution_codes_once_idx").on(t.contributionType, t.contributionId, t.codeId),
    index("contribution_codes_code_idx").on(t.codeId),
    // "Has it a code?" by the contribution's id alone (migration 0030, decision 077): the coding
    // list's uncoded filter, the next uncoded one, and the analysis's joins probe it.
    index("contribution_codes_contribution_idx").on(t.contributionId, t.codeId),
  ],
);

/** A keyword suggestion staff rejected (issue 32): the code is not suggested again for that
 * contribution. Accepted ones become assignments. */
export const rejectedCodeSuggestions = pgTable(
  "rejected_code_suggestions",
  {
    contributionType: contributionTypeEnum("contribution_type").notNull(),
    contributionId: uuid("contribution_id").notNull(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => codes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("rejected_code_suggestions_once_idx").on(t.contributionType, t.contributionId, t.codeId)],
);

/** Reusable answer texts (issue 31, decision 068), one or more per state, kept by staff; bulk
 * answering applies one. Removed with their state (a state is deleted only while no answer holds it). */
export const answerTemplates = pgTable(
  "answer_templates",
  {
    id: id(),
    stateId: uuid("state_id")
      .notNull()
      .references(() => answerStates.id, { onDelete: "cascade" }),
    /** What staff call it in the lists (never public). */
    title: text("title").notNull(),
    /** Markdown, as an answer's text. */
    text: text("text").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("answer_templates_state_idx").on(t.stateId),
    check("answer_templates_title_len", sql`char_length(${t.title}) between 1 and 80`),
    check("answer_templates_text_len", sql`char_length(${t.text}) between 1 and 5000`),
    check("answer_templates_position", sql`${t.position} >= 0`),
  ],
);

/** The e-mail that tells an author their contribution was answered (decision 068): the mail queue
 * of the answers, one row per answer at most (unique), so an answer published again, edited or
 * republished after a crash never writes a second. Sent by the answers' worker as the newsletter's
 * deliveries are (claimed, leased, retried, failed with the reason staff read). The address and
 * the text are read from the contribution and the published answer when it is sent. */
export const answerNotifications = pgTable(
  "answer_notifications",
  {
    id: id(),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => contributionAnswers.id, { onDelete: "cascade" }),
    status: newsletterDeliveryStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A digest of the answer's text the last e-mail carried: staff may send it again only once the
     * published text differs (issue 31, "again only if the answer's text changes"). */
    sentTextHash: text("sent_text_hash"),
    /** How many times the answer was sent (1, then 2… after each "Torna a avisar l'autor"). */
    round: integer("round").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("answer_notifications_answer_idx").on(t.answerId),
    index("answer_notifications_status_next_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** A person's request to see or erase their data (issue 34, decision 072): made from the public form,
 * confirmed from the e-mail sent to the address (until then 'unconfirmed', and erased after the
 * confirmation link expires), then in the staff queue ('pending') with the day the answer is due (a
 * month after the confirmation) until staff mark it 'done'. The address is kept for the answer only;
 * erasing the person's data empties it and keeps emailHash (a keyed SHA-256 of the lower-cased
 * address), so the request is still accounted for without naming anyone. */
export const rightsRequests = pgTable(
  "rights_requests",
  {
    id: id(),
    kind: text("kind", { enum: ["access", "erasure"] }).notNull(),
    email: text("email"),
    emailHash: text("email_hash").notNull(),
    /** In the person's words (optional): what they ask for, e.g. to erase whole contributions. */
    message: text("message"),
    status: text("status", { enum: ["unconfirmed", "pending", "done"] })
      .notNull()
      .default("unconfirmed"),
    locale: localeColumn(),
    createdAt: createdAt(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dueOn: date("due_on", { mode: "string" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneByEmail: text("done_by_email"),
  },
  (t) => [
    localeCheck("rights_requests", t.locale),
    check("rights_requests_kind", sql`${t.kind} in ('access', 'erasure')`),
    check("rights_requests_status", sql`${t.status} in ('unconfirmed', 'pending', 'done')`),
    check("rights_requests_message_len", sql`${t.message} is null or char_length(${t.message}) <= 2000`),
    check(
      "rights_requests_confirmed",
      sql`(${t.status} = 'unconfirmed') = (${t.confirmedAt} is null) and (${t.confirmedAt} is null) = (${t.dueOn} is null)`,
    ),
    index("rights_requests_status_created_idx").on(t.status, t.createdAt),
    index("rights_requests_email_hash_idx").on(t.emailHash),
  ],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export type Activity = typeof activities.$inferSelect;
export type FooterConfig = typeof footerConfig.$inferSelect;
export type FooterLogo = typeof footerLogos.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type ContributionReport = typeof contributionReports.$inferSelect;
export type MapLayer = typeof mapLayers.$inferSelect;
export type AnswerState = typeof answerStates.$inferSelect;
export type AccessibilityRequest = typeof accessibilityRequests.$inferSelect;
export type ContributionAnswer = typeof contributionAnswers.$inferSelect;
export type ResultState = typeof resultStates.$inferSelect;
export type Result = typeof results.$inferSelect;
export type ResultEntry = typeof resultEntries.$inferSelect;
export type ResultFollow = typeof resultFollows.$inferSelect;
export type CodeGroup = typeof codeGroups.$inferSelect;
export type Code = typeof codes.$inferSelect;
export type AnswerTemplate = typeof answerTemplates.$inferSelect;
export type RightsRequest = typeof rightsRequests.$inferSelect;
export type { Category } from "~/domain/themes";
