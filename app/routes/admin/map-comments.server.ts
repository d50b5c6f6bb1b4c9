import { and, desc, isNotNull, sql } from "drizzle-orm";
import type { Route } from "./+types/map-comments";
import type { Db } from "~/db/client.server";
import { mapComments } from "~/db/schema";
import { ADMIN_PIN_LIMIT, ADMIN_PIN_TEXT, type AdminMapPin } from "~/domain/map";
import type { ListQuery } from "~/lib/admin-list";
import { listPage, listWhere, readListQuery } from "~/models/admin-list.server";
import { mapCommentFields, mapCommentList } from "~/models/admin-lists.server";
import { getMapView } from "~/models/map.server";
import { requireAdmin } from "~/infra/session.server";

// The map comments for staff (issues 14 and 17): the list, paged on the server, and the map of the
// same comments (every status, with the same filters from the URL) beside it.

/** The located comments that match the list's query, newest first, at most ADMIN_PIN_LIMIT: the
 * admin map's pins. Any status: this is the staff's screen (the public reads publicMapComments). */
export async function adminMapPins(db: Db, query: ListQuery, limit = ADMIN_PIN_LIMIT): Promise<{ pins: AdminMapPin[]; more: boolean }> {
  const rows = await db
    .select({
      id: mapComments.id,
      lat: mapComments.lat,
      lng: mapComments.lng,
      status: mapComments.status,
      category: mapComments.category,
      // The popup's text; the moderation queue has it whole.
      comment: sql<string>`case when length(${mapComments.comment}) > ${ADMIN_PIN_TEXT}
        then left(${mapComments.comment}, ${ADMIN_PIN_TEXT}) || '…' else ${mapComments.comment} end`,
      municipality: mapComments.municipality,
      segmentName: mapComments.segmentName,
      createdAt: mapComments.createdAt,
    })
    .from(mapComments)
    .where(and(listWhere(mapCommentList, query), isNotNull(mapComments.lat)))
    .orderBy(desc(mapComments.createdAt), desc(mapComments.id))
    .limit(limit + 1);
  return {
    pins: rows.slice(0, limit).map((r) => ({ ...r, lat: r.lat!, lng: r.lng!, createdAt: r.createdAt.toISOString() })),
    more: rows.length > limit,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readListQuery(new URL(request.url), mapCommentList);
  const [list, map, view] = await Promise.all([
    listPage(context.db, mapCommentList, query, mapCommentFields),
    adminMapPins(context.db, query),
    getMapView(context.db),
  ]);
  return { list, map: { ...map, tiles: view.tiles, layers: view.layers } };
}
