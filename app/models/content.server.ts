import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import {
  activities,
  biciFucsiaPhotos,
  contributionAnswers,
  footerLogos,
  homeBackground,
  landings,
  mapComments,
  resources,
  testimonials,
  videos,
  type Category,
} from "~/db/schema";
import type { EmbedSettings } from "~/lib/admin-schemas";
import { DEFAULT_FOOTER, type PublicFooter } from "~/lib/footer";
import { formatLongDate, formatShortDate } from "~/lib/dates";
import { safeHref } from "~/lib/inline-markdown";
import type { PublicTestimonial } from "~/lib/participation";
import { errorFields, log } from "~/infra/log.server";
import { markDegraded } from "~/infra/request-state.server";
import { mediaUrl } from "~/infra/storage.server";
import { readEmbedSettings } from "~/models/settings.server";
import type { Locale } from "~/i18n/locales";
import { localized, localizedOrNull, type Localized } from "~/lib/translations";

/** A public read that fails is logged and the page shows its default instead of a 500. Such a
 * page is marked degraded, so the page cache does not keep the default in place of the content. */
export async function publicRead<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (err) {
    log("error", "public read failed", { what, ...errorFields(err) });
    markDegraded();
    return fallback;
  }
}

/** The footer in the page's language (decision 062: each text with the language it is in). */
export function getFooter(db: Db, locale: Locale): Promise<PublicFooter> {
  return publicRead(
    "footer",
    async () => {
      const [config, logos] = await Promise.all([
        db.query.footerConfig.findFirst(),
        db.select().from(footerLogos).where(eq(footerLogos.isActive, true)).orderBy(asc(footerLogos.position), asc(footerLogos.createdAt)),
      ]);
      return {
        footerText: config ? localized(config.footerText, config.translations, "footerText", locale) : DEFAULT_FOOTER.footerText,
        collaboratorsText: config ? localizedOrNull(config.collaboratorsText, config.translations, "collaboratorsText", locale) : null,
        logos: logos.map((l) => ({
          id: l.id,
          name: l.name,
          imageUrl: mediaUrl(l.imageKey),
          linkUrl: l.linkUrl ? safeHref(l.linkUrl) : null,
        })),
      };
    },
    DEFAULT_FOOTER,
  );
}

/** The agenda, soonest first, each date also written out in Catalan ('27 de desembre de 2026'):
 * formatted here, on the server, so the browser never loads the locale's data to hydrate it. Its
 * staff-written texts are in the page's language, or in Catalan marked so (decision 062). */
export function listActivities(db: Db, locale: Locale) {
  return publicRead(
    "activities",
    async () =>
      (await db.select().from(activities).orderBy(asc(activities.date), asc(activities.createdAt))).map(
        ({ translations, title, place, description, linkText, createdAt: _c, updatedAt: _u, ...a }) => ({
          ...a,
          title: localized(title, translations, "title", locale),
          place: localizedOrNull(place, translations, "place", locale),
          description: localizedOrNull(description, translations, "description", locale),
          linkText: localized(linkText, translations, "linkText", locale),
          dateLabel: formatLongDate(a.date),
        }),
      ),
    [],
  );
}

export type PublicActivity = Awaited<ReturnType<typeof listActivities>>[number];

/** An active landing page in the page's language, or null when there is none at that slug.
 * Throws when the database does (the page answers 503). */
export async function findLanding(db: Db, slug: string, locale: Locale) {
  const row = await db.query.landings.findFirst({
    where: and(eq(landings.slug, slug), eq(landings.isActive, true)),
    columns: { title: true, description: true, translations: true },
  });
  if (!row) return null;
  return {
    title: localized(row.title, row.translations, "title", locale),
    description: localized(row.description, row.translations, "description", locale),
  };
}

// ---------------------------------------------------------------------------------------
// Contributions: the published ones of every kind, merged (spec §7).
// Pending and hidden ones (decision 028) are filtered here, in the queries, so no public read has them.
// E-mail addresses are never selected here: nothing that reaches a public page carries one.

