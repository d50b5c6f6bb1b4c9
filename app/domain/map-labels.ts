// The map's words in the back office (staff read Catalan), apart from domain/map.ts so that the
// public pages' scripts never carry them: the public pages say a category with the catalogue
// (mapCategoryKey, public.map.category.*), whose Catalan words are these (map-places.test.ts).
import type { ModerationStatus } from "./contributions";
import type { LineStyle, MapCategory } from "./map";

export const MAP_CATEGORY_LABELS: Record<MapCategory, string> = {
  punt_perillos: "Punt perillós",
  connexio: "Connexió que falta",
  aparcament: "Aparcament de bicis",
  senyalitzacio: "Senyalització",
  altres: "Altres",
};

export const LINE_STYLE_LABELS: Record<LineStyle, string> = { solid: "Contínua", dashed: "Discontínua", dotted: "Puntejada" };

/** A pin's status in words on the staff's map (the shape says it too: never the colour alone). */
export const PIN_STATUS_LABELS: Record<ModerationStatus, string> = {
  published: "Publicat",
  pending: "Pendent de moderació",
  hidden: "Amagat",
};
