// The campaign's four themes (àmbits): the database's category enum, the forms' lists, the theme
// pages and the labels all read them from here. No imports: the browser and the schema share it.
export const categories = ["ciutadania", "infants", "laboral", "turistic"] as const;
export type Category = (typeof categories)[number];

/** The themes' names in Catalan, as the back office and its exports write them. The public pages
 * say them in their language: t(categoryKey(c)), from the catalogue (decision 059). */
export const categoryLabels: Record<Category, string> = {
  ciutadania: "Ciutadania",
  infants: "Infants",
  laboral: "Laboral",
  turistic: "Turístic",
};

export const isCategory = (value: unknown): value is Category =>
  typeof value === "string" && (categories as readonly string[]).includes(value);

/** The catalogue key of a theme's name on the public pages (its Catalan value is categoryLabels'). */
export const categoryKey = <C extends Category>(c: C) => `public.themes.${c}.name` as const;

/** The catalogue key of a theme's tagline ("Per viure millor cada dia"): its card and its page. */
export const categoryTaglineKey = <C extends Category>(c: C) => `public.themes.${c}.label` as const;
