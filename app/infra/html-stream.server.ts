import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { log } from "~/infra/log.server";

// React Router's <Scripts> writes, for a page, one <link rel="modulepreload"> per script file in the
// head and, at the end of the body, an inline module that imports the page's route modules and then
// the client entry, which hydrates the page:
//
//   <script nonce="…" type="module" async="">;
//   import * as route0 from "/assets/root-….js";
//   …
//   window.__reactRouterRouteModules = {"root":route0,…};
//   import("/assets/entry.client-….js");</script>
//
// deferHydration() amends both as the page streams out, so that the scripts load once the page
// itself has loaded (its text, its hero image): see decision 014.

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from "([^"]+)";[ \t]*$/gm;
/** A page whose hydration script is not in its first this many characters is sent as it is. */
const MAX_HELD = 4 * 1024 * 1024;

/** Starts hydration once the window has loaded and the next frame is on the screen (the page's
 * images with it), or at the visitor's first touch, click or key, whichever comes first (and after
 * 5 s at the latest): then asks for every script file at once.
 * A button pressed before then is kept in window.__pressedEarly; root.tsx presses it again once the
 * page has hydrated (links and forms work without scripts, a dialog's button does not). */
const START = (files: string[]) =>
  `addEventListener("click", (e) => { if (!document.documentElement.dataset.hydrated) window.__pressedEarly = e.target; }, true);
await new Promise((go) => {
  const events = ["pointerdown", "touchstart", "keydown"];
  const start = () => { removeEventListener("load", loaded); events.forEach((e) => removeEventListener(e, start, true)); go(); };
  const loaded = () => requestAnimationFrame(() => setTimeout(start));
  if (document.readyState === "complete") return loaded();
  addEventListener("load", loaded);
  events.forEach((e) => addEventListener(e, start, { capture: true, passive: true }));
  setTimeout(start, 5000);
});
for (const href of ${JSON.stringify(files)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
`;

/** The page's HTML up to the end of its hydration script, amended: the module preloads taken out
 * of the head, and the script's route imports made to wait for START. Null when the page is not
 * in the expected shape (then it is sent unchanged and hydrates at once). */
export function deferHydrationScripts(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [whole, open, body, close] = script;
  const names: string[] = [];
  const urls: string[] = [];
  const rest = body!.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  if (names.length === 0 || /^\s*import\s/m.test(rest)) return null;
  const before = html.slice(0, script.index);
  const files = [...before.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const imports = `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(", ")}]);\n`;
  return before.replace(MODULE_PRELOAD, "") + open + START(files) + imports + rest + close + html.slice(script.index + whole.length);
}

/** A page's HTML as React writes it, with its hydration deferred (deferHydrationScripts). The
 * shell, which holds the script, is held back until the script has been read (React writes the
 * shell all at once); what streams in after it passes straight through. `onEnd` runs when the page
 * is complete. */
export function deferHydration(onEnd: () => void = () => {}): Transform {
  const decoder = new StringDecoder("utf8");
  let held: string | null = "";
  let moduleAt = -1;
  const release = (text: string) => {
    const amended = deferHydrationScripts(text);
    if (amended === null) log("warn", "page sent without deferred hydration: its script was not found");
    held = null;
    return amended ?? text;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (held === null) return callback(null, text);
      held += text;
      // Where the script begins, then whether it has ended (a tag can be cut between two chunks).
      if (moduleAt === -1) moduleAt = held.indexOf('type="module"', Math.max(0, held.length - text.length - 16));
      if ((moduleAt !== -1 && held.includes("</script>", moduleAt)) || held.length > MAX_HELD) return callback(null, release(held));
      callback();
    },
    flush(callback) {
      onEnd();
      const tail = decoder.end();
      if (held === null || held + tail === "") return callback(null, tail);
      callback(null, release(held + tail));
    },
  });
}
