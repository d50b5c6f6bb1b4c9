// What citizens contribute, and the states a contribution goes through. No imports.
export const contributionTypes = ["reflection", "map_comment", "testimonial"] as const;
export type ContributionType = (typeof contributionTypes)[number];

/** A testimonial waits for a moderator, who approves or rejects it. */
export const testimonialStatuses = ["pending", "approved", "rejected"] as const;
export type TestimonialStatus = (typeof testimonialStatuses)[number];
