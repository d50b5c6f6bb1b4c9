import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folders of app/ show the layers (issue 11, decision 044):
// - app/infra: server-only infrastructure (environment, logs, storage, mail, sessions, locks, limits);
// - app/models: the reads and writes of each kind of content (per entity), server-only;
// - app/db: the schema, the client and the migrations, server-only;
// - app/domain and app/lib: code the browser may load (no server module, at run time);
// - app/components and app/routes: the UI (routes pair with their `.server.ts` loaders and actions).

const APP = path.resolve(__dirname);
const files = (dir: string): string[] =>
  fs.readdirSync(path.join(APP, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? files(rel) : /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The modules a file loads at run time (type-only imports are erased). */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(path.join(APP, file), "utf8");
  const found: string[] = [];
  for (const [, clause, spec] of source.matchAll(/^\s*(?:import|export)\s+([\s\S]*?)\s*from\s*["']([^"']+)["']/gm)) {
    if (/^type\b/.test(clause!)) continue;
    // `import { type A, type B }` only: erased too.
    const names = /^\{([\s\S]*)\}$/.exec(clause!.trim())?.[1];
    if (names !== undefined && names.split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    found.push(spec!);
  }
  for (const [, spec] of source.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(spec!);
  for (const [, spec] of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(spec!);
  return found;
}

/** Whether an import specifier, from `file`, names server-only code. */
function serverOnly(file: string, spec: string): boolean {
  const target = spec.startsWith("~/") ? spec.slice(2) : spec.startsWith(".") ? path.join(path.dirname(file), spec) : null;
  if (target === null) return false;
  return /^(db|infra|models)\//.test(target) || /\.server(\/|$)/.test(target);
}

describe("the layers of app/", () => {
  it("infrastructure and models are server modules (*.server.ts), and only there, in lib and domain, is none", () => {
    const notServer = [...files("infra"), ...files("models")].filter((f) => !isTest(f) && !/\.server\.ts$/.test(f));
    expect(notServer).toEqual([]);
    const serverInClientCode = [...files("lib"), ...files("domain")].filter((f) => /\.server\./.test(f));
    expect(serverInClientCode).toEqual([]);
  });

  it("code the browser may load (lib, domain, components) loads no server module at run time", () => {
    const leaks = [...files("lib"), ...files("domain"), ...files("components")]
      .filter((f) => !isTest(f))
      .flatMap((f) => runtimeImports(f).flatMap((spec) => (serverOnly(f, spec) ? [`${f} -> ${spec}`] : [])));
    expect(leaks).toEqual([]);
  });

  it("the check sees a leak: a runtime import of a model, of the schema, of a .server module", () => {
    expect(serverOnly("lib/x.ts", "~/models/content.server")).toBe(true);
    expect(serverOnly("lib/x.ts", "~/db/schema")).toBe(true);
    expect(serverOnly("components/a/b.tsx", "../../infra/log.server")).toBe(true);
    expect(serverOnly("routes/a.tsx", "./a.server")).toBe(true);
    expect(serverOnly("lib/x.ts", "~/lib/forms")).toBe(false);
    expect(serverOnly("lib/x.ts", "react")).toBe(false);
  });
});
