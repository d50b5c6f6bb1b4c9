// The participation map's facts (issue 17), client-safe: the area, the comment categories, the
// municipalities, the precision of a stored place and the limits of a network layer.
import type { ModerationStatus } from "./contributions";

/** The Alt Penedès with a margin of about 4 km: [west, south, east, north], WGS 84 degrees. Every
 * uploaded layer and every placed comment must fall inside it. The county spans roughly 1.50-1.93 E
 * (Pontons to Gelida) and 41.23-41.53 N (Castellet i la Gornal to Mediona). */
export const AREA_BBOX = [1.45, 41.2, 1.98, 41.58] as const;
export const AREA_NAME = "l'Alt Penedès";

export const inArea = (lng: number, lat: number) =>
  lng >= AREA_BBOX[0] && lng <= AREA_BBOX[2] && lat >= AREA_BBOX[1] && lat <= AREA_BBOX[3];

/** Decimals kept of a comment's latitude and longitude: 5 is about 1.1 m, more than a finger on a phone. */
export const PLACE_DECIMALS = 5;
export const roundCoord = (v: number) => Math.round(v * 10 ** PLACE_DECIMALS) / 10 ** PLACE_DECIMALS;

export const MAP_CATEGORIES = ["punt_perillos", "connexio", "aparcament", "senyalitzacio", "altres"] as const;
export type MapCategory = (typeof MAP_CATEGORIES)[number];
/** The catalogue key of a category's name on the public pages (the back office's Catalan words are
 * MAP_CATEGORY_LABELS, in map-labels.ts: the same as the catalogue's Catalan ones, map-places.test.ts). */
export const mapCategoryKey = <C extends MapCategory>(c: C) => `public.map.category.${c}` as const;
/** Pin colours, each with a contrast of 3:1 or more against the map's light background. */
export const MAP_CATEGORY_COLOURS: Record<MapCategory, string> = {
  punt_perillos: "#b91c1c",
  connexio: "#6d28d9",
  aparcament: "#1d4ed8",
  senyalitzacio: "#a16207",
  altres: "#374151",
};

/** The 27 municipalities of the Alt Penedès with the approximate centre of their main town
 * (lat, lng): the list a visitor without JavaScript chooses from, and the municipality given to a
 * pin (the nearest centre: an approximation, good enough to group comments, not a boundary). */
export const MUNICIPALITIES: readonly (readonly [string, number, number])[] = [
  ["Avinyonet del Penedès", 41.3667, 1.7667],
  ["les Cabanyes", 41.3725, 1.688],
  ["Castellet i la Gornal", 41.2667, 1.6333],
  ["Castellví de la Marca", 41.3333, 1.6167],
  ["Font-rubí", 41.4275, 1.6394],
  ["Gelida", 41.4396, 1.8634],
  ["la Granada", 41.3781, 1.7183],
  ["Mediona", 41.4833, 1.6167],
  ["Olèrdola", 41.3, 1.7167],
  ["Olesa de Bonesvalls", 41.35, 1.85],
  ["Pacs del Penedès", 41.3609, 1.6708],
  ["el Pla del Penedès", 41.4167, 1.7167],
  ["Pontons", 41.4167, 1.5167],
  ["Puigdàlber", 41.403, 1.703],
  ["Sant Cugat Sesgarrigues", 41.3667, 1.75],
  ["Sant Llorenç d'Hortons", 41.47, 1.82],
  ["Sant Martí Sarroca", 41.3833, 1.6167],
  ["Sant Pere de Riudebitlles", 41.45, 1.7],
  ["Sant Quintí de Mediona", 41.4667, 1.6667],
  ["Sant Sadurní d'Anoia", 41.4256, 1.7853],
  ["Santa Fe del Penedès", 41.3833, 1.7167],
  ["Santa Margarida i els Monjos", 41.325, 1.664],
  ["Subirats", 41.4003, 1.8151],
  ["Torrelavit", 41.45, 1.7333],
  ["Torrelles de Foix", 41.3833, 1.5833],
  ["Vilafranca del Penedès", 41.3462, 1.6979],
  ["Vilobí del Penedès", 41.3833, 1.65],
];
export const MUNICIPALITY_NAMES = MUNICIPALITIES.map(([name]) => name);

