// Client-safe helpers for contributions (the data comes from content.server.ts; its shape is
// domain/contributions.ts's Contribution).

const EXCERPT_LENGTH = 250;

export const contributionLabels: Record<string, string> = {
  reflection: "Reflexió",
  map_comment: "Comentari al mapa",
  testimonial: "Testimoni d'àudio",
};
export const contributionLabel = (type: string) => contributionLabels[type] ?? "Aportació";

/** The text cut to 250 characters plus an ellipsis (spec §5); shorter text is left whole. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join("").trimEnd()}...` : text;
}
