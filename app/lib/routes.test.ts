import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { FOOTER_NAV, HEADER_NAV, PAGE_PARAMS, PAGES, PUBLIC_PAGES, PUBLIC_PATHS } from "./routes";
import { SEO_ENTRIES } from "./seo";

type Entry = (typeof routes)[number];

/** Every page of the route table outside the back office and the resource routes, as "/path file". */
function publicRoutes(): string[] {
  const out: string[] = [];
  const walk = (entries: Entry[], base: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      if (full.startsWith("/admin") || ["/robots.txt", "/sitemap.xml", "/agenda/:file", "/api/map-comments.geojson", "/*"].includes(full))
        continue;
      if (entry.index || entry.path) out.push(`${full || "/"} ${entry.file}`);
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(routes, "");
  return out.sort();
}

describe("the site registry", () => {
  it("declares every public page of the route table, once", () => {
    expect(publicRoutes()).toEqual(PUBLIC_PAGES.map((p) => `${p.path} ${p.file}`).sort());
    expect(new Set(PUBLIC_PAGES.map((p) => p.path)).size).toBe(PUBLIC_PAGES.length);
  });

  it("gives every page but those titled by their own loader (landings, the newsletter's links) its SEO entry; the sitemap lists the indexable ones", () => {
    const withoutSeo = PUBLIC_PAGES.filter((p) => !p.seo).map((p) => p.path);
    expect(withoutSeo).toEqual([PAGES.landing.path, PAGES.newsletterConfirm.path, PAGES.newsletterUnsubscribe.path]);
    expect(Object.keys(SEO_ENTRIES)).toHaveLength(PUBLIC_PAGES.length - 3);
    expect(PUBLIC_PATHS).toEqual(PUBLIC_PAGES.filter((p) => p.seo && !p.seo.noindex).map((p) => p.path));
  });

  it("names every query parameter a page's module reads, so the page cache keeps it", () => {
    for (const page of PUBLIC_PAGES) {
      const source = fs.readFileSync(path.join("app", page.file), "utf8");
      const read = [...source.matchAll(/(?:searchParams|params)\.get\("([^"]+)"\)/g)].map((m) => m[1]);
      expect([...(PAGE_PARAMS[page.path] ?? [])].sort(), page.path).toEqual([...new Set(read)].sort());
    }
  });

  it("links the header and the footer to registered pages (or a section of the home page)", () => {
    const known = new Set(PUBLIC_PAGES.map((p) => p.path));
    for (const item of [...HEADER_NAV, ...FOOTER_NAV]) {
      expect(item.label, item.to).toMatch(/\S/);
      expect(known.has(item.to.split("#")[0]!), item.to).toBe(true);
    }
    expect(HEADER_NAV.map((i) => i.label)).toEqual(["DIGUES LA TEVA", "SEGUEIX LA VIVI", "AGENDA", "SABER-NE MÉS"]);
    expect(FOOTER_NAV.map((i) => i.label)).toEqual(["Recursos", "Avís legal i privacitat", "Política de cookies"]);
  });
});
