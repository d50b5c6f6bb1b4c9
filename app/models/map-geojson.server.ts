import { AREA_BBOX, inArea, LAYER_LIMITS, nearestMunicipality, roundCoord, type MapSegment } from "~/domain/map";
import { Worker } from "node:worker_threads";
import { UPLOADS } from "~/domain/uploads";
import { formatNumber } from "~/i18n/locales";
import { lineLengthKm } from "~/domain/results";

// The check of an uploaded network layer (issue 17): a GeoJSON FeatureCollection of points and
// lines (Point, LineString, MultiLineString) in WGS 84 (RFC 7946: longitude, latitude in degrees),
// every position inside the Alt Penedès (AREA_BBOX), within LAYER_LIMITS. Messages are the admin's.

const fmt = (n: number) => formatNumber(n);
const deg = (n: number) => n.toFixed(2).replace(".", ",");

export const LAYER_MESSAGES = {
  notJson: "El fitxer no es pot llegir com a JSON: comprova que sigui un fitxer GeoJSON desat com a text UTF-8.",
  tooDeep:
    "El fitxer té massa nivells d'objectes i llistes un dins de l'altre: una capa GeoJSON en té pocs. Comprova que sigui un fitxer GeoJSON correcte.",
  unreadable: "No s'ha pogut llegir la capa a temps. Torna-ho a provar d'aquí a un moment.",
  notCollection:
    'El fitxer ha de ser una FeatureCollection de GeoJSON (un objecte amb "type": "FeatureCollection" i una llista "features").',
  empty: "La capa no té cap element.",
  tooMany: (n: number) => `La capa té ${fmt(n)} elements; el màxim és ${fmt(LAYER_LIMITS.features)}.`,
  tooManyPositions: `La capa té massa vèrtexs; el màxim és ${fmt(LAYER_LIMITS.positions)} entre tots els elements.`,
  tooLarge: UPLOADS.mapLayer.messages.too_large,
  crs: "La capa ha d'estar en WGS 84 (longitud i latitud en graus, EPSG:4326), com demana el GeoJSON.",
  notFeature: (i: number) => `L'element ${fmt(i)} no és un Feature de GeoJSON.`,
  geometry: (i: number, type: string) =>
    `L'element ${fmt(i)} és de tipus ${type}: només s'accepten punts (Point) i línies (LineString, MultiLineString).`,
  coordinates: (i: number) => `L'element ${fmt(i)} té coordenades no vàlides.`,
  outside: (i: number) =>
    `L'element ${fmt(i)} cau fora de l'Alt Penedès (longitud ${deg(AREA_BBOX[0])} a ${deg(AREA_BBOX[2])}, latitud ${deg(AREA_BBOX[1])} a ${deg(AREA_BBOX[3])}). ` +
    "Les coordenades han de ser WGS 84 en graus, en l'ordre longitud, latitud.",
} as const;

type Position = [number, number];
export type LayerCheck = { ok: true; featureCount: number; segments: (layerId: string) => MapSegment[] } | { ok: false; error: string };

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && (p.length === 2 || p.length === 3) && p.every((n) => typeof n === "number" && Number.isFinite(n));

/** Kilometres along a line, measured on the sphere (domain/results.ts). */
const lengthKm = (line: Position[]): number => lineLengthKm(line);

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 200) : typeof v === "number" ? String(v) : null);

/** Nesting a GeoJSON layer never needs more than a handful of (a MultiLineString's coordinates
 * are 4 deep inside a feature, 7 from the top): past this a file is refused before it is parsed. */
export const LAYER_MAX_DEPTH = 32;

/** Reads a layer's text: null when it is too deeply nested, undefined when it is not JSON. The
 * worker runs this very function (its source), so it uses nothing from outside. */
function parseLayerJson(source: string, maxDepth: number): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return null;
    } else if (c === 93 || c === 125) depth--;
  }
  try {
    return JSON.parse(source.replace(/^\uFEFF/, "")) as unknown;
  } catch {
    return undefined;
  }
}

/** The check, on this thread (the seed; tests). An upload uses checkLayerOffThread. */
export function checkLayer(source: string): LayerCheck {
  if (Buffer.byteLength(source) > LAYER_LIMITS.bytes) return { ok: false, error: LAYER_MESSAGES.tooLarge };
  return checkLayerJson(parseLayerJson(source, LAYER_MAX_DEPTH));
}

/** How long a worker may take over one layer before it is stopped. */
const WORKER_TIMEOUT_MS = 60_000;

/** The worker's code: the depth check and the parse, then the value back to this thread. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const parse = (${parseLayerJson.toString()});
parentPort.postMessage({ json: parse(workerData.source, workerData.maxDepth) });
`;

/** The check of an uploaded layer: its text is checked for depth and parsed in a worker thread
 * (issue 29: a nested 2 MB file froze the whole site for 5 s, a real 3.5 MB layer for 3 s), so the
 * event loop keeps answering everybody else; what comes back is checked here. */
