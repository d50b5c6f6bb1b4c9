import { describe, expect, test } from "vitest";
import { translator } from "~/i18n/catalogues.server";
import { MAP_CATEGORIES, mapCategoryKey, nearestMunicipality, type PublicMapLayer } from "./map";
import { MAP_CATEGORY_LABELS } from "./map-labels";
import {
  distanceText,
  foldText,
  metresTo,
  nearestSegment,
  placeOptions,
  pointPlaceText,
  searchPlaces,
  type SegmentShape,
} from "./map-places";

// A place in words (issue 27, item 11): distances to lines and points, the nearest named segment,
// the sentence the comment form shows, and the search over municipalities and segments.

const ca = translator("ca");

const line = (ref: string, name: string, ...pts: [number, number][]): SegmentShape => ({ ref, name, lines: [pts], point: null });

describe("metresTo", () => {
  test("a point beside a line: the perpendicular distance, not the distance to a vertex", () => {
    // A north-south line through 1.7 E; a point 0.001 degrees of longitude east of its middle.
    const d = metresTo([41.35, 1.701], line("a", "x", [41.34, 1.7], [41.36, 1.7]));
    expect(d).toBeGreaterThan(80);
    expect(d).toBeLessThan(88); // 0.001 * 111 320 * cos(41.35°) ≈ 83.6 m
  });
  test("past a line's end: the distance to that end", () => {
    const d = metresTo([41.37, 1.7], line("a", "x", [41.34, 1.7], [41.36, 1.7]));
    expect(Math.round(d)).toBe(1113);
  });
  test("a point feature: straight distance", () => {
    expect(metresTo([41.35, 1.7], { lines: null, point: [41.35, 1.7] })).toBe(0);
  });
});

describe("nearestSegment", () => {
  const shapes = [
    line("1:0", "Element 1", [41.35, 1.7], [41.36, 1.7]),
    line("1:1", "Anella verda", [41.35, 1.71], [41.36, 1.71]),
    line("1:2", "Camí del Foix", [41.3, 1.65], [41.31, 1.66]),
  ];
  test("the nearest named one: a feature named by default is passed over", () => {
    expect(nearestSegment([41.355, 1.7001], shapes)?.shape.ref).toBe("1:1");
    expect(nearestSegment([41.355, 1.7001], shapes, false)?.shape.ref).toBe("1:0");
  });
  test("no shapes: none", () => {
    expect(nearestSegment([41.355, 1.7], [])).toBeNull();
  });
});

describe("pointPlaceText", () => {
  test("names the municipality and the segment with its distance, never coordinates", () => {
    expect(pointPlaceText(ca, "Vilafranca del Penedès", { name: "Anella verda", metres: 123 })).toBe(
      "a prop de Vilafranca del Penedès, a 120 m del tram «Anella verda»",
    );
    expect(pointPlaceText(ca, "Gelida", { name: "Sant Sadurní d'Anoia - Gelida", metres: 1460 })).toBe(
      "a prop de Gelida, a 1,5 km del tram «Sant Sadurní d'Anoia - Gelida»",
    );
    expect(pointPlaceText(ca, "Gelida", { name: "X", metres: 4 })).toBe("a prop de Gelida, sobre el tram «X»");
  });
  test("a segment far away, or none: the municipality alone", () => {
    expect(pointPlaceText(ca, "Pontons", { name: "X", metres: 6000 })).toBe("a prop de Pontons");
    expect(pointPlaceText(ca, "Pontons", null)).toBe("a prop de Pontons");
  });
  test("distances as people say them", () => {
    expect(distanceText(ca, 3)).toBe("10 m");
    expect(distanceText(ca, 994)).toBe("990 m");
    expect(distanceText(ca, 1000)).toBe("1 km");
  });
});

describe("a place in the page's language", () => {
  test("Spanish and English say the same place their way, with their own decimal separators", () => {
    const near = { name: "Sant Sadurní d'Anoia - Gelida", metres: 1460 };
    expect(pointPlaceText(translator("es"), "Gelida", near)).toBe("cerca de Gelida, a 1,5 km del tramo «Sant Sadurní d'Anoia - Gelida»");
    expect(pointPlaceText(translator("en"), "Gelida", near)).toBe("near Gelida, 1.5 km from the section “Sant Sadurní d'Anoia - Gelida”");
    expect(placeOptions(translator("en"), [])[0]?.detail).toBe("Municipality");
  });
  test("the categories: the back office's Catalan names are the public pages' Catalan ones", () => {
    for (const c of MAP_CATEGORIES) expect(ca(mapCategoryKey(c))).toBe(MAP_CATEGORY_LABELS[c]);
    expect(translator("es")(mapCategoryKey("punt_perillos"))).toBe("Punto peligroso");
  });
});

describe("the municipalities", () => {
  test("a point in Vilafranca's centre, and one in Sant Sadurní's, get their own town", () => {
    expect(nearestMunicipality(41.3465, 1.6985)).toBe("Vilafranca del Penedès");
    expect(nearestMunicipality(41.4262, 1.7858)).toBe("Sant Sadurní d'Anoia");
  });
});

describe("searchPlaces", () => {
  const layers: Pick<PublicMapLayer, "name" | "segments">[] = [
    {
      name: "Xarxa proposada",
      segments: [
        { ref: "7:0", name: "Sant Sadurní d'Anoia - Gelida", status: null, lengthKm: 7, municipality: "Subirats", at: [41.43, 1.81] },
        { ref: "7:1", name: "Element 2", status: null, lengthKm: 1, municipality: "Gelida", at: [41.44, 1.86] },
      ],
    },
  ];
  const options = placeOptions(ca, layers);
  test("every municipality and every named segment, and nothing for an empty query", () => {
    expect(options.filter((o) => o.kind === "municipality")).toHaveLength(27);
    expect(options.filter((o) => o.kind === "segment").map((o) => o.ref)).toEqual(["7:0"]);
    expect(searchPlaces(options, "  ")).toEqual([]);
  });
  test("without accents or case, municipalities whose name starts with it first", () => {
    expect(searchPlaces(options, "sant sadurni").map((o) => o.name)).toEqual(["Sant Sadurní d'Anoia", "Sant Sadurní d'Anoia - Gelida"]);
    expect(searchPlaces(options, "GELIDA").map((o) => o.name)).toEqual(["Gelida", "Sant Sadurní d'Anoia - Gelida"]);
    expect(searchPlaces(options, "olerdola")[0]?.name).toBe("Olèrdola");
    expect(searchPlaces(options, "sant", 3)).toHaveLength(3);
  });
  test("folds apostrophes and accents", () => {
    expect(foldText("Sant Llorenç d’Hortons")).toBe("sant llorenc d'hortons");
  });
});
