import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folders of app/ are its layers (decisions 044 and 057), and every import points down:
//
//   i18n <- domain <- lib <- components <- routes  (code the browser may load, then the pages)
//   db <- infra <- models <- routes and server     (server-only)
//   seed above all of them
//
// - app/i18n: the languages and their message catalogues (decision 059); it imports nothing of
//   ours, and only its .server module reads the catalogues.
// - app/domain: the campaign's facts and shared types, client-safe; it imports nothing of ours.
// - app/lib: client-safe helpers (forms, dates, paths, Markdown).
// - app/components: the UI's building blocks.
// - app/db: the schema, the client and the migrations, server-only.
// - app/infra: server-only infrastructure (environment, logs, storage, mail, sessions, settings, locks).
// - app/models: the reads and writes of each kind of content (per entity), server-only.
// - app/routes (and root.tsx, entry.server.tsx, routes.ts): the pages, their loaders and actions.
// - server/: the Express server and the composition root (server/runtime.ts).
// - app/seed: the demo content.
// A layer may import any layer below it, type-only imports included (a type is knowledge of the
// layer too). Tests and app/test/ stand outside: they may import anything, and nothing imports them.

const ROOT = path.resolve(__dirname, "..");

const LAYERS = ["i18n", "domain", "lib", "components", "db", "infra", "models", "routes", "server", "seed"] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may import besides itself. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  i18n: [],
  domain: ["i18n"],
  lib: ["i18n", "domain"],
  components: ["i18n", "domain", "lib"],
  db: ["i18n", "domain"],
  infra: ["i18n", "domain", "lib", "db"],
  models: ["i18n", "domain", "lib", "db", "infra"],
  routes: ["i18n", "domain", "lib", "components", "db", "infra", "models"],
  server: ["i18n", "domain", "lib", "db", "infra", "models"],
  seed: ["i18n", "domain", "lib", "components", "db", "infra", "models", "routes"],
};

/** The files at the top of app/ are the router's: they belong with the routes. */
const APP_ROOT_FILES = ["app/root.tsx", "app/entry.server.tsx", "app/routes.ts"];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("app/test/");

/** The layer of a file (a path from the project's root), or null when it is in none. */
function layerOf(file: string): Layer | null {
  if (APP_ROOT_FILES.includes(file)) return "routes";
  if (file.startsWith("server/")) return "server";
  const folder = /^app\/([^/]+)\//.exec(file)?.[1];
  return (LAYERS as readonly string[]).includes(folder ?? "") ? (folder as Layer) : null;
}

const files = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? files(rel) : /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [rel] : [];
  });

/** Every module specifier a source names: static imports and re-exports (type-only ones too),
 * side-effect imports and dynamic `import()`. */
function specifiers(source: string): string[] {
  return [
    ...source.matchAll(/^\s*(?:import|export)\s+[^;"'`]*?\s*from\s*["']([^"']+)["']/gm),
    ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
}

/** The project file a specifier names from `file`, or null (a package, a stylesheet, generated types). */
function resolve(file: string, spec: string): string | null {
  const base = spec.startsWith("~/")
    ? `app/${spec.slice(2)}`
    : spec.startsWith(".")
      ? path.posix.join(path.posix.dirname(file), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && fs.existsSync(path.join(ROOT, candidate))) return candidate;
  return null;
}

type Graph = Record<string, string[]>;

/** The import graph of app/ and server/, tests left out: each module and the modules it imports. */
function importGraph(): Graph {
  const graph: Graph = {};
  for (const file of [...files("app"), ...files("server")].filter((f) => !isTest(f))) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    graph[file] = [...new Set(specifiers(source).flatMap((spec) => resolve(file, spec) ?? []))];
  }
  return graph;
}

/** The imports that go up, or sideways into another stack, or into a test: "from -> to". */
function upwardImports(graph: Graph): string[] {
  return Object.entries(graph).flatMap(([from, targets]) => {
    const mine = layerOf(from);
    return targets.flatMap((to) => {
      const theirs = layerOf(to);
      const allowed = mine !== null && theirs !== null && !isTest(to) && (mine === theirs || MAY_IMPORT[mine].includes(theirs));
      return allowed ? [] : [`${from} (${mine}) -> ${to} (${isTest(to) ? "test" : theirs})`];
    });
  });
}

/** The import cycles: each set of modules that reach one another (Tarjan's strongly connected
 * components of two modules or more, or a module importing itself), its modules sorted. */
function importCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph[node] ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph[node] ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of Object.keys(graph)) if (!index.has(node)) visit(node);
  return found;
}

