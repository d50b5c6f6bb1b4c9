import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mapLayers } from "~/db/schema";
import type { Storage } from "~/infra/storage.server";
import { errorFields, log } from "~/infra/log.server";
import { BOM, csvRecord } from "~/infra/tabular.server";
import { localePaths } from "~/lib/routes";
import { readStoredText } from "~/models/map.server";
import { tracker, type PublicResult } from "~/models/results.server";

// The plan's results as open data (issue 35, decision 069): every public result with its state,
// progress, km (from the segments' geometry, as the tracker counts them) and dates, as CSV and as
// GeoJSON (each result a feature whose geometry is its segments' on the visible layers). Only what
// the tracker shows: a hidden result, a hidden layer's segments, never a contribution or a person.

/** The public results, in the tracker's order, in Catalan. */
export async function openResults(db: Db): Promise<PublicResult[]> {
  return (await tracker(db, "ca", { municipality: null, category: null, state: null })).results;
}

const MEANING = { open: "per fer", done: "fet", dropped: "descartat" } as const;

/** The columns of the CSV and the properties of each GeoJSON feature. */
function record(r: PublicResult, publicUrl: string) {
  return {
    id: r.id,
    titol: r.title.text,
    estat: r.state.label.text,
    significat: MEANING[r.state.meaning],
    avenc_percent: r.progress,
    km: r.km,
    municipis: r.municipalities.join("; "),
    ambit: r.category,
    pressupost_euros: r.budget,
    data_prevista: r.plannedDate,
    data_real: r.realDate,
    url: `${publicUrl}${localePaths("ca").trackerResult(r.id)}`,
  };
}

/** The CSV's columns, in order (the GeoJSON's properties have the same names). */
export const RESULT_CSV_COLUMNS = [
  "id",
  "titol",
  "estat",
  "significat",
  "avenc_percent",
  "km",
  "municipis",
  "ambit",
  "pressupost_euros",
  "data_prevista",
  "data_real",
  "url",
] as const satisfies readonly (keyof ReturnType<typeof record>)[];

/** The CSV (RFC 4180, UTF-8 with its BOM, one result a line). */
export function resultsCsv(list: PublicResult[], publicUrl: string): string {
  return (
    BOM +
    csvRecord(RESULT_CSV_COLUMNS) +
    list
      .map((r) => {
        const row = record(r, publicUrl);
        return csvRecord(RESULT_CSV_COLUMNS.map((c) => row[c]));
      })
      .join("")
  );
}

type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] };

/** The geometry of each segment ref of the results, read from the visible layers' files. */
async function segmentGeometries(db: Db, storage: Storage, refs: string[]): Promise<Map<string, Geometry>> {
  const ids = [...new Set(refs.map((ref) => ref.split(":")[0]!))];
  const out = new Map<string, Geometry>();
  if (ids.length === 0) return out;
  const layers = await db
    .select({ id: mapLayers.id, fileKey: mapLayers.fileKey })
    .from(mapLayers)
    .where(and(inArray(mapLayers.id, ids), eq(mapLayers.isActive, true)));
  for (const layer of layers) {
    try {
      const features =
        (JSON.parse(await readStoredText(storage, layer.fileKey)) as { features?: { geometry?: Geometry }[] }).features ?? [];
      features.forEach((f, i) => f.geometry && out.set(`${layer.id}:${i}`, f.geometry));
    } catch (err) {
      log("error", "a layer's file could not be read for the open data", { layer: layer.id, ...errorFields(err) });
    }
  }
  return out;
}

/** One geometry from a result's segments: a MultiLineString when all are lines, otherwise a
 * GeometryCollection; null when it has none (RFC 7946 allows it). */
function combine(parts: Geometry[]): Geometry | null {
  if (parts.length === 0) return null;
  if (parts.every((g) => g.type === "LineString" || g.type === "MultiLineString"))
    return {
      type: "MultiLineString",
      coordinates: parts.flatMap((g) => (g.type === "LineString" ? [g.coordinates] : (g.coordinates as unknown[]))),
    };
  return parts.length === 1 ? parts[0]! : { type: "GeometryCollection", geometries: parts };
}

/** The GeoJSON FeatureCollection: one feature per public result. */
export async function resultsGeoJson(db: Db, storage: Storage, list: PublicResult[], publicUrl: string) {
  const geometries = await segmentGeometries(
    db,
    storage,
    list.flatMap((r) => r.segmentRefs),
  );
  return {
    type: "FeatureCollection" as const,
    features: list.map((r) => ({
      type: "Feature" as const,
      id: r.id,
      geometry: combine(r.segmentRefs.flatMap((ref) => (geometries.has(ref) ? [geometries.get(ref)!] : []))),
      properties: record(r, publicUrl),
    })),
  };
}
