import { AsyncLocalStorage } from "node:async_hooks";
import { getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/infra/log.server";

// Content changed: the cached pages that show it are made stale, here and on every instance on the
// same PostgreSQL database (decision 026). The whole API, for every write (public form, admin screen,
// upload, job):
//
//   contentChanged(reflections);                  // after the write is committed
//   contentChanged(footerConfig, footerLogos);    // name every table whose public content changed
//
// - Name the drizzle tables (app/db/schema.ts) of what the public sees that the write changed. A write
//   that changes nothing public names nothing and so invalidates nothing (a pending testimonial, a
//   sign-out, a newsletter subscription, a refused or honeypot form).
// - The admin screens' entityAction (admin-entity.server.ts) names its spec's table itself; a
//   screen's own intents and actions call contentChanged themselves.
// - Pages need nothing: each cached page is kept with the tables its render read (the database layer
//   notes them, db/tables-read.server.ts), and is stale as soon as one of them is named.
// - `app/routes/content-changes.test.ts` walks every action route: a new action that writes public
//   content without naming it fails there (add its case to that test's table).
//
// PGlite has a single writer: nothing to announce. The seed command announces ALL_CONTENT.

/** The PostgreSQL channel on which a change is announced (payload: `<announcer> <tag>,<tag>`). */
export const PAGE_CACHE_CHANNEL = "page_cache";
/** Every page: the tag of a change nobody can describe more closely (the seed command). */
export const ALL_CONTENT = "*";

/** A write request's record of what it changed (the page cache sets one up for every write). */
export interface WriteState {
  changed: Set<string>;
  /** The page cache's: makes the pages that show these tags stale. */
  onChange?: (tags: string[]) => void;
}

const writes = new AsyncLocalStorage<WriteState>();
/** The page cache of this process, for writes made outside a request (a job). */
let processHandler: ((tags: string[]) => void) | undefined;

/** Runs a write request with `state`, which collects what its writes name. */
export function withWriteState<T>(state: WriteState, work: () => T): T {
  return writes.run(state, work);
}

/** Sets the handler of changes made outside any request (the page cache, at start). */
export function setProcessChangeHandler(handler: (tags: string[]) => void) {
  processHandler = handler;
}

/** The write just committed changed the public content held in these tables. */
export function contentChanged(...tables: PgTable[]): void {
  if (tables.length === 0) return;
  const tags = tables.map((t) => getTableName(t));
  const state = writes.getStore();
  if (state) for (const tag of tags) state.changed.add(tag);
  const handler = state ? state.onChange : processHandler;
  handler?.(tags);
}

/** Tells the other instances that content changed; `from` lets an instance ignore its own news. */
export function announceContentChange(database: Database, from: string, tags: readonly string[]) {
  void database
    .notify?.(PAGE_CACHE_CHANNEL, `${from} ${tags.join(",")}`)
    .catch((err) => log("error", "cache notify failed", errorFields(err)));
}

/** Calls `onChange` with the tags another announcer than `self` changed. A payload without tags
 * (an older announcer) changed everything. */
export function onContentChange(database: Database, self: string, onChange: (tags: string[]) => void) {
  database.listen?.(PAGE_CACHE_CHANNEL, (payload) => {
    const [from, tags] = parseAnnouncement(payload);
    if (from !== self) onChange(tags);
  });
}

export function parseAnnouncement(payload: string): [from: string, tags: string[]] {
  const space = payload.indexOf(" ");
  if (space < 0) return [payload, [ALL_CONTENT]];
  const tags = payload
    .slice(space + 1)
    .split(",")
    .filter(Boolean);
  return [payload.slice(0, space), tags.length ? tags : [ALL_CONTENT]];
}
