import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import express, { type Request, type RequestHandler, type Response } from "express";
import { isImageWidth, isResizable, type ImageVariants } from "~/infra/images.server";
import { log } from "~/infra/log.server";
import { isValidKey, type ByteRange, type Storage, type StoredObject } from "~/infra/storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";
const PRIVATE = "private, no-store";

/** Who may have a stored file (app/infra/media-access.server.ts): anyone when its content is public;
 * otherwise only signed-in staff (staffSession answers null for anyone else). */
export interface MediaAccess {
  isPublic(key: string): Promise<boolean>;
  /** The staff session of the request, with a renewed session cookie to send, or null. */
  staffSession(req: Request): Promise<{ renewCookie: string | null } | null>;
}

/** Small public files kept in memory (logos, photos, posters are asked for by every page): sent in
 * one turn of the event loop, with no read from the disk or the bucket, so that they stay fast while
 * the server is busy (a burst of sign-ins: a file streamed from the disk waited behind the burst at
 * each of its reads). Keys never change their bytes; a file is deleted only with a change of content,
 * and every change of content (here or on another instance) forgets them all (`forget`). */
export function createKeptFiles({ maxFileBytes = 256 * 1024, maxTotalBytes = 32 * 1024 * 1024 } = {}) {
  const files = new Map<string, { file: StoredObject; body: Buffer }>();
  let total = 0;
  let generation = 0;
  return {
    maxFileBytes,
    get(key: string) {
      const kept = files.get(key);
      if (kept) {
        // Least recently used goes first.
        files.delete(key);
        files.set(key, kept);
      }
      return kept;
    },
    /** The generation now: a file read meanwhile is kept only if nothing changed in between. */
    get generation() {
      return generation;
    },
    keep(key: string, file: StoredObject, body: Buffer, since: number) {
      if (since !== generation || body.length > maxFileBytes || files.has(key)) return;
      files.set(key, { file, body });
      total += body.length;
      for (const [old, { body: b }] of files) {
        if (total <= maxTotalBytes) break;
        files.delete(old);
        total -= b.length;
      }
    },
    forget() {
      generation++;
      files.clear();
      total = 0;
    },
    get size() {
      return files.size;
    },
  };
}
export type KeptFiles = ReturnType<typeof createKeptFiles>;

/** /media/<key>: stored files, read through Storage (so on any backend), with Range, ETag and
 * immutable caching, as express.static answered them (files of content that is not public: staff
 * only, never kept by a cache, and not found for anyone else); /media/<key>?w=800 is a WebP variant of a
 * stored image from the image service. Keys are ours, so anything that is not one (dots, encoded
 * slashes, traversal) is simply not found. */
export function mediaRoutes(
  storage: Storage,
  images: ImageVariants,
  access: MediaAccess,
  kept: KeptFiles = createKeptFiles(),
): express.Router {
  const router = express.Router();
  const notFound: RequestHandler = (_req, res) => {
    res.status(404).type("text/plain; charset=utf-8").send("No trobat");
  };
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain; charset=utf-8").send("Mètode no permès");
      return;
    }
    if (!isValidKey(req.path.slice(1))) return notFound(req, res, next);
    // A stored file opened on its own is never a page: no scripts, no plugins.
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    next();
  });
  router.use(async (req, res, next) => {
    if (req.query.w === undefined) return next();
    const width = Number(req.query.w);
    if (typeof req.query.w !== "string" || !isImageWidth(width) || !isResizable(req.path.slice(1))) return notFound(req, res, next);
    try {
      const variant = await images.served(req.path.slice(1), width);
      if (!variant || !(await allowed(access, req.path.slice(1), req, res))) return notFound(req, res, next);
      // The visitor left while the variant was made (it is kept for the next one): nobody to answer.
      if (req.socket.destroyed) return void log("info", "request aborted by the client", { path: req.originalUrl.split("?")[0] });
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("ETag", variant.etag);
      if (req.fresh) return void res.status(304).end();
      res.setHeader("Content-Length", String(variant.body.length));
      res.end(req.method === "HEAD" ? undefined : variant.body);
    } catch (err) {
      next(err);
    }
  });
  router.use(async (req, res, next) => {
    try {
      if (!(await sendStored(storage, access, kept, req.path.slice(1), req, res))) notFound(req, res, next);
    } catch (err) {
      next(err);
    }
  });
  return router;
}

