import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

// Decision 059: a date or a number is written in the page's language, which comes from the address.
// So no code names a locale of its own: the Intl locales are written once, in app/i18n/locales.ts
// (INTL_LOCALE, formatNumber), and the dates' helpers in app/lib/dates.ts take a locale.

const OWN = "app/i18n/locales.ts";
const files = execFileSync("git", ["ls-files", "app", "server"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== OWN && fs.existsSync(f));

describe("locales in code", () => {
  it("are never written outside app/i18n/locales.ts: no 'ca-ES', no toLocaleString('…')", () => {
    const found: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, "utf8");
      for (const [i, line] of source.split("\n").entries())
        // A formatter read only by its parts ("locale-neutral") shows nothing to anyone.
        if (/["'`](ca|es|en)-(ES|GB)["'`]|toLocale(Date|Time)?String\(\s*["'`]/.test(line) && !line.includes("locale-neutral"))
          found.push(`${file}:${i + 1}: ${line.trim()}`);
    }
    expect(found).toEqual([]);
  });
});
