// The campaign's four themes (àmbits): the database's category enum, the forms' lists, the theme
// pages and the labels all read them from here. No imports: the browser and the schema share it.
export const categories = ["ciutadania", "infants", "laboral", "turistic"] as const;
export type Category = (typeof categories)[number];

export const categoryLabels: Record<Category, string> = {
  ciutadania: "Ciutadania",
  infants: "Infants",
  laboral: "Laboral",
  turistic: "Turístic",
};

export const isCategory = (value: unknown): value is Category =>
  typeof value === "string" && (categories as readonly string[]).includes(value);
