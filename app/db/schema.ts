import { sql, type Column } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import { testimonialStatuses } from "../domain/contributions";
import { categories } from "../domain/themes";

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
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const categoryEnum = pgEnum("category", categories);
export const testimonialStatusEnum = pgEnum("testimonial_status", testimonialStatuses);
export const backgroundMediaTypeEnum = pgEnum("background_media_type", ["image", "video"]);
export const resourceMediaTypeEnum = pgEnum("resource_media_type", ["image", "video", "document"]);

export const activities = pgTable(
  "activities",
  {
    id: id(),
    emoji: text("emoji").notNull().default("🚲"),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    description: text("description"),
    linkUrl: text("link_url"),
    linkText: text("link_text").notNull().default("Inscriu-te"),
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
  },
  (t) => [
    uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`),
    index("newsletter_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const mapComments = pgTable(
  "map_comments",
  {
    id: id(),
    comment: text("comment").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [check("map_comments_comment_not_blank", sql`btrim(${t.comment}) <> ''`), index("map_comments_created_idx").on(t.createdAt)],
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
  },
  (t) => [check("reflections_not_blank", sql`btrim(${t.reflection}) <> ''`), index("reflections_created_idx").on(t.createdAt)],
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
    status: testimonialStatusEnum("status").notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("testimonials_title_len", sql`char_length(${t.title}) between 1 and 100`),
    check("testimonials_duration", sql`${t.duration} is null or ${t.duration} between 0 and 60`),
    index("testimonials_status_submitted_idx").on(t.status, t.submittedAt),
  ],
);

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
    /** An uploaded file, or else an external URL (a file, YouTube or Vimeo). */
    mediaKey: storageKey("media_key"),
    externalUrl: text("external_url"),
    mediaType: resourceMediaTypeEnum("media_type").notNull().default("image"),
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
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("landings_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
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
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
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

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

export type Activity = typeof activities.$inferSelect;
export type FooterConfig = typeof footerConfig.$inferSelect;
export type FooterLogo = typeof footerLogos.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type { Category } from "~/domain/themes";
