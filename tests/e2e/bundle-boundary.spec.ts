import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The browser bundle holds no server code (decision 021): no `*.server` module, nothing of
// server/, and none of the packages that only the server may load (drizzle, the database
// drivers, sharp, busboy, …). It reads the built files (npm run build), no browser needed.

const CLIENT = "build/client";
/** Written by the client-modules plugin in vite.config.ts: each built file and its source modules. */
const MODULES = "build/client-modules.json";

const SERVER_PACKAGES = new Set([
  "drizzle-orm",
  "@electric-sql/pglite",
  "pg",
  "pg-pool",
  "pg-protocol",
  "sharp",
  "busboy",
  "express",
  "@react-router/express",
  "@react-router/node",
  "helmet",
  "compression",
  "file-type",
  "rate-limiter-flexible",
  "nodemailer",
  "exceljs",
  "archiver",
  "otpauth",
  "qrcode",
]);

/** Literal strings of those packages' code, which minifying keeps: the same rule for a build made
 * without the module list (by hand, or with the plugin gone). */
const MARKERS: [string, RegExp][] = [
  ["drizzle-orm", /drizzle:(entityKind|Name|Columns|isPgEnum)/],
  ["@electric-sql/pglite", /pglite\.(wasm|data)\b/],
  ["pg", /Client has already been connected\. You cannot reuse a client\./],
  ["sharp", /Could not load the "sharp" module/],
  ["busboy", /Malformed part header|Unexpected end of form/],
];

/** Why a source module is server-only, or null. */
function serverOnly(id: string): string | null {
  if (/(^|\/)[^/]+\.server\.[cm]?[jt]sx?$/.test(id) || /(^|\/)[^/]+\.server\//.test(id)) return "a .server module";
  if (id.startsWith("server/")) return "the server's own code";
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  if (pkg && SERVER_PACKAGES.has(pkg)) return `the server-only package ${pkg}`;
  return null;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

test.describe("the browser bundle", () => {
  test("names the rule's cases", () => {
    expect(serverOnly("app/infra/session.server.ts")).toBe("a .server module");
    expect(serverOnly("app/lib/admin.server/entity.ts")).toBe("a .server module");
    expect(serverOnly("server/page-cache.ts")).toBe("the server's own code");
    expect(serverOnly("node_modules/drizzle-orm/pg-core/table.js")).toBe("the server-only package drizzle-orm");
    expect(serverOnly("node_modules/@electric-sql/pglite/dist/index.js")).toBe("the server-only package @electric-sql/pglite");
    expect(serverOnly("node_modules/.pnpm/pg@8/node_modules/pg/lib/client.js")).toBe("the server-only package pg");
    expect(serverOnly("app/lib/forms.ts")).toBeNull();
    expect(serverOnly("app/routes/admin/videos.tsx")).toBeNull();
    expect(serverOnly("node_modules/pg-is-not-a-prefix/index.js")).toBeNull();
    expect(serverOnly("node_modules/react-router/dist/index.mjs")).toBeNull();
  });

  test("ships no server module: every built file's source modules are client code", () => {
    expect(fs.existsSync(MODULES), `${MODULES} is missing: run npm run build`).toBe(true);
    const modules = JSON.parse(fs.readFileSync(MODULES, "utf8")) as Record<string, string[]>;
    // The list belongs to this build: every script under build/client is in it, but for React
    // Router's route manifest (data it writes after the bundle; the marker test reads it).
    const scripts = filesUnder(CLIENT).filter((f) => f.endsWith(".js") && !/^assets\/manifest-[0-9a-f]+\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((f) => !modules[f])).toEqual([]);
    const offenders = Object.entries(modules).flatMap(([file, ids]) =>
      ids.flatMap((id) => {
        const why = serverOnly(id);
        return why ? [`${file}: ${id} (${why})`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });

  test("holds none of the server-only packages' code in any file under build/client", () => {
    const offenders: string[] = [];
    // The .br and .gz files are compressed copies of files read here.
    for (const file of filesUnder(CLIENT).filter((f) => !/\.(br|gz)$/.test(f))) {
      const text = fs.readFileSync(path.join(CLIENT, file), "latin1");
      for (const [pkg, marker] of MARKERS) if (marker.test(text)) offenders.push(`${file}: ${pkg}`);
    }
    expect(offenders).toEqual([]);
  });
});
