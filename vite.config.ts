import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** The browser build's own list of what it ships: build/client-modules.json maps each file under
 * build/client to the source modules rendered into it (paths from the project root, node_modules
 * included). Minified code no longer says where it came from; this does, and the bundle boundary
 * test (tests/e2e/bundle-boundary.spec.ts) reads it. Written beside build/client, not served. */
function clientModules(): Plugin {
  const root = process.cwd();
  return {
    name: "client-modules",
    apply: (_config, env) => !env.isSsrBuild,
    writeBundle(options, bundle) {
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        files[chunk.fileName] = Object.entries(chunk.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => path.relative(root, id.replace(/^\0/, "").replace(/\?.*$/, "")).split(path.sep).join("/"))
          .sort();
      }
      fs.writeFileSync(path.join(options.dir!, "..", "client-modules.json"), JSON.stringify(files, null, 1) + "\n");
    },
  };
}

// Browser bundle: the small shared modules every public page loads are grouped into a few chunks
// instead of dozens of tiny files (each one a request, and a round trip on a slow phone network).
// Only modules loaded up front are named here; lazily loaded code (the recorder, the form schemas,
// the cookie banner, Markdown) keeps chunks of its own.
const shared = new RegExp(
  [
    // Radix's dialog, label and checkbox and what they stand on; lucide's icon base; class helpers.
    String.raw`node_modules[\\/]@radix-ui[\\/](react-(dialog|slot|label|checkbox|primitive|compose-refs|context|dismissable-layer|focus-guards|focus-scope|portal|presence|id|use-[a-z-]+|visually-hidden)|primitive)[\\/]`,
    String.raw`node_modules[\\/](radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|clsx|class-variance-authority|tailwind-merge)[\\/]`,
    String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/])`,
    // Our primitives that public pages render up front (not the back office's tabs, switch, …).
    String.raw`app[\\/]components[\\/]ui[\\/](button|dialog|label|checkbox|input|textarea|skeleton|badge)\.tsx$`,
    String.raw`app[\\/]lib[\\/](utils|routes|dates|images|inline-links|cookie-consent|seo)\.tsx?$`,
  ].join("|"),
);

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, which imports the React Router
  // server build as a virtual module: one bundle, one copy of every module.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "shared", test: shared }] } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), clientModules()],
}));
