import { getTableName } from "drizzle-orm";
import type { RequestHandler } from "express";
import { siteSettings } from "~/db/schema";
import { ALL_CONTENT } from "~/infra/content-changes.server";
import type { Db } from "~/db/client.server";
import { frameOrigins } from "~/lib/frame-origins";
import { errorFields, log } from "~/infra/log.server";
import { readEmbedSettings } from "~/models/settings.server";
import { readMapBaseSettings } from "~/models/map.server";
import { tileSource } from "~/lib/map-tiles";

const SAFETY_NET_MS = 30_000;

/** The origins of the map and questionnaire embeds (site settings, /admin/configuracio), for the CSP's
 * frame-src, kept in memory so that a response needs no query.
 *
 * They are read again whenever a write names the site settings (`follow(tags)`, wired to the page
 * cache's changes in app.ts): on this instance, and, on PostgreSQL, on another instance (the same
 * LISTEN/NOTIFY). Responses wait for that read (`waitForChange()`), so the page after a save already
 * allows the new host. A read at most every 30 s, in the background, is a safety net for a change
 * nobody announced (a lost NOTIFY, a write by the CLI).
 *
 * Reads run one after another; a change while one is under way queues one more (that read could have
 * started before the write committed), and further changes share the queued one. */
export function createFrameSources(db: Db) {
  let origins: string[] = [];
  let tiles: string[] = [];
  let checkedAt = 0;
  let tail: Promise<void> = Promise.resolve();
  let queued = false;
  let awaited: Promise<void> | null = null;

  const read = async () => {
    try {
      const [embeds, base] = await Promise.all([readEmbedSettings(db), readMapBaseSettings(db)]);
      origins = frameOrigins(embeds);
      // The base map's tiles (issue 17) are images: img-src, read and refreshed with the frames.
      tiles = [tileSource(base.tileUrl) ?? []].flat();
    } catch (err) {
      // Keep the last known origins rather than dropping the embeds for a failed read.
      log("error", "could not read the embed settings", errorFields(err));
    }
  };
  const reread = () => {
    checkedAt = Date.now();
    if (!queued) {
      queued = true;
      tail = tail.then(() => {
        queued = false;
        return read();
      });
    }
    return tail;
  };
  const changed = () => {
    const next = reread();
    awaited = next;
    void next.then(() => {
      if (awaited === next) awaited = null;
    });
    return next;
  };
  changed();

  const settings = getTableName(siteSettings);
  return {
    /** The settings may have changed: read them again; responses wait for that read. */
    changed,
    /** Content changed (the page cache's tags): the settings among it are read again. */
    follow(tags: readonly string[]) {
      if (tags.includes(settings) || tags.includes(ALL_CONTENT)) void changed();
    },
    /** Whether a read after a change is under way (responses wait for it). */
    pending(): boolean {
      return awaited !== null;
    },
    /** Middleware before the security headers: holds a response while a read after a change runs. */
    waitForChange(): RequestHandler {
      return (_req, _res, next) => {
        if (awaited) void awaited.then(() => next());
        else next();
      };
    },
    current(): string[] {
      if (Date.now() - checkedAt > SAFETY_NET_MS) void reread();
      return origins;
    },
    /** The base map's tile source for img-src (none when no tiles are set). */
    tiles(): string[] {
      return tiles;
    },
  };
}

export type FrameSources = ReturnType<typeof createFrameSources>;
