import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { mapComments, reflections, testimonials } from "~/db/schema";
import { contributionTypes, moderationStatuses, type ContributionType, type ModerationStatus } from "~/domain/contributions";
import type { Category } from "~/domain/themes";

// The contribution kinds, described once on the server (decision 054). Every reader of
// contributions reads this: the public lists (content.server.ts), the moderation queue and its
// actions (moderation.server.ts), the statistics (statistics.server.ts), the admin lists
// (admin-lists.server.ts) and the exports (routes/admin/export.server.ts). A new kind is an entry
// here and its table in the schema; a new common field is a column here.
// Every kind shares the moderation columns (status pending/published/hidden since migration 0011,
// hidden_reason, reviewed_at, held_by_reports_at) and created_at (the row's, by which public lists
// and the queue are ordered).

/** The tables of the kinds (each with the moderation columns). */
export type ContributionTable = typeof reflections | typeof mapComments | typeof testimonials;

export interface ContributionKind {
  type: ContributionType;
  table: ContributionTable;
  /** The kind's columns for each common field; null where the kind has no such field. */
  columns: {
    /** What the person wrote (a testimonial's title). */
    text: PgColumn;
    /** When it was sent (the admin lists' and exports' date, the statistics' day). */
    date: PgColumn;
    name: PgColumn | null;
    email: PgColumn | null;
    /** The theme (àmbit), a Category. */
    theme: PgColumn | null;
    /** A place on the map (its latitude; null when the row has none): the queue and public dialogs show it. */
    place: PgColumn | null;
    /** The stored audio's key. */
    audio: PgColumn | null;
    /** What the audio says, as text (issue 33): the public players show it, the exports carry it. */
    transcript: PgColumn | null;
  };
  /** The name of its own admin export (/admin/export/<name>.csv|xlsx). */
  exportName: string;
}

/** The kinds, in the order lists and exports give them. */
export const CONTRIBUTION_KINDS = {
  reflection: {
    type: "reflection",
    table: reflections,
    columns: {
      text: reflections.reflection,
      date: reflections.createdAt,
      name: reflections.name,
      email: reflections.email,
      theme: null,
      place: null,
      audio: null,
      transcript: null,
    },
    exportName: "reflections",
  },
  map_comment: {
    type: "map_comment",
    table: mapComments,
    columns: {
      text: mapComments.comment,
      date: mapComments.createdAt,
      name: null,
      email: mapComments.email,
      theme: null,
      place: mapComments.lat,
      audio: null,
      transcript: null,
    },
    exportName: "map-comments",
  },
  testimonial: {
    type: "testimonial",
    table: testimonials,
    columns: {
      text: testimonials.title,
      date: testimonials.submittedAt,
      name: null,
      email: null,
      theme: testimonials.category,
      place: null,
      audio: testimonials.audioKey,
      transcript: testimonials.transcript,
    },
    exportName: "testimonials",
  },
} as const satisfies { [T in ContributionType]: ContributionKind & { type: T } };

export const contributionKinds: readonly ContributionKind[] = contributionTypes.map((t) => CONTRIBUTION_KINDS[t]);

/** The fields every kind has, or may have: what every reader must carry. */
export const COMMON_FIELDS = ["text", "date", "name", "email", "theme", "place"] as const;
export type CommonField = (typeof COMMON_FIELDS)[number];

/** The statuses every kind takes (one enum since migration 0011, decision 051). */
export const contributionStatuses = moderationStatuses;

/** Which rows of a kind the public sees: the published ones (decision 051). */
export const isPublic = (kind: ContributionKind): SQL => eq(kind.table.status, "published");

/** Whether a kind's rows may have a place on the map (commentPlaces reads it). */
export const hasPlace = (type: ContributionType) => CONTRIBUTION_KINDS[type].columns.place !== null;

/** A kind's municipality column (issue 32: map comments from their point, reflections and
 * testimonials since migration 0026), or null for a kind whose table has none. Read from the table,
 * so a new kind with a `municipality` column joins the lists, the analysis and the exports. */
export const municipalityOf = (kind: ContributionKind): PgColumn | null =>
  "municipality" in kind.table ? (kind.table as unknown as { municipality: PgColumn }).municipality : null;

/** A kind's column in a select, or a typed null where the kind has none. */
export const columnOrNull = (column: PgColumn | null, type = "text"): SQL => (column ? sql`${column}` : sql.raw(`null::${type}`));

/** A contribution of any kind, as the queue and the contributions export read it (one row type). */
export interface ContributionRow {
  type: ContributionType;
  id: string;
  createdAt: Date;
  text: string;
  name: string | null;
  email: string | null;
  theme: Category | null;
  status: ModerationStatus;
  /** A testimonial's transcript; null for the other kinds. */
  transcript: string | null;
  /** Where it is about (issue 32): one of MUNICIPALITY_NAMES, or null. Every kind has the column. */
  municipality: string | null;
}

/** The fields of a ContributionRow, selected from one kind's table (the date is its `date`). */
export const contributionFields = (kind: ContributionKind) => ({
  type: sql<ContributionType>`${sql.raw(`'${kind.type}'`)}::text`,
  id: sql<string>`${kind.table.id}`,
  createdAt: sql`${kind.columns.date}`.mapWith((v: unknown) => kind.columns.date.mapFromDriverValue(v) as Date),
  text: sql<string>`${kind.columns.text}`,
  name: sql<string | null>`${columnOrNull(kind.columns.name)}`,
  email: sql<string | null>`${columnOrNull(kind.columns.email)}`,
  theme: sql<Category | null>`${columnOrNull(kind.columns.theme)}::text`,
  status: sql<ModerationStatus>`${kind.table.status}::text`,
  transcript: sql<string | null>`${columnOrNull(kind.columns.transcript)}`,
  municipality: sql<string | null>`${kind.table.municipality}`,
});
