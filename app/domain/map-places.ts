// Places on the participation map in words (issue 27, item 11): a pin is named by the nearest of
// the 27 municipalities and the nearest named segment of the network, never by its coordinates;
// and the search that centres the map on a municipality or a segment. Client-safe, pure.
import type { T } from "../i18n/react";
import { MUNICIPALITIES, type PublicMapLayer } from "./map";

/** A place as [lat, lng], WGS 84 degrees. */
export type LatLng = readonly [number, number];

/** A feature of a network layer as the nearest-segment search sees it: its lines (each a list of
 * [lat, lng]) or its point, and its name. */
export interface SegmentShape {
  ref: string;
  name: string;
  lines: LatLng[][] | null;
  point: LatLng | null;
}

/** The name a layer's feature gets when its file names none ("Element 3", map-geojson.server.ts):
 * such a feature is drawn and listed, but a place is never named after it. */
export const isNamedSegment = (name: string) => !/^Element \d+$/.test(name);

const METRES_PER_DEGREE = 111_320;

/** Metres from a point to a shape, on a local flat projection around the point (the county is
 * small: the error is far under a metre at these distances). */
export function metresTo([lat, lng]: LatLng, shape: Pick<SegmentShape, "lines" | "point">): number {
  const k = Math.cos((lat * Math.PI) / 180) * METRES_PER_DEGREE;
  const xy = ([la, ln]: LatLng): [number, number] => [(ln - lng) * k, (la - lat) * METRES_PER_DEGREE];
  if (shape.point) return Math.hypot(...xy(shape.point));
  let best = Infinity;
  for (const line of shape.lines ?? []) {
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = xy(line[i - 1]!);
      const [bx, by] = xy(line[i]!);
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      // The foot of the perpendicular from the point (the origin) onto the segment, clamped to it.
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  }
  return best;
}

/** The nearest of these shapes and its distance in metres; only named ones when `named`. */
export function nearestSegment<S extends SegmentShape>(
  at: LatLng,
  shapes: readonly S[],
  named = true,
): { shape: S; metres: number } | null {
  let found: { shape: S; metres: number } | null = null;
  for (const shape of shapes) {
    if (named && !isNamedSegment(shape.name)) continue;
    const metres = metresTo(at, shape);
    if (!found || metres < found.metres) found = { shape, metres };
  }
  return found;
}

/** "120 m", "1,4 km": a distance as people say it (to 10 m, then to 100 m), in the page's language. */
export function distanceText(t: T, metres: number): string {
  if (metres < 1000) return t("public.map.place.metres", { n: Math.max(10, Math.round(metres / 10) * 10) });
  return t("public.map.km", { km: Math.round(metres / 100) / 10 });
}

/** Past this, the nearest segment is too far to help anyone find the place. */
export const NEAR_SEGMENT_METRES = 5000;

/** A pin's place in words: "a prop de Vilafranca del Penedès, a 120 m del tram «…»". The
 * municipality is the nearest town centre (an approximation, not a boundary): hence "a prop de". */
export function pointPlaceText(t: T, municipality: string, near?: { name: string; metres: number } | null): string {
  const where = t("public.map.place.near", { municipality });
  if (!near || near.metres > NEAR_SEGMENT_METRES) return where;
  if (near.metres < 15) return t("public.map.place.onSegment", { where, name: near.name });
  return t("public.map.place.fromSegment", { where, distance: distanceText(t, near.metres), name: near.name });
}

/** A search result: a municipality (its centre) or a segment of a layer (its middle). */
export interface PlaceOption {
  id: string;
  kind: "municipality" | "segment";
  name: string;
  /** What it is, shown under the name: "Municipi", or the layer and the municipality. */
  detail: string;
  at: [number, number];
  /** The segment's reference, to frame it whole and open its card. */
  ref?: string;
}

/** Letters without accents or case: "sant sadurni" finds "Sant Sadurní d'Anoia". */
export const foldText = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’`´]/g, "'")
    .replace(/·/g, ".")
    .toLowerCase()
    .trim();

/** Everything the search can find: the 27 municipalities, then the named segments of every layer. */
export function placeOptions(t: T, layers: readonly Pick<PublicMapLayer, "name" | "segments">[]): PlaceOption[] {
  const towns: PlaceOption[] = MUNICIPALITIES.map(([name, lat, lng]) => ({
    id: `m-${foldText(name).replace(/[^a-z0-9]+/g, "-")}`,
    kind: "municipality",
    name,
    detail: t("public.map.search.municipality"),
    at: [lat, lng],
  }));
  const segments: PlaceOption[] = layers.flatMap((layer) =>
    layer.segments
      .filter((s) => isNamedSegment(s.name))
      .map((s) => ({
        id: `s-${s.ref.replace(/[^A-Za-z0-9]+/g, "-")}`,
        kind: "segment" as const,
        name: s.name,
        detail: `${layer.name} · ${s.municipality}`,
        at: s.at,
        ref: s.ref,
      })),
  );
  return [...towns, ...segments];
}

/** The options matching a query: every word of it must appear; those whose name starts with the
 * query come first; at most `limit`. An empty query finds nothing (the list would be all of them). */
export function searchPlaces(options: readonly PlaceOption[], query: string, limit = 8): PlaceOption[] {
  const q = foldText(query);
  if (!q) return [];
  const words = q.split(/\s+/);
  const scored: { o: PlaceOption; score: number; i: number }[] = [];
  options.forEach((o, i) => {
    const name = foldText(o.name);
    const hay = `${name} ${foldText(o.detail)}`;
    if (!words.every((w) => hay.includes(w))) return;
    const score = name.startsWith(q) ? 0 : name.split(/[\s'-]+/).some((part) => part.startsWith(words[0]!)) ? 1 : 2;
    scored.push({ o, score, i });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, limit)
    .map((s) => s.o);
}
