// Client-safe helpers for contributions (the data comes from content.server.ts; its shape is
// domain/contributions.ts's Contribution).

import { contributionTypes, type Contribution, type ContributionType } from "~/domain/contributions";
import type { Locale } from "~/i18n/locales";
import { formatShortDate } from "~/lib/dates";

const EXCERPT_LENGTH = 250;

/** Each kind's name in the back office (staff read Catalan): the same words as the public pages'
 * `public.contributions.kind.*` (contributions.test.ts holds them together). */
export const contributionLabels: Record<string, string> = {
  reflection: "Reflexió",
  map_comment: "Comentari al mapa",
  testimonial: "Testimoni d'àudio",
  questionnaire: "Resposta al qüestionari",
};

/** The catalogue key of a kind's name on the public pages; "Aportació" for an unknown one. */
export const contributionKindKey = (type: string) =>
  `public.contributions.kind.${(contributionTypes as readonly string[]).includes(type) ? (type as ContributionType) : "other"}` as const;

/** The contributions with their dates written in a page's language (the models write them in
 * Catalan): for a loader, so the browser never formats a date (lib/dates.ts). */
export const datedIn = (locale: Locale, items: Contribution[]): Contribution[] =>
  locale === "ca" ? items : items.map((item) => ({ ...item, dateLabel: formatShortDate(item.createdAt, locale) }));

/** The text cut to 250 characters plus an ellipsis (spec §5); shorter text is left whole. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join("").trimEnd()}...` : text;
}
