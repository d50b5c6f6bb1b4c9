import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import type { Route } from "./+types/map-layers";
import { mapLayers } from "~/db/schema";
import type { MapSegment } from "~/domain/map";
import { UPLOADS } from "~/domain/uploads";
import { entityAction, invalid, refuse, type EntitySpec } from "~/models/admin-entity.server";
import { mapLayerSchema } from "~/lib/admin-schemas";
import { checkLayerOffThread } from "~/models/map-geojson.server";
import { readStoredText } from "~/models/map.server";
import { requireAdmin } from "~/infra/session.server";
import type { Storage } from "~/infra/storage.server";
import { mediaUrl } from "~/infra/storage.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await context.db.select().from(mapLayers).orderBy(asc(mapLayers.position), asc(mapLayers.createdAt));
  return {
    layers: rows.map(({ segments, fileKey, ...l }) => ({ ...l, url: mediaUrl(fileKey), segments: (segments as MapSegment[]).length })),
  };
}

const SAVE_FAILED = "No s'ha pogut desar la capa";

/** A layer's writes: the file is streamed into storage, then read back and checked whole; a refused
 * file is removed by the entity helper, so nothing stays of a refused upload. */
const layer = (storage: Storage): EntitySpec<"file"> => ({
  name: "map layer",
  table: mapLayers,
  fileKey: "fileKey",
  touch: true,
  files: {
    file: {
      maxBytes: UPLOADS.mapLayer.maxBytes,
      prefix: "map-layers",
      accept: (t) => (t === "application/json" ? "application/geo+json" : null),
    },
  },
  uploadTexts: {
    too_large: UPLOADS.mapLayer.messages.too_large,
    bad_type: UPLOADS.mapLayer.messages.bad_type,
    other: "No s'ha pogut pujar el fitxer",
  },
  texts: {
    created: "Capa afegida correctament",
    updated: "Capa actualitzada correctament",
    deleted: "Capa eliminada correctament",
    toggled: (active) => (active ? "Capa visible al mapa" : "Capa amagada del mapa"),
    failed: { create: SAVE_FAILED, update: SAVE_FAILED, toggle: SAVE_FAILED, delete: "No s'ha pogut eliminar la capa" },
  },
  async values({ fields, files: { file }, current }) {
    const parsed = mapLayerSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    if (!file) return current ? parsed.data : refuse(UPLOADS.mapLayer.messages.required, { file: UPLOADS.mapLayer.messages.required });
    // Parsed off the event loop, with a depth limit (issue 29).
    const checked = await checkLayerOffThread(await readStoredText(storage, file.key));
    if (!checked.ok) return refuse(checked.error, { file: checked.error });
    const id = (current?.id as string | undefined) ?? randomUUID();
    return {
      ...parsed.data,
      ...(current ? {} : { id }),
      fileKey: file.key,
      featureCount: checked.featureCount,
      segments: checked.segments(id),
    };
  },
});

export async function action({ request, context }: Route.ActionArgs) {
  return entityAction(request, context, layer(context.storage));
}