import { contributionTypes, type CommentPlace, type Contribution, type ContributionType } from "~/domain/contributions";
import {
  columnOrNull,
  contributionKinds,
  hasPlace,
  isPublic,
  type ContributionKind,
  type ContributionRow,
} from "~/models/contributions.server";
import { featuredItems, itemKey, publishedAnswers } from "~/models/answers.server";

export { contributionTypes, type ContributionType };

/** The places of these map comments (those with one), by id: for the small map in a comment's
 * dialog, public or staff. Whoever calls it has already chosen which comments may be shown. */
export async function commentPlaces(db: Db, ids: string[]): Promise<Map<string, CommentPlace>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: mapComments.id,
      lat: mapComments.lat,
      lng: mapComments.lng,
      municipality: mapComments.municipality,
      segmentName: mapComments.segmentName,
    })
    .from(mapComments)
    .where(and(inArray(mapComments.id, ids), isNotNull(mapComments.lat)));
  return new Map(rows.map(({ id, lat, lng, ...rest }) => [id, { lat: lat!, lng: lng!, ...rest }]));
}

/** The same contributions, each map comment with its place, and each with the council's published
 * answer when it has one (issue 31; these are public contributions, so their answers may be shown). */
async function withPlaces(db: Db, items: Contribution[], locale: Locale): Promise<Contribution[]> {
  const [places, answers] = await Promise.all([
    commentPlaces(
      db,
      items.filter((i) => hasPlace(i.type)).map((i) => i.id),
    ),
    publishedAnswers(db, items, locale),
  ]);
  if (places.size === 0 && answers.size === 0) return items;
  return items.map((i) => {
    const answer = answers.get(itemKey(i));
    return { ...i, ...(places.has(i.id) ? { place: places.get(i.id)! } : {}), ...(answer ? { answer } : {}) };
  });
}

export const LATEST_PER_SOURCE = 10;
export const LATEST_MERGED = 12;

/** The public part of each kind of contribution (contributions.server.ts), as one select of the
 * same columns (id, type, text, created_at, name, audio_key, transcript), so the kinds can be merged, or
 * unioned and paged by the database, and counted. Every kind when published (decision 051). */
function publicContributions(db: Db, answerState: string | null = null) {
  const kind = (k: ContributionKind) => ({
    where: answerState ? and(isPublic(k), hasPublishedAnswer(k, answerState))! : isPublic(k),
    table: k.table,
    select: db
      .select({
        id: sql<string>`${k.table.id}`.as("id"),
        type: sql<ContributionType>`${sql.raw(`'${k.type}'`)}::text`.as("type"),
        text: sql<string>`${k.columns.text}`.as("text"),
        createdAt: sql<Date>`${k.table.createdAt}`.mapWith(k.table.createdAt).as("created_at"),
        name: sql<string | null>`${columnOrNull(k.columns.name)}`.as("name"),
        audioKey: sql<string | null>`${columnOrNull(k.columns.audio)}`.as("audio_key"),
        transcript: sql<string | null>`${columnOrNull(k.columns.transcript)}`.as("transcript"),
      })
      .from(k.table)
      .where(answerState ? and(isPublic(k), hasPublishedAnswer(k, answerState)) : isPublic(k))
      .$dynamic(),
  });
  return Object.fromEntries(contributionKinds.map((k) => [k.type, kind(k)])) as Record<ContributionType, ReturnType<typeof kind>>;
}

/** Whether a row of the kind has a published answer in this state (the list's answer filter,
 * issue 31): only the published columns count, never a draft. */
const hasPublishedAnswer = (k: ContributionKind, stateId: string) =>
  sql`exists (select 1 from ${contributionAnswers} a where a.contribution_type = ${k.type} and a.contribution_id = ${k.table.id}
    and a.published_at is not null and a.published_state_id = ${stateId})`;

/** A contribution as the public reads it: never an e-mail address. */
type PublicRow = Pick<ContributionRow, "id" | "type" | "text" | "createdAt" | "name" | "transcript"> & { audioKey: string | null };