/** Answers with a stored file, or false when there is none. */
async function sendStored(
  storage: Storage,
  access: MediaAccess,
  kept: KeptFiles,
  key: string,
  req: Request,
  res: Response,
): Promise<boolean> {
  const since = kept.generation;
  const inMemory = kept.get(key);
  const file = inMemory?.file ?? (await storage.stat(key));
  // (Asked only of files that exist: a made-up key costs no query.)
  const who = file && (await allowed(access, key, req, res));
  if (!file || !who) return false;
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Last-Modified", new Date(file.modifiedAt).toUTCString());
  res.setHeader("ETag", file.etag);
  res.setHeader("Content-Type", file.contentType);
  if (preconditionFailed(req, file)) throw Object.assign(new Error("precondition failed"), { status: 412 });
  if (req.fresh) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return true;
  }
  const range = requestedRange(req, file);
  if (range === "unsatisfiable") {
    res.setHeader("Content-Range", `bytes */${file.size}`);
    throw Object.assign(new Error("range not satisfiable"), { status: 416 });
  }
  if (range) {
    res.status(206);
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  }
  res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : file.size));
  if (req.method === "HEAD" || file.size === 0) {
    res.end();
    return true;
  }
  if (inMemory) {
    res.end(range ? inMemory.body.subarray(range.start, range.end + 1) : inMemory.body);
    return true;
  }
  // A small public file is read whole and kept (staff-only files never are).
  const keep = who === "public" && !range && file.size <= kept.maxFileBytes;
  const stored = await storage.get(key, range ?? undefined);
  if (!stored) {
    // Deleted between the two reads: answered as if it had been a moment sooner.
    res.removeHeader("Content-Range");
    res.removeHeader("Content-Length");
    return false;
  }
  try {
    if (keep) {
      const body = await buffer(stored.body);
      kept.keep(key, file, body, since);
      res.end(body);
      return true;
    }
    await pipeline(stored.body, res);
  } catch (err) {
    // The visitor stopped a download or moved on in a video: nothing to answer any more.
    if (req.socket.destroyed || res.destroyed) return true;
    throw err;
  }
  return true;
}

/** Whether this request may have the file; sets its Cache-Control (long for public files, none kept
 * for staff-only ones, with the renewed session cookie when there is one). */
async function allowed(access: MediaAccess, key: string, req: Request, res: Response): Promise<"public" | "staff" | false> {
  if (await access.isPublic(key)) {
    res.setHeader("Cache-Control", IMMUTABLE);
    return "public";
  }
  const staff = await access.staffSession(req);
  if (!staff) return false;
  res.setHeader("Cache-Control", PRIVATE);
  if (staff.renewCookie) res.append("Set-Cookie", staff.renewCookie);
  return "staff";
}

/** If-Match and If-Unmodified-Since, as express.static honoured them. */
function preconditionFailed(req: Request, file: StoredObject): boolean {
  const match = req.headers["if-match"];
  if (match) {
    const tokens = match.split(",").map((t) => t.trim());
    return match !== "*" && tokens.every((t) => t !== file.etag && t !== `W/${file.etag}` && `W/${t}` !== file.etag);
  }
  const since = Date.parse(req.headers["if-unmodified-since"] ?? "");
  return !Number.isNaN(since) && Math.floor(file.modifiedAt / 1000) * 1000 > since;
}

/** One byte range of the file, "unsatisfiable", or null for the whole file (no Range, a malformed or
 * multiple one, or an If-Range that no longer matches). */
function requestedRange(req: Request, file: StoredObject): ByteRange | "unsatisfiable" | null {
  if (!/^ *bytes=/.test(req.headers.range ?? "")) return null;
  const ifRange = req.get("if-range");
  const lastModified = Math.floor(file.modifiedAt / 1000) * 1000;
  if (ifRange && (ifRange.includes('"') ? !ifRange.includes(file.etag) : !(lastModified <= Date.parse(ifRange)))) return null;
  const ranges = req.range(file.size, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === undefined || ranges === -2 || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}
