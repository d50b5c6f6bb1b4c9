import { and, eq, getTableColumns, getTableName, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { ALL_CONTENT } from "~/infra/content-changes.server";
import { errorFields, log } from "~/infra/log.server";
import { storageKeyColumns } from "~/infra/storage-sweep.server";

// Who may fetch a stored file at /media/<key> (issue 19, defect 5). A file is public while a row the
// public site shows references it: a published testimonial, an active item (footer logo, video,
// resource, Vivi photo, the active home background). Any other stored file (a pending or hidden
// testimonial's audio, an inactive item's media, a file no row references) is for signed-in staff
// only, sent `private, no-store`; the public gets 404, as for a file that does not exist.

/** How long a file's visibility is remembered before it is looked up again (in the background);
 * every content change forgets it at once. */
export const VISIBILITY_TTL_MS = 10_000;
/** Beyond this many remembered keys, all are forgotten (a bound, never reached by a real site). */
const MAX_REMEMBERED = 10_000;

/** When a row of this table shows its file on the public site. */
function publicCondition(table: PgTable): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  if (table === schema.testimonials) return eq(schema.testimonials.status, "published");
  if (columns.isActive) return eq(columns.isActive, true);
  return undefined;
}

/** Whether some row the public site shows references this key. */
export async function isPublicKey(db: Db, key: string): Promise<boolean> {
  const found = await Promise.all(
    storageKeyColumns().map(({ table, column }) =>
      db
        .select({ key: column })
        .from(table)
        .where(and(eq(column, key), publicCondition(table)))
        .limit(1),
    ),
  );
  return found.some((rows) => rows.length > 0);
}

/** The tables whose rows hold stored files' keys (and so decide their visibility). */
let fileTables: Set<string> | undefined;

/** Whether a content change (its tags: the tables named, or "*") can concern stored files: their
 * visibility, or a kept copy. A map comment or a reflection cannot; forgetting every kept file and
 * every answer on each of them made /media read S3 again after every public write, and fail while S3
 * was away (decision 060). */
export function concernsFiles(tags: readonly string[]): boolean {
  fileTables ??= new Set(storageKeyColumns().map(({ table }) => getTableName(table)));
  return tags.some((tag) => tag === ALL_CONTENT || fileTables!.has(tag));
}

export interface MediaVisibility {
  isPublic(key: string): Promise<boolean>;
  /** Content changed (here or on another instance): everything is looked up again. */
  changed(): void;
}

/** isPublicKey, remembered so that /media costs no query per file in the usual case. Every change
 * of content forgets every answer at once. Past `ttlMs` (a safety net for a change nobody announced)
 * the remembered answer is still given once more while it is looked up again in the background: the
 * look-up is about ten queries, and on a busy database (PGlite during a burst of sign-ins) a file
 * waited 100 ms and more for them. */
export function createMediaVisibility(db: Db, { ttlMs = VISIBILITY_TTL_MS } = {}): MediaVisibility {
  const remembered = new Map<string, { isPublic: boolean; until: number; refreshing?: boolean }>();
  let generation = 0;
  const lookUp = async (key: string) => {
    const asked = generation;
    const isPublic = await isPublicKey(db, key);
    // An answer read before a change is used once, not remembered.
    if (asked === generation) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, { isPublic, until: Date.now() + ttlMs });
    }
    return isPublic;
  };
  return {
    async isPublic(key) {
      const hit = remembered.get(key);
      if (!hit) return lookUp(key);
      if (hit.until <= Date.now() && !hit.refreshing) {
        hit.refreshing = true;
        lookUp(key).catch((err: unknown) => {
          hit.refreshing = false;
          log("error", "media visibility look-up failed", { key, ...errorFields(err) });
        });
      }
      return hit.isPublic;
    },
    changed() {
      generation++;
      remembered.clear();
    },
  };
}