describe("the layers of app/", () => {
  const graph = importGraph();

  it("every module of app/ and server/ is in a layer", () => {
    expect(Object.keys(graph).filter((f) => layerOf(f) === null)).toEqual([]);
  });

  it("reads the real imports (a sanity check of the reader itself)", () => {
    expect(graph["app/routes/home.tsx"]).toContain("app/models/map.server.ts");
    expect(graph["server/start.ts"]).toContain("server/runtime.ts");
    // type-only and dynamic imports are edges too
    expect(graph["app/models/newsletter-send.server.ts"]).toContain("app/infra/app-context.server.ts");
    expect(graph["app/components/map/participation-map.tsx"]).toContain("app/components/map/leaflet-map.client.tsx");
  });

  it("every import points down the matrix", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("no module imports itself back, through any path", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("infrastructure and models are server modules (*.server.ts), and only there, in lib and domain, is none", () => {
    const notServer = Object.keys(graph).filter((f) => /^app\/(infra|models)\//.test(f) && !/\.server\.ts$/.test(f));
    expect(notServer).toEqual([]);
    const serverInClientCode = Object.keys(graph).filter((f) => /^app\/(lib|domain)\//.test(f) && /\.server\./.test(f));
    expect(serverInClientCode).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("see an upward import: each arrow the issue named, and a test helper imported by the app", () => {
    const upward = {
      "app/infra/runtime.server.ts": ["app/models/settings.server.ts"],
      "app/lib/contributions.ts": ["app/models/content.server.ts"],
      "app/components/site/hero-background.tsx": ["app/seed/scenes.ts"],
      "app/models/newsletter-send.server.ts": ["app/components/markdown.tsx"],
      "app/domain/roles.ts": ["app/lib/request-path.ts"],
      "app/components/agenda.tsx": ["app/db/schema.ts"],
      "app/routes/home.tsx": ["server/runtime.ts"],
      "app/models/content.server.ts": ["app/test/db.ts"],
    };
    expect(upwardImports(upward).map((line) => line.split(" ")[0])).toEqual(Object.keys(upward));
  });

  it("let every downward import through", () => {
    const downward = {
      "app/routes/home.tsx": ["app/models/map.server.ts", "app/components/agenda.tsx", "app/lib/routes.ts", "app/domain/map.ts"],
      "server/runtime.ts": ["app/models/settings.server.ts", "app/infra/log.server.ts", "app/db/client.server.ts"],
      "app/models/map.server.ts": ["app/infra/settings.server.ts", "app/lib/participation.ts", "app/db/schema.ts"],
      "app/seed/seed.server.ts": ["app/models/map-geojson.server.ts", "app/domain/campaign.ts"],
      "app/lib/contributions.ts": ["app/domain/contributions.ts", "app/lib/utils.ts"],
    };
    expect(upwardImports(downward)).toEqual([]);
  });

  it("see a cycle, however long, and only the modules in it", () => {
    expect(importCycles({ "a.ts": ["b.ts"], "b.ts": ["a.ts"] })).toEqual([["a.ts", "b.ts"]]);
    expect(importCycles({ "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"], "d.ts": ["a.ts"], "e.ts": [] })).toEqual([
      ["a.ts", "b.ts", "c.ts"],
    ]);
    expect(importCycles({ "a.ts": ["a.ts"] })).toEqual([["a.ts"]]);
    expect(importCycles({ "a.ts": ["b.ts", "c.ts"], "b.ts": ["c.ts"], "c.ts": [] })).toEqual([]);
  });

  it("read type-only, side-effect and dynamic imports as imports", () => {
    const source = [
      'import type { A } from "~/models/a.server";',
      'import { type B, c } from "../lib/b";',
      'import "./side-effect";',
      'export { d } from "./d";',
      'const Lazy = lazy(() => import("./lazy.client"));',
    ].join("\n");
    expect(specifiers(source)).toEqual(["~/models/a.server", "../lib/b", "./d", "./side-effect", "./lazy.client"]);
  });
});
