import path from "node:path";

/** The layout of DATA_DIR, named once (README, "Where data lives"). */
export function dataPaths(dataDir: string) {
  return {
    root: dataDir,
    /** The embedded database, unless DATABASE_URL is set. */
    pglite: path.join(dataDir, "pglite"),
    /** Stored files on the local disk backend (not used with S3); its `.tmp/` holds the uploads
     * being received, swept at start when their writer is gone (storage.server.ts). */
    uploads: path.join(dataDir, "uploads"),
    /** WebP variants of stored images: a cache, made again when missing, on every backend. */
    imageCache: path.join(dataDir, "cache", "images"),
    /** The e-mails the site would have sent, when no SMTP_URL is set (decision 023). */
    outbox: path.join(dataDir, "outbox"),
    /** Held by the running process while PGlite owns the folder (decision 005). */
    lock: path.join(dataDir, "app.lock"),
  };
}

export type DataPaths = ReturnType<typeof dataPaths>;