export async function checkLayerOffThread(source: string): Promise<LayerCheck> {
  if (Buffer.byteLength(source) > LAYER_LIMITS.bytes) return { ok: false, error: LAYER_MESSAGES.tooLarge };
  const json = await new Promise<{ json: unknown } | null>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { source, maxDepth: LAYER_MAX_DEPTH } });
    const timer = setTimeout(() => void worker.terminate().then(() => resolve(null)), WORKER_TIMEOUT_MS);
    worker.once("message", (m: { json: unknown }) => {
      clearTimeout(timer);
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  if (!json) return { ok: false, error: LAYER_MESSAGES.unreadable };
  return checkLayerJson(json.json);
}

/** The check of a parsed layer (null: too deep; undefined: not JSON). */
function checkLayerJson(json: unknown): LayerCheck {
  if (json === null) return { ok: false, error: LAYER_MESSAGES.tooDeep };
  if (json === undefined) return { ok: false, error: LAYER_MESSAGES.notJson };
  const fc = json as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  if (typeof json !== "object" || json === null || fc.type !== "FeatureCollection" || !Array.isArray(fc.features))
    return { ok: false, error: LAYER_MESSAGES.notCollection };
  // RFC 7946 dropped "crs"; an old file may still name one, and only WGS 84 is accepted.
  const crs = fc.crs?.properties?.name;
  if (fc.crs !== undefined && !(typeof crs === "string" && /(CRS84|EPSG:?:?4326)$/i.test(crs)))
    return { ok: false, error: LAYER_MESSAGES.crs };
  const features = fc.features as unknown[];
  if (features.length === 0) return { ok: false, error: LAYER_MESSAGES.empty };
  if (features.length > LAYER_LIMITS.features) return { ok: false, error: LAYER_MESSAGES.tooMany(features.length) };

  let positions = 0;
  const parts: { name: string; status: string | null; lines: Position[][] | null; point: Position | null; municipality: string | null }[] =
    [];
  for (const [index, raw] of features.entries()) {
    const n = index + 1;
    const f = raw as { type?: unknown; geometry?: { type?: unknown; coordinates?: unknown }; properties?: Record<string, unknown> | null };
    if (typeof raw !== "object" || raw === null || f.type !== "Feature" || typeof f.geometry !== "object" || f.geometry === null)
      return { ok: false, error: LAYER_MESSAGES.notFeature(n) };
    const { type, coordinates } = f.geometry;
    let lines: Position[][] | null = null;
    let point: Position | null = null;
    if (type === "Point") {
      if (!isPosition(coordinates)) return { ok: false, error: LAYER_MESSAGES.coordinates(n) };
      point = coordinates;
    } else if (type === "LineString" || type === "MultiLineString") {
      const list = (type === "LineString" ? [coordinates] : coordinates) as unknown;
      if (!Array.isArray(list) || list.length === 0) return { ok: false, error: LAYER_MESSAGES.coordinates(n) };
      for (const line of list as unknown[])
        if (!Array.isArray(line) || line.length < 2 || !line.every(isPosition)) return { ok: false, error: LAYER_MESSAGES.coordinates(n) };
      lines = list as Position[][];
    } else return { ok: false, error: LAYER_MESSAGES.geometry(n, typeof type === "string" ? type : "desconegut") };
    const all = point ? [point] : lines!.flat();
    positions += all.length;
    if (positions > LAYER_LIMITS.positions) return { ok: false, error: LAYER_MESSAGES.tooManyPositions };
    if (!all.every(([lng, lat]) => inArea(lng, lat))) return { ok: false, error: LAYER_MESSAGES.outside(n) };
    const p = f.properties ?? {};
    parts.push({
      name: text(p.name) ?? text(p.nom) ?? `Element ${n}`,
      status: text(p.status) ?? text(p.estat),
      lines,
      point,
      municipality: text(p.municipality) ?? text(p.municipi),
    });
  }
  return {
    ok: true,
    featureCount: features.length,
    segments: (layerId) =>
      parts.map(({ name, status, lines, point, municipality }, i) => {
        const longest = lines ? lines.reduce((a, b) => (lengthKm(b) > lengthKm(a) ? b : a)) : null;
        const [lng, lat] = point ?? longest![Math.floor(longest!.length / 2)]!;
        const at: [number, number] = [roundCoord(lat), roundCoord(lng)];
        return {
          ref: `${layerId}:${i}`,
          name,
          status,
          lengthKm: lines ? Math.round(lines.reduce((km, l) => km + lengthKm(l), 0) * 100) / 100 : null,
          municipality: municipality ?? nearestMunicipality(at[0], at[1]),
          at,
        };
      }),
  };
}
