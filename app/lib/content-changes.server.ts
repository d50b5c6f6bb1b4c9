import type { Database } from "~/db/client.server";
import { errorFields, log } from "./log.server";

// Content changed: every instance on the same PostgreSQL database forgets its cached pages (and
// reads its embed origins again). The server announces its own writes (server/page-cache.ts), and
// so does the seed command (scripts/seed.ts). PGlite has a single writer: nothing to announce.

/** The PostgreSQL channel on which a change is announced (payload: the announcer's id). */
export const PAGE_CACHE_CHANNEL = "page_cache";

/** Tells the other instances that content changed; `from` lets an instance ignore its own news. */
export function announceContentChange(database: Database, from: string) {
  void database.notify?.(PAGE_CACHE_CHANNEL, from).catch((err) => log("error", "cache notify failed", errorFields(err)));
}

/** Calls `onChange` when another announcer than `self` changed content. */
export function onContentChange(database: Database, self: string, onChange: () => void) {
  database.listen?.(PAGE_CACHE_CHANNEL, (from) => {
    if (from !== self) onChange();
  });
}
