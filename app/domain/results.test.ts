import { describe, expect, it } from "vitest";
import { distanceKm, EARTH_RADIUS_KM, lineLengthKm, type LngLat } from "./results";

// The length of a line on the Earth (issue 35): the tracker's km come from it, so it is checked
// against a direct computation (the spherical law of cosines, another formula for the same arc) and
// against distances known by heart.

/** The great-circle distance by the spherical law of cosines, in km. */
const direct = ([lng1, lat1]: LngLat, [lng2, lat2]: LngLat) => {
  const r = Math.PI / 180;
  const c = Math.sin(lat1 * r) * Math.sin(lat2 * r) + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lng2 - lng1) * r);
  return EARTH_RADIUS_KM * Math.acos(Math.min(1, Math.max(-1, c)));
};

describe("geodesic length", () => {
  it("one degree along a meridian or the equator is 2πR/360", () => {
    const degree = (2 * Math.PI * EARTH_RADIUS_KM) / 360;
    expect(distanceKm([1.7, 41], [1.7, 42])).toBeCloseTo(degree, 9);
    expect(distanceKm([0, 0], [1, 0])).toBeCloseTo(degree, 9);
    // A degree of longitude at 41.35° N shrinks by its cosine.
    expect(distanceKm([1.6, 41.35], [1.7, 41.35])).toBeCloseTo(0.1 * degree * Math.cos((41.35 * Math.PI) / 180), 4);
  });

  it("a line is the sum of its steps, equal to a direct computation", () => {
    const line: LngLat[] = [
      [1.6979, 41.3462],
      [1.7065, 41.3575],
      [1.7183, 41.3781],
      [1.7395, 41.3935],
      [1.762, 41.408],
      [1.7853, 41.4256],
    ];
    let expected = 0;
    for (let i = 1; i < line.length; i++) expected += direct(line[i - 1]!, line[i]!);
    expect(lineLengthKm(line)).toBeCloseTo(expected, 6);
    // Vilafranca to Sant Sadurní along the road is about 11.7 km; as the crow flies about 11.4 km.
    expect(lineLengthKm(line)).toBeGreaterThan(distanceKm(line[0]!, line.at(-1)!));
    expect(lineLengthKm(line)).toBeCloseTo(12, 0);
  });

  it("a line of one position, or none, is 0 km; the same position twice is 0 km", () => {
    expect(lineLengthKm([])).toBe(0);
    expect(lineLengthKm([[1.7, 41.3]])).toBe(0);
    expect(distanceKm([1.7, 41.3], [1.7, 41.3])).toBe(0);
  });
});
