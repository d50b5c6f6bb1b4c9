import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The guides cannot drift: every file path one names in backticks exists, and so does every file a
// guide links to. A path with a placeholder (`app/routes/admin/<screen>.tsx`) needs its folder.

const DIR = "docs/guides";
const ROOTS = ["app/", "server/", "docs/", "tests/", "drizzle/", "scripts/", "public/"];

function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return spans.filter((span) => ROOTS.some((root) => span.startsWith(root)));
}

function linkedFiles(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
}

/** What must exist for a named path: the path itself, or the folder before its placeholder. */
const mustExist = (named: string) => (named.includes("<") ? named.slice(0, named.indexOf("<")).replace(/[^/]*$/, "") : named);

const guides = fs.readdirSync(DIR).filter((name) => name.endsWith(".md"));

describe("the guides", () => {
  it("are the recipes and their index", () => {
    expect(guides.sort()).toEqual([
      "README.md",
      "add-a-field-to-a-contribution.md",
      "add-a-public-page.md",
      "add-a-table-that-stores-files.md",
      "add-a-text.md",
      "add-an-admin-screen.md",
    ]);
  });

  it("find the paths they name and the files they link to", () => {
    expect(namedPaths("the `app/routes.ts` table, `npm run build`, `PAGES`, `app/x/<screen>.tsx`")).toEqual([
      "app/routes.ts",
      "app/x/<screen>.tsx",
    ]);
    expect(mustExist("app/x/<screen>.tsx")).toBe("app/x/");
    expect(linkedFiles("[a](a.md) [b](https://example.cat) [c](../decisions/017-x.md#why)")).toEqual(["a.md", "../decisions/017-x.md"]);
  });

  it.each(guides)("%s names only paths that exist", (name) => {
    const markdown = fs.readFileSync(path.join(DIR, name), "utf8");
    const missing = [
      ...namedPaths(markdown).filter((named) => !fs.existsSync(mustExist(named))),
      ...linkedFiles(markdown).filter((href) => !fs.existsSync(path.join(DIR, href))),
    ];
    expect(missing, `${name} names files that do not exist: fix the guide`).toEqual([]);
  });
});
