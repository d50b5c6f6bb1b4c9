import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One list engine, one query dialect (decision 056): every admin screen that shows a list reads its
// query through readListQuery (models/admin-list.server.ts, lib/admin-list.ts) and shows it with
// the list controls; no admin route reads the address's parameters by itself.

const DIR = path.resolve(__dirname);
const sources = fs
  .readdirSync(DIR)
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((file) => ({ file, text: fs.readFileSync(path.join(DIR, file), "utf8") }));

/** Parameters that are no list's: where to go after signing in, the dashboard's chart per day, the
 * language the "Falten traduccions" view shows (a short report, not a paged list), the contribution
 * the coding screen shows, the address whose data the people's-rights screen finds. */
const NOT_LISTS: Record<string, string[]> = {
  "login.tsx": ["redirectTo"],
  "login.server.ts": ["redirectTo"],
  "dashboard.server.ts": ["per"],
  "translations.server.ts": ["llengua"],
  // The coding screen's one contribution shown (?aportacio=type:id), beside its list's query.
  "coding.server.ts": ["(computed: ITEM_PARAM)"],
  // The one address the people's-rights screen and its export look up (?correu=, decision 072).
  "rights.server.ts": ["(computed: ADDRESS_PARAM)"],
  "rights-export.ts": ["(computed: ADDRESS_PARAM)"],
  // The uploaded questionnaire file being mapped (?fitxer=<id>, decision 076): one file, no list.
  "questionnaire.server.ts": ["(computed: UPLOAD_PARAM)"],
};

/** The parameter names a source reads by itself (searchParams.get, useSearchParams). */
const ownReads = (text: string) => [
  ...[...text.matchAll(/searchParams\.(?:get|getAll|has)\(\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]!),
  ...[...text.matchAll(/searchParams\.(?:get|getAll|has)\(\s*([^"'`\s)][^)]*)\)/g)].map((m) => `(computed: ${m[1]})`),
  // Handed whole to something else than the engine's parser.
  ...(/\bsearchParams\b(?!\.(?:get|getAll|has)\()/.test(
    text.replace(/useSearchParams\(\)|\[searchParams\]|parseListQuery\(\w+\.searchParams/g, ""),
  )
    ? ["(the whole searchParams)"]
    : []),
];

describe("the admin lists' one engine", () => {
  it("no admin route reads the address's query by itself, but for parameters that are no list's", () => {
    const found = Object.fromEntries(sources.map(({ file, text }) => [file, ownReads(text)]).filter(([, reads]) => reads!.length));
    expect(found).toEqual(NOT_LISTS);
  });

  it("every screen with list controls or a pager reads its query through readListQuery", () => {
    const screens = sources.filter(({ text }) => /<(ListControls|Pager)\b/.test(text)).map(({ file }) => file);
    expect(screens.length).toBeGreaterThanOrEqual(5);
    const readers = new Set(sources.filter(({ text }) => /\breadListQuery\(/.test(text)).map(({ file }) => file));
    // The queue's views (testimonials) load through the queue's loader.
    const loadsThroughQueue = (file: string) =>
      /queueLoader\(/.test(sources.find((s) => s.file === file.replace(/\.tsx$/, ".server.ts"))?.text ?? "");
    for (const screen of screens) {
      const server = screen.replace(/\.tsx$/, ".server.ts");
      expect(readers.has(server) || loadsThroughQueue(screen) || screen === "moderation.tsx", screen).toBe(true);
    }
    expect(readers.has("moderation.server.ts")).toBe(true);
    expect(readers.has("audit.server.ts")).toBe(true);
    expect(readers.has("export-audit.ts") && readers.has("export.server.ts")).toBe(true);
  });

  it("the check sees a route that reads its own parameters", () => {
    expect(ownReads(`const p = new URL(request.url).searchParams.get("pagina");`)).toEqual(["pagina"]);
    expect(ownReads(`const f = parse(url.searchParams);`)).toEqual(["(the whole searchParams)"]);
    expect(ownReads(`const [searchParams] = useSearchParams(); searchParams.get(name)`)).toEqual(["(computed: name)"]);
  });
});
