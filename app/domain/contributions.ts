// What citizens contribute, and the states a contribution goes through. No imports.
export const contributionTypes = ["reflection", "map_comment", "testimonial"] as const;
export type ContributionType = (typeof contributionTypes)[number];

/** A testimonial waits for a moderator, who approves or rejects it. */
export const testimonialStatuses = ["pending", "approved", "rejected"] as const;
export type TestimonialStatus = (typeof testimonialStatuses)[number];

/** A reflection or a map comment (decision 028): published (public), pending (waiting for staff:
 * review-first mode, the word filter, or enough reports) or hidden by staff, with a reason. */
export const moderationStatuses = ["published", "pending", "hidden"] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

export const moderationStatusLabels: Record<ModerationStatus, string> = {
  pending: "Pendents",
  published: "Publicades",
  hidden: "Amagades",
};

/** The testimonial's own statuses, read as the queue's: approved is published, rejected is hidden. */
export const testimonialAsModeration: Record<TestimonialStatus, ModerationStatus> = {
  pending: "pending",
  approved: "published",
  rejected: "hidden",
};
export const moderationAsTestimonial: Record<ModerationStatus, TestimonialStatus> = {
  pending: "pending",
  published: "approved",
  hidden: "rejected",
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
