import { and, asc, desc, eq, gte, isNotNull, lt, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mapComments, mapLayers } from "~/db/schema";
import {
  LAYER_LIMITS,
  type MapCategory,
  type MapKind,
  type MapSegment,
  type PublicMapComment,
  type PublicMapLayer,
  type TileSettings,
} from "~/domain/map";
import { MAP_CATEGORY_LABELS } from "~/domain/map-labels";
import type { MapSettings } from "~/lib/participation";
import { embeds, publicRead } from "~/models/content.server";
import { readSettings, saveSettings, textSetting } from "~/infra/settings.server";
import { mediaUrl, readStoredBytes, type Storage } from "~/infra/storage.server";

// The participation map's reads (issue 17): the network layers, the map's settings, the comments
// with their place, and the GeoJSON exports.

/** A stored file's text, at most a layer's size (the upload was bounded already). */
export async function readStoredText(storage: Storage, key: string): Promise<string> {
  return (await readStoredBytes(storage, key, LAYER_LIMITS.bytes)).toString("utf8");
}

// ---------------------------------------------------------------------------------------
// Settings: the base map and which map the public pages show.

export const MAP_BASE_KEYS = { tileUrl: "map_tile_url", tileAttribution: "map_tile_attribution", mapKind: "map_kind" } as const;
export type MapBaseSettings = TileSettings & { mapKind: MapKind };

export async function readMapBaseSettings(db: Db): Promise<MapBaseSettings> {
  const stored = await readSettings(db, Object.values(MAP_BASE_KEYS));
  const value = (key: string) => textSetting(stored.get(key));
  return {
    tileUrl: value(MAP_BASE_KEYS.tileUrl),
    tileAttribution: value(MAP_BASE_KEYS.tileAttribution),
    // Our own map unless the external embed is chosen.
    mapKind: value(MAP_BASE_KEYS.mapKind) === "embed" ? "embed" : "native",
  };
}

/** Stores the three at once (an empty one removes its row): all or nothing. */
export function saveMapBaseSettings(db: Db, values: MapBaseSettings): Promise<void> {
  return saveSettings(
    db,
    Object.fromEntries(Object.entries(MAP_BASE_KEYS).map(([field, key]) => [key, values[field as keyof MapBaseSettings]])),
  );
}

// ---------------------------------------------------------------------------------------
// Layers.

/** The visible layers, in their order, with their segments (the legend and the list). */
export function publicMapLayers(db: Db): Promise<PublicMapLayer[]> {
  return publicRead(
    "map layers",
    async () => {
      const rows = await db
        .select()
        .from(mapLayers)
        .where(eq(mapLayers.isActive, true))
        .orderBy(asc(mapLayers.position), asc(mapLayers.createdAt));
      return rows.map((l) => ({
        id: l.id,
        name: l.name,
        colour: l.colour,
        lineStyle: l.lineStyle,
        url: mediaUrl(l.fileKey),
        segments: l.segments as MapSegment[],
      }));
    },
    [],
  );
}

/** A segment of a visible layer by its ref, or null. */
export async function findSegment(db: Db, ref: string): Promise<MapSegment | null> {
  const [layerId = ""] = ref.split(":");
  // Never a cast the database refuses (a 500): what is not a uuid names no layer.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(layerId)) return null;
  const [row] = await db
    .select({ segments: mapLayers.segments })
    .from(mapLayers)
    .where(and(eq(mapLayers.id, layerId), eq(mapLayers.isActive, true)));
  return (row?.segments as MapSegment[] | undefined)?.find((s) => s.ref === ref) ?? null;
}

// ---------------------------------------------------------------------------------------
// Comments.

const publicColumns = {
  id: mapComments.id,
  comment: mapComments.comment,
  category: mapComments.category,
  lat: mapComments.lat,
  lng: mapComments.lng,
  segmentRef: mapComments.segmentRef,
  segmentName: mapComments.segmentName,
  municipality: mapComments.municipality,
  createdAt: mapComments.createdAt,
};

