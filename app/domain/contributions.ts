// What citizens contribute, and the states a contribution goes through. No imports but the
// languages' type.
import type { Locale } from "../i18n/locales";

export const contributionTypes = ["reflection", "map_comment", "testimonial"] as const;
export type ContributionType = (typeof contributionTypes)[number];

/** Every kind staff code (issue 32, decision 076): what visitors send, and the answers of the external
 * questionnaire staff import ("questionnaire"), which are private: never on a public page, never
 * moderated, never answered in public. The coding screen, its suggestions and its filters read these;
 * the public pages, the queue and the council's answers read `contributionTypes`. */
export const codedTypes = [...contributionTypes, "questionnaire"] as const;
export type CodedType = (typeof codedTypes)[number];

/** Where a map comment was placed, for the small map shown when it is opened (issue 27, item 11). */
export interface CommentPlace {
  lat: number;
  lng: number;
  municipality: string | null;
  segmentName: string | null;
}

/** The council's published answer to a contribution as public pages show it (issue 31): its state's
 * label and colour, the Markdown text and when it was published; never who wrote it, never a draft. */
export interface PublicAnswer {
  /** The state's label in the page's language (`lang` set when it is the Catalan fallback). */
  state: { text: string; lang?: Locale };
  colour: string;
  text: string;
  publishedAt: string;
  /** publishedAt as the page shows it, formatted on the server. */
  dateLabel: string;
  /** The plan's result the answer points to, while it is public (decision 075): its title in the
   * page's language (`lang` set when it is the Catalan fallback). */
  result?: { id: string; title: { text: string; lang?: Locale } };
}

/** A published contribution as the public pages show it (content.server.ts reads them). */
export interface Contribution {
  id: string;
  type: ContributionType;
  text: string;
  createdAt: string;
  /** createdAt as the page shows it ('22 de nov. 2026'), formatted on the server. */
  dateLabel: string;
  name?: string | null;
  title?: string;
  audioUrl?: string;
  /** A testimonial's transcript (issue 33): what the audio says, shown beside its player. */
  transcript?: string | null;
  /** The language it was written in, when the model says (before issue 30 every one was Catalan). */
  locale?: "ca" | "es" | "en";
  /** A map comment's place, when it has one: its dialog shows a small map. */
  place?: CommentPlace;
  /** The council's published answer, when there is one. */
  answer?: PublicAnswer;
}

/** Every contribution's status, one model for the three kinds (decisions 028 and 051): published
 * (public), pending (waiting for staff: a new testimonial, review-first mode, the word filter, or
 * enough reports) or hidden by staff, with a reason. Only a hidden one may be deleted, by an
 * administrator. The spec's testimonial statuses map onto these (SPEC_TESTIMONIAL_STATUS). */
export const moderationStatuses = ["published", "pending", "hidden"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

/** The spec's testimonial statuses as this model's (migration 0011 renamed the stored ones once;
 * the testimonials screen's old addresses are read with it): approved is published, rejected hidden. */
export const SPEC_TESTIMONIAL_STATUS = { pending: "pending", approved: "published", rejected: "hidden" } as const satisfies Record<
  string,
  ModerationStatus
>;

/** The statuses' names: of contributions ("aportacions"), and of testimonials (masculine). */
export const moderationStatusLabels: Record<ModerationStatus, string> = {
  pending: "Pendents",
  published: "Publicades",
  hidden: "Amagades",
};
export const testimonialStatusLabels: Record<ModerationStatus, string> = {
  pending: "Pendents",
  published: "Publicats",
  hidden: "Amagats",
};

/** Why a visitor reports a contribution. */
export const reportReasons = ["spam", "offensive", "personal_data", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Correu brossa o publicitat",
  offensive: "Contingut ofensiu",
  personal_data: "Conté dades personals",
  other: "Un altre motiu",
};

/** How new reflections and map comments are published (a site setting). */
export const moderationModes = ["publish_then_review", "review_first"] as const;
export type ModerationMode = (typeof moderationModes)[number];