function toContribution(r: PublicRow): Contribution {
  const dates = { createdAt: r.createdAt.toISOString(), dateLabel: formatShortDate(r.createdAt) };
  if (r.type === "testimonial")
    return {
      id: r.id,
      type: "testimonial",
      text: r.text,
      title: r.text,
      ...dates,
      audioUrl: mediaUrl(r.audioKey!),
      transcript: r.transcript,
    };
  if (r.type === "reflection") return { id: r.id, type: "reflection", text: r.text, ...dates, name: r.name };
  return { id: r.id, type: "map_comment", text: r.text, ...dates };
}

async function readContributions(db: Db, types: readonly ContributionType[], perSource: number): Promise<Contribution[]> {
  const sources = publicContributions(db);
  const rows = await Promise.all(types.map((t) => sources[t].select.orderBy(desc(sql`created_at`)).limit(perSource)));
  return rows
    .flat()
    .map(toContribution)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The home carousel: the latest 10 of each source, merged newest first, cut to 12. */
export function latestContributions(db: Db, locale: Locale = "ca"): Promise<Contribution[]> {
  return publicRead(
    "latest contributions",
    async () => withPlaces(db, (await readContributions(db, contributionTypes, LATEST_PER_SOURCE)).slice(0, LATEST_MERGED), locale),
    [],
  );
}

/** The contributions staff featured in the report "Què hem escoltat" (decision 075): only public
 * ones whose answer is published, each with that answer, in the order of their answers. */
export async function featuredContributions(db: Db, locale: Locale): Promise<Contribution[]> {
  const items = await featuredItems(db);
  if (items.length === 0) return [];
  const sources = publicContributions(db);
  const rows = (
    await Promise.all(
      contributionTypes.map((type) => {
        const ids = items.filter((i) => i.type === type).map((i) => i.id);
        if (ids.length === 0) return [];
        const source = sources[type];
        return source.select.where(and(source.where, inArray(source.table.id, ids)));
      }),
    )
  ).flat() as PublicRow[];
  const found = new Map(rows.map((r) => [itemKey(r), toContribution(r)]));
  const ordered = items.flatMap((i) => found.get(itemKey(i)) ?? []);
  // Read with their published answer: one withdrawn meanwhile would come without, and is left out.
  return (await withPlaces(db, ordered, locale)).filter((c) => c.answer);
}

export const CONTRIBUTIONS_PER_PAGE = 30;

/** The contributions page: page `page` (from 1, newest first) of every contribution, or of one
 * type, and how many there are in all. One UNION ALL ordered by date and cut by the database
 * (each source's date index gives its rows in order), so page 1000 costs what page 1 does plus the
 * index entries it skips, never the rows of the pages before it. */
export function contributionsPage(
  db: Db,
  type: ContributionType | null,
  page: number,
  locale: Locale = "ca",
  answerState: string | null = null,
): Promise<{ items: Contribution[]; total: number }> {
  return publicRead(
    "all contributions",
    async () => {
      const sources = publicContributions(db, answerState);
      const chosen = (type ? [type] : contributionTypes).map((t) => sources[t]);
      type Select = ReturnType<typeof publicContributions>[ContributionType]["select"];
      const selects = chosen.map((c) => c.select) as [Select, ...Select[]];
      const query = selects.length > 1 ? unionAll(selects[0], selects[1]!, ...selects.slice(2)).$dynamic() : selects[0];
      const [rows, counts] = await Promise.all([
        query
          .orderBy(desc(sql`created_at`), desc(sql`id`))
          .limit(CONTRIBUTIONS_PER_PAGE)
          .offset((page - 1) * CONTRIBUTIONS_PER_PAGE),
        Promise.all(chosen.map((c) => db.$count(c.table, c.where))),
      ]);
      return {
        items: await withPlaces(db, (rows as PublicRow[]).map(toContribution), locale),
        total: counts.reduce((a, b) => a + b, 0),
      };
    },
    { items: [], total: 0 },
  );
}

// ---------------------------------------------------------------------------------------

export interface PublicMedia {
  key: string;
  url: string;
  type: "image" | "video";
  title: Localized | null;
}

/** The active home background (image or video), or null for the default image. */
export function activeBackground(db: Db): Promise<PublicMedia | null> {
  return publicRead(
    "home background",
    async () => {
      const [row] = await db.select().from(homeBackground).where(eq(homeBackground.isActive, true)).limit(1);
      // Its title is the staff's note for the back office, never shown: kept in Catalan.
      return row
        ? { key: row.mediaKey, url: mediaUrl(row.mediaKey), type: row.mediaType, title: row.title ? { text: row.title } : null }
        : null;
    },
    null,
  );
}

/** The most recent active video of a scope, for the background of its theme page, its title in
 * the page's language. */
export function scopeVideo(db: Db, scope: Category, locale: Locale): Promise<PublicMedia | null> {
  return publicRead(
    "scope video",
    async () => {
      const [row] = await db
        .select()
        .from(videos)
        .where(and(eq(videos.scope, scope), eq(videos.isActive, true)))
        .orderBy(desc(videos.createdAt))
        .limit(1);
      return row
        ? {
            key: row.videoKey,
            url: mediaUrl(row.videoKey),
            type: "video" as const,
            title: localized(row.title, row.translations, "title", locale),
          }
        : null;
    },
    null,
  );
}

export function activePhotos(db: Db, locale: Locale) {
  return publicRead(
    "photos",
    async () =>
      (
        await db
          .select()
          .from(biciFucsiaPhotos)
          .where(eq(biciFucsiaPhotos.isActive, true))
          .orderBy(asc(biciFucsiaPhotos.position), asc(biciFucsiaPhotos.createdAt))
      ).map((p) => ({
        id: p.id,
        title: localized(p.title, p.translations, "title", locale),
        description: localizedOrNull(p.description, p.translations, "description", locale),
        key: p.imageKey,
        width: p.width,
        height: p.height,
      })),
    [],
  );
}

export function activeResources(db: Db, locale: Locale) {
  return publicRead(
    "resources",
    async () =>
      (
        await db.select().from(resources).where(eq(resources.isActive, true)).orderBy(asc(resources.position), asc(resources.createdAt))
      ).map((r) => ({
        id: r.id,
        title: localized(r.title, r.translations, "title", locale),
        description: localizedOrNull(r.description, r.translations, "description", locale),
        fullText: localizedOrNull(r.fullText, r.translations, "fullText", locale),
        mediaType: r.mediaType,
        imageKey: r.mediaKey && r.mediaType === "image" ? r.mediaKey : null,
        href: r.mediaKey ? mediaUrl(r.mediaKey) : r.externalUrl ? safeHref(r.externalUrl) : null,
        // An uploaded video plays on the page, with its captions and audio description (issue 33).
        video:
          r.mediaKey && r.mediaType === "video"
            ? {
                url: mediaUrl(r.mediaKey),
                captionsUrl: r.captionsKey ? mediaUrl(r.captionsKey) : null,
                audioDescription: localizedOrNull(r.audioDescription, r.translations, "audioDescription", locale),
              }
            : null,
      })),
    [],
  );
}

/** The external embeds, kept in site settings (seeded; set at /admin/configuracio), never in code. */
export type Embeds = EmbedSettings;

export function embeds(db: Db): Promise<Embeds> {
  return publicRead(
    "embeds",
    async () => {
      const stored = await readEmbedSettings(db);
      const http = (value: string | null) => {
        const href = value ? safeHref(value) : null;
        return href?.startsWith("http") ? href : null;
      };
      return {
        mapEmbedUrl: http(stored.mapEmbedUrl),
        mapFullUrl: http(stored.mapFullUrl),
        questionnaireUrl: http(stored.questionnaireUrl),
      };
    },
    { mapEmbedUrl: null, mapFullUrl: null, questionnaireUrl: null },
  );
}

export function activeLandingSlugs(db: Db) {
  return publicRead(
    "landing slugs",
    () => db.select({ slug: landings.slug, updatedAt: landings.updatedAt }).from(landings).where(eq(landings.isActive, true)),
    [],
  );
}

// ---------------------------------------------------------------------------------------
// Testimonials, as the public page lists them.

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
          transcript: testimonials.transcript,
          submittedAt: testimonials.submittedAt,
          locale: testimonials.locale,
        })
        .from(testimonials)
        .where(and(eq(testimonials.status, "published"), category ? eq(testimonials.category, category) : undefined))
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