export interface MapCommentFilter {
  category?: MapCategory | null;
  /** Only those with a place. */
  located?: boolean;
  /** Inclusive day, YYYY-MM-DD (UTC). */
  from?: string | null;
  /** Inclusive day, YYYY-MM-DD (UTC). */
  to?: string | null;
  limit?: number;
}

function filterWhere(f: MapCommentFilter): SQL[] {
  const where: SQL[] = [];
  if (f.category) where.push(eq(mapComments.category, f.category));
  if (f.located) where.push(isNotNull(mapComments.lat));
  if (f.from) where.push(gte(mapComments.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(mapComments.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  return where;
}

/** The published map comments, newest first, without any personal data.
 *
 * THE one public read of map comments (the map, its list, /api/map-comments.geojson): the
 * moderation's "published only" condition belongs in `published` below, and nowhere else. */
export function publicMapComments(db: Db, filter: MapCommentFilter = {}): Promise<PublicMapComment[]> {
  // Only what moderation lets the public see (decision 028).
  const published: SQL[] = [eq(mapComments.status, "published")];
  return publicRead(
    "map comments",
    async () => {
      const rows = await db
        .select(publicColumns)
        .from(mapComments)
        .where(and(...published, ...filterWhere(filter)))
        .orderBy(desc(mapComments.createdAt))
        .limit(filter.limit ?? 10_000);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    [],
  );
}

export type AdminMapComment = PublicMapComment & { email: string | null };

/** Every map comment, for the back office (with the e-mail). */
export async function adminMapComments(db: Db, filter: MapCommentFilter = {}): Promise<AdminMapComment[]> {
  const rows = await db
    .select({ ...publicColumns, email: mapComments.email })
    .from(mapComments)
    .where(and(...filterWhere(filter)))
    .orderBy(desc(mapComments.createdAt))
    .limit(filter.limit ?? 100_000);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** A GeoJSON FeatureCollection of the comments with a place (RFC 7946: [lng, lat]). */
export function mapCommentsGeoJson(rows: (PublicMapComment & { email?: string | null })[]) {
  return {
    type: "FeatureCollection" as const,
    features: rows
      .filter((r) => r.lat !== null && r.lng !== null)
      .map(({ lat, lng, category, ...r }) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [lng!, lat!] },
        properties: {
          id: r.id,
          comment: r.comment,
          category,
          category_label: category ? MAP_CATEGORY_LABELS[category] : null,
          segment_ref: r.segmentRef,
          segment_name: r.segmentName,
          municipality: r.municipality,
          created_at: r.createdAt,
          ...("email" in r ? { email: r.email ?? null } : {}),
        },
      })),
  };
}

export const geoJsonResponse = (body: unknown, filename: string, extra: HeadersInit = {}) =>
  new Response(JSON.stringify(body), {
    headers: {
      "Content-Type": "application/geo+json; charset=utf-8",
      "Content-Disposition": `inline; filename="${filename}"`,
      ...extra,
    },
  });

/** The map embed and its full-page link, from the site settings (content.server's embeds), with the base map, the layers and the comments. */
export async function getMapSettings(db: Db, withComments = true): Promise<MapSettings> {
  const [e, base, layers, comments] = await Promise.all([
    embeds(db),
    publicRead("map base", () => readMapBaseSettings(db), { tileUrl: null, tileAttribution: null, mapKind: "native" as const }),
    publicMapLayers(db),
    withComments ? publicMapComments(db, { located: true, limit: LIST_COMMENTS }) : [],
  ]);
  const kind = base.mapKind === "embed" && e.mapEmbedUrl ? "embed" : "native";
  return {
    embedUrl: e.mapEmbedUrl,
    fullUrl: e.mapFullUrl ?? e.mapEmbedUrl,
    kind,
    tiles: { tileUrl: base.tileUrl, tileAttribution: base.tileAttribution },
    layers,
    comments: kind === "native" ? comments : [],
  };
}

/** What the home and landing pages' map section needs (the comments load with the map). */
export async function getMapView(db: Db) {
  const { kind, tiles, layers } = await getMapSettings(db, false);
  return { kind, tiles, layers };
}

/** The comments the list beside the map shows (the newest); the map itself shows them all. */
export const LIST_COMMENTS = 300;
