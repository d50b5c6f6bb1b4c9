import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The admin screen pattern (decision 017), checked: each screen is <screen>.tsx (UI, shipped to
// the browser) beside <screen>.server.ts (loader and action), and the UI and the shared admin
// components import nothing server-only at run time (type imports vanish from the bundle).

const here = path.dirname(new URL(import.meta.url).pathname);
const components = path.join(here, "../../components/admin");
const OWN_AUTH = new Set(["login.tsx", "logout.tsx", "index.tsx"]);
/** The layout around every admin route, for its error page only: no data, no screen. */
const NOT_SCREENS = new Set(["errors.tsx"]);
const screens = fs
  .readdirSync(here)
  .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx") && !OWN_AUTH.has(f) && !NOT_SCREENS.has(f));

/** The modules a file imports at run time (import type and export type left out). */
const runtimeImports = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]!);

describe("the admin screen pattern", () => {
  it("every screen has its .server.ts and takes its loader (and action) from there", () => {
    expect(screens.length).toBeGreaterThanOrEqual(14);
    for (const screen of screens) {
      const name = screen.replace(/\.tsx$/, "");
      expect(fs.existsSync(path.join(here, `${name}.server.ts`)), screen).toBe(true);
      expect(fs.readFileSync(path.join(here, screen), "utf8"), screen).toMatch(
        new RegExp(`^export \\{ (loader|loader, action) \\} from "\\./${name}\\.server";$`, "m"),
      );
    }
  });

  it("no screen UI or admin component imports the database, drizzle or a server module at run time", () => {
    const files = [...screens.map((f) => path.join(here, f)), ...fs.readdirSync(components).map((f) => path.join(components, f))];
    for (const file of files) {
      const name = path.basename(file).replace(/\.tsx$/, "");
      const bad = runtimeImports(file).filter(
        (m) => (m.startsWith("~/db") || m.startsWith("drizzle-orm") || m === "sonner" || /\.server$/.test(m)) && m !== `./${name}.server`,
      );
      expect(bad, file).toEqual([]);
    }
  });
});
