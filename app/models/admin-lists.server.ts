import { mapComments, newsletterSubscriptions, reflections, testimonials } from "~/db/schema";
import { moderationStatuses } from "~/domain/contributions";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ContributionType } from "~/domain/contributions";
import { categories } from "~/domain/themes";
import { MAP_CATEGORIES } from "~/domain/map";
import { columnsOf, type ListSpec } from "~/models/admin-list.server";

// The admin lists (decision 036): each screen's loader and its export read the same spec, so the
// export holds exactly the rows the list shows for the same URL. Beside each spec, the columns its
// screen and its export read (`...Fields`) and the row they make.

/** The filters every kind of contribution shares with the moderation queue (lib/moderation.ts,
 * QUEUE_SHAPE): its status, only those with reports, only those reports held back. */
const contributionFilters = (type: ContributionType, table: { id: PgColumn; status: PgColumn; heldByReportsAt: PgColumn }) => ({
  estat: { column: table.status, values: moderationStatuses },
  denunciades: {
    when: sql`exists (select 1 from contribution_reports r where r.contribution_type = ${type} and r.contribution_id = ${table.id})` as SQL,
  },
  retingudes: { when: isNotNull(table.heldByReportsAt) },
});

export const reflectionList: ListSpec = {
  table: reflections,
  id: reflections.id,
  date: reflections.createdAt,
  search: [reflections.reflection, reflections.name, reflections.email],
  sorts: { nom: reflections.name },
  filters: contributionFilters("reflection", reflections),
};
export const reflectionFields = columnsOf(reflections, "id", "createdAt", "name", "email", "privacyAccepted", "reflection", "status");
export type ReflectionRow = SelectResultFields<typeof reflectionFields>;

export const mapCommentList: ListSpec = {
  table: mapComments,
  id: mapComments.id,
  date: mapComments.createdAt,
  search: [mapComments.comment, mapComments.email],
  filters: { ...contributionFilters("map_comment", mapComments), categoria: { column: mapComments.category, values: MAP_CATEGORIES } },
};
export const mapCommentFields = {
  ...columnsOf(mapComments, "id", "createdAt", "email", "comment", "status", "category", "municipality"),
  located: sql<boolean>`${mapComments.lat} is not null`,
};
export type MapCommentRow = SelectResultFields<typeof mapCommentFields>;

export const testimonialList: ListSpec = {
  table: testimonials,
  id: testimonials.id,
  date: testimonials.submittedAt,
  search: [testimonials.title],
  sorts: { titol: testimonials.title },
  filters: { ...contributionFilters("testimonial", testimonials), ambit: { column: testimonials.category, values: categories } },
};
export const testimonialScreenFields = columnsOf(testimonials, "id", "submittedAt", "title", "category", "status", "audioKey");
/** The export's columns: the screen's, with the duration and the review date. */
export const testimonialFields = { ...testimonialScreenFields, ...columnsOf(testimonials, "duration", "reviewedAt") };
export type TestimonialRow = SelectResultFields<typeof testimonialFields>;

export const subscriberList: ListSpec = {
  table: newsletterSubscriptions,
  id: newsletterSubscriptions.id,
  date: newsletterSubscriptions.createdAt,
  search: [newsletterSubscriptions.email],
  sorts: { correu: newsletterSubscriptions.email },
  filters: {
    estat: { column: newsletterSubscriptions.status, values: ["pending", "confirmed"] },
    origen: { column: newsletterSubscriptions.source, values: ["newsletter_form", "reflection"] },
  },
};
export const subscriberFields = columnsOf(newsletterSubscriptions, "id", "createdAt", "email", "status", "source", "confirmedAt");
export type SubscriberRow = SelectResultFields<typeof subscriberFields>;
