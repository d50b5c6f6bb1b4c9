import { mapComments, newsletterSubscriptions, questionnaireResponses, reflections, testimonials } from "~/db/schema";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { getTableColumns, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { categories } from "~/domain/themes";
import { MAP_CATEGORIES, MUNICIPALITY_NAMES } from "~/domain/map";
import { columnsOf, type ListSpec } from "~/models/admin-list.server";
import { CONTRIBUTION_KINDS, contributionStatuses, type ContributionKind } from "~/models/contributions.server";

// The admin lists (decision 036): each screen's loader and its export read the same spec, so the
// export holds exactly the rows the list shows for the same URL. Beside each spec, the columns its
// screen and its export read (`...Fields`) and the row they make.

/** A contribution kind's list (contributions.server.ts): its date, a search over its text, name
 * and e-mail, and the filters every kind shares with the moderation queue (lib/moderation.ts,
 * QUEUE_SHAPE): its status, only those with reports, only those reports held back, and its theme
 * where it has one; with what the screen adds. */
const kindList = (kind: ContributionKind, more: Omit<ListSpec, "table" | "id" | "date" | "search"> = {}): ListSpec => ({
  table: kind.table,
  id: kind.table.id,
  date: kind.columns.date,
  search: [kind.columns.text, kind.columns.name, kind.columns.email].filter((c) => c !== null),
  ...more,
  filters: {
    estat: { column: kind.table.status, values: contributionStatuses },
    denunciades: {
      when: sql`exists (select 1 from contribution_reports r where r.contribution_type = ${kind.type} and r.contribution_id = ${kind.table.id})` as SQL,
    },
    retingudes: { when: isNotNull(kind.table.heldByReportsAt) },
    ...(kind.columns.theme ? { ambit: { column: kind.columns.theme, values: categories } } : {}),
    // Every kind has a municipality (issue 32): the visitor's, a pin's nearest, or staff's.
    municipi: { column: kind.table.municipality, values: MUNICIPALITY_NAMES },
    ...more.filters,
  },
});

export const reflectionList = kindList(CONTRIBUTION_KINDS.reflection, { sorts: { nom: reflections.name } });
/** A reflection's columns on its screen and in its export: every one but the queue's moderation
 * bookkeeping (and the coding's "coded", decision 080), so that a new column of reflections reaches both with no edit here (decision 054). */
const {
  hiddenReason: _reason,
  reviewedAt: _reviewed,
  heldByReportsAt: _held,
  coded: _coded,
  ...reflectionColumns
} = getTableColumns(reflections);
export const reflectionFields = reflectionColumns;
export type ReflectionRow = SelectResultFields<typeof reflectionFields>;

export const mapCommentList = kindList(CONTRIBUTION_KINDS.map_comment, {
  filters: { categoria: { column: mapComments.category, values: MAP_CATEGORIES } },
});
export const mapCommentFields = {
  ...columnsOf(mapComments, "id", "createdAt", "email", "comment", "status", "category", "municipality"),
  located: sql<boolean>`${mapComments.lat} is not null`,
};
export type MapCommentRow = SelectResultFields<typeof mapCommentFields>;

export const testimonialList = kindList(CONTRIBUTION_KINDS.testimonial, { sorts: { titol: testimonials.title } });
export const testimonialScreenFields = columnsOf(
  testimonials,
  "id",
  "submittedAt",
  "title",
  "category",
  "status",
  "audioKey",
  "municipality",
);
/** The export's columns: the screen's, with the duration and the review date. */
export const testimonialFields = { ...testimonialScreenFields, ...columnsOf(testimonials, "duration", "reviewedAt", "transcript") };
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

/** The questionnaire's answers (decision 076) as the staff contributions export reads them: dated
 * when answered, else when imported (the coding list's date, coding.server.ts), searched in their
 * text, filtered by municipality. They have no status, theme or reports: a filter on those leaves
 * them out (export.server.ts). Private: no public list reads them. */
export const questionnaireList: ListSpec = {
  table: questionnaireResponses,
  id: questionnaireResponses.id,
  // An expression, not a column: the list reads it only in SQL (its order, keyset and date range).
  date: sql`coalesce(${questionnaireResponses.answeredAt}, ${questionnaireResponses.createdAt})` as unknown as PgColumn,
  search: [questionnaireResponses.text],
  filters: { municipi: { column: questionnaireResponses.municipality, values: MUNICIPALITY_NAMES } },
};
