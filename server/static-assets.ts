import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/** The files of build/client, by their address ("/favicon.svg", "/images/scenes/vinyes.svg"): read
 * once, at start (the build does not change while the server runs). */
export function clientFiles(clientDir: string): (pathname: string) => boolean {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.isFile()) files.add(`${prefix}/${entry.name}`);
    }
  };
  walk(clientDir, "");
  // As express.static finds them: the path decoded once (a file's name is matched in its letter case).
  return (pathname) => {
    if (files.has(pathname)) return true;
    if (!pathname.includes("%")) return false;
    try {
      return files.has(decodeURIComponent(pathname));
    } catch {
      return false;
    }
  };
}

/** The production build's files: hashed assets cached for a year (Brotli or gzip copies sent as
 * they are), the rest of build/client for an hour. Only the build's own files are looked for
 * (`isFile`, from clientFiles): any other address goes on to the pages without a look at the disk. */
export function staticAssets(clientDir: string, isFile: (pathname: string) => boolean = clientFiles(clientDir)): express.Router {
  const router = express.Router();
  const assets = path.join(clientDir, "assets");
  router.use((req, _res, next) => (isFile(req.path) ? next() : next("router")));
  router.use("/assets", precompressedAssets(assets));
  router.use("/assets", express.static(assets, { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  return router;
}
/** Build assets with a precompressed copy (scripts/precompress.js): the Brotli or gzip file is
 * sent as it is, with the original's type. Anything else falls through to express.static. */
function precompressedAssets(assetsDir: string): RequestHandler {
  const types: Record<string, string> = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = types[path.extname(name)];
    if (!type || !/^[\w.-]+$/.test(name)) return next();
    // Brotli whenever the browser takes it (browsers list gzip first, but br is smaller).
    const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    const file = path.join(assetsDir, `${name}.${encoding === "br" ? "br" : "gz"}`);
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(file, { immutable: true, maxAge: "1y" }, (err) => {
      if (!err) return;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
