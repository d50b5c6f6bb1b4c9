// The plan's results (issue 35, decision 067), client-safe: what a result state means for the
// figures, and the length of a line on the Earth. Read by the schema (drizzle-kit loads it outside
// Vite: no imports).

/** What a state means for the plan's figures: to be done, done, or left out of the plan. */
export const RESULT_MEANINGS = ["open", "done", "dropped"] as const;
export type ResultMeaning = (typeof RESULT_MEANINGS)[number];

/** The Earth's mean radius, in kilometres (the one the layers' lengths have always used). */
export const EARTH_RADIUS_KM = 6371;

/** A GeoJSON position: longitude, latitude in degrees (WGS 84). */
export type LngLat = readonly [number, number, ...number[]];

/** The great-circle distance between two positions, in kilometres (haversine, on the mean sphere:
 * within 0.5 % of the ellipsoid, far finer than a cycle lane's drawing). */
export function distanceKm([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lng2 - lng1) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The length of a line (its positions in order), in kilometres. */
export function lineLengthKm(line: readonly LngLat[]): number {
  let km = 0;
  for (let i = 1; i < line.length; i++) km += distanceKm(line[i - 1]!, line[i]!);
  return km;
}

/** What the follow form's post answered (models/result-follows.server.ts, decision 069): a key of
 * `public.tracker.follow.*`. */
export type FollowAnswer =
  { ok: true; message: "sent" | "recent" | "already"; days: number } | { ok: false; message: "invalid" | "unknown" | "failed" | "tooMany" };