/** The municipality whose centre is nearest (equirectangular distance: fine at this scale). */
export function nearestMunicipality(lat: number, lng: number): string {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = MUNICIPALITIES[0]![0];
  let bestD = Infinity;
  for (const [name, mLat, mLng] of MUNICIPALITIES) {
    const d = (mLat - lat) ** 2 + ((mLng - lng) * k) ** 2;
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best;
}

export const LINE_STYLES = ["solid", "dashed", "dotted"] as const;
export type LineStyle = (typeof LINE_STYLES)[number];
/** SVG dash patterns (Leaflet's dashArray and the legend's sample). */
export const DASH_ARRAYS: Record<LineStyle, string | undefined> = { solid: undefined, dashed: "10 8", dotted: "2 6" };

export const LAYER_LIMITS = {
  /** A county's network is a few hundred kilobytes; 5 MB leaves room for detailed lines. */
  bytes: 5 * 1024 * 1024,
  features: 10_000,
  /** All the positions of all the features together. */
  positions: 200_000,
} as const;

/** A segment of a network layer as the public list and the comment form see it. */
export interface MapSegment {
  /** `<layer id>:<feature index>`: what a comment about it stores. */
  ref: string;
  name: string;
  status: string | null;
  /** Kilometres, for lines; null for points. */
  lengthKm: number | null;
  municipality: string;
  /** Its middle (a line's middle vertex, or the point): [lat, lng], rounded like a pin. */
  at: [number, number];
}

export interface PublicMapLayer {
  id: string;
  name: string;
  colour: string;
  lineStyle: LineStyle;
  url: string;
  segments: MapSegment[];
}

export interface PublicMapComment {
  id: string;
  comment: string;
  category: MapCategory | null;
  lat: number | null;
  lng: number | null;
  segmentRef: string | null;
  segmentName: string | null;
  municipality: string | null;
  createdAt: string;
}

/** The base map: a raster tile URL template and its attribution (site settings). */
export interface TileSettings {
  tileUrl: string | null;
  tileAttribution: string | null;
}

/** Which map the public pages show: ours, or the external embed (site setting `map_kind`). */
export const MAP_KINDS = ["native", "embed"] as const;
export type MapKind = (typeof MAP_KINDS)[number];

/** A map comment's pin on the staff's map (/admin/comentaris-mapa): any status, its text cut to
 * ADMIN_PIN_TEXT characters (the moderation queue has it whole). Never sent to a public page. */
export interface AdminMapPin {
  id: string;
  lat: number;
  lng: number;
  status: ModerationStatus;
  category: MapCategory | null;
  comment: string;
  municipality: string | null;
  segmentName: string | null;
  createdAt: string;
  /** The analysis map's pins (decision 077): the colour of their code, instead of the category's,
   * and the names of their codes, said instead of the category. */
  colour?: string;
  codes?: string[];
}
/** The pins the staff's map draws at most (the newest that match the filters). */
export const ADMIN_PIN_LIMIT = 5000;
export const ADMIN_PIN_TEXT = 400;

// The map as the pages use it (components/map/): what a comment's place is, where the search sends
// the map, and the map a page shows.

/** A place for a comment: a pin, or a segment of the network (its middle, for the pin). */
export interface MapPlace {
  lat: number;
  lng: number;
  segment?: string;
  segmentName?: string;
  /** The nearest of the 27 municipalities (a pin), or the segment's own. */
  municipality?: string;
  /** A pin's nearest named segment and how far it is. */
  near?: { name: string; metres: number } | null;
}

/** Where the search asked the map to go; `n` tells one choice from the next of the same place. */
export interface MapFocus {
  at: [number, number];
  ref?: string;
  n: number;
}

export interface MapView {
  tiles: TileSettings;
  layers: PublicMapLayer[];
}
