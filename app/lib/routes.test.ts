import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { translators } from "~/i18n/catalogues.server";
import { LOCALES } from "~/i18n/locales";
import { alternatesOf, footerNav, headerNav, pageParams, PAGES, PUBLIC_PAGES, PUBLIC_PATHS, TRACKER_MAP_DATA } from "./routes";
import { OPEN_DATA_FILES } from "./open-data";
import { SEO_PATHS } from "./seo";

type Entry = (typeof routes)[number];

/** Every page of the route table outside the back office and the resource routes, as "/path file". */
function publicRoutes(): string[] {
  const out: string[] = [];
  const walk = (entries: Entry[], base: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      if (
        full.startsWith("/admin") ||
        [
          "/robots.txt",
          "/sitemap.xml",
          "/agenda/:file",
          "/api/map-comments.geojson",
          "/api/seguiment-del-pla.csv",
          "/api/seguiment-del-pla.geojson",
          TRACKER_MAP_DATA,
          ...[OPEN_DATA_FILES.contributionsCsv, OPEN_DATA_FILES.contributionsGeoJson, OPEN_DATA_FILES.catalogue],
          "/*",
          "/es/*",
          "/en/*",
        ].includes(full)
      )
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
    const withoutSeo = PUBLIC_PAGES.filter((p) => !p.seo && p.locale === "ca").map((p) => p.path);
    expect(withoutSeo).toEqual([
      PAGES.landing.path,
      PAGES.trackerResult.path,
      PAGES.newsletterConfirm.path,
      PAGES.newsletterUnsubscribe.path,
      PAGES.rightsConfirm.path,
      PAGES.trackerConfirm.path,
      PAGES.trackerUnsubscribe.path,
      PAGES.answerMailStop.path,
    ]);
    expect(SEO_PATHS).toHaveLength(PUBLIC_PAGES.length - 8 * LOCALES.length);
    expect(PUBLIC_PATHS).toEqual(PUBLIC_PAGES.filter((p) => p.seo && !p.seo.noindex).map((p) => p.path));
  });

  it("names every query parameter a page's module reads (or the tracker's filter reader, which its map's data shares), so the page cache keeps it", () => {
    const reads = (file: string): string[] => {
      const source = fs.readFileSync(path.join("app", file), "utf8");
      const own = [...source.matchAll(/(?:searchParams|params)\.get\("([^"]+)"\)/g)].map((m) => m[1]!);
      const reader = "models/results.server.ts";
      return file !== reader && source.includes("trackerFiltersOf(") ? [...own, ...reads(reader)] : own;
    };
    const PAGE_PARAMS = pageParams();
    for (const page of PUBLIC_PAGES)
      expect([...(PAGE_PARAMS[page.path] ?? [])].sort(), page.path).toEqual([...new Set(reads(page.file))].sort());
    expect([...PAGE_PARAMS[TRACKER_MAP_DATA]!].sort()).toEqual([...new Set(reads("routes/api/results-map.ts"))].sort());
  });

  it("links the header and the footer to registered pages (or a section of the home page), in each language", () => {
    const known = new Set(PUBLIC_PAGES.map((p) => p.path));
    for (const locale of LOCALES)
      for (const item of [...headerNav(locale), ...footerNav(locale)]) {
        expect(translators[locale](item.label), item.to).toMatch(/\S/);
        expect(known.has(item.to.split("#")[0]!.replace(/\/$/, "") || "/"), item.to).toBe(true);
        expect(PUBLIC_PAGES.find((p) => p.path === (item.to.split("#")[0]!.replace(/\/$/, "") || "/"))?.locale, item.to).toBe(locale);
      }
    const t = translators.ca;
    expect(headerNav("ca").map((i) => t(i.label))).toEqual(["DIGUES LA TEVA", "SEGUEIX LA VIVI", "AGENDA", "SABER-NE MÉS"]);
    // The plan's tracker joins the header while a result is public (issue 35).
    expect(headerNav("ca", { tracker: true }).map((i) => t(i.label))).toEqual([
      "DIGUES LA TEVA",
      "SEGUEIX LA VIVI",
      "AGENDA",
      "SEGUIMENT DEL PLA",
      "SABER-NE MÉS",
    ]);
    expect(headerNav("en", { tracker: true }).find((i) => i.label === "public.nav.tracker")!.to).toBe("/en/plan-progress");
    // The council's report joins it while an answer is published (issue 31), before the tracker.
    expect(headerNav("ca", { heard: true, tracker: true }).map((i) => t(i.label))).toEqual([
      "DIGUES LA TEVA",
      "SEGUEIX LA VIVI",
      "AGENDA",
      "QUÈ HEM ESCOLTAT",
      "SEGUIMENT DEL PLA",
      "SABER-NE MÉS",
    ]);
    for (const [locale, to] of [
      ["ca", "/que-hem-escoltat"],
      ["es", "/es/que-hemos-escuchado"],
      ["en", "/en/what-we-heard"],
    ] as const)
      expect(headerNav(locale, { heard: true }).find((i) => i.label === "public.nav.heard")!.to).toBe(to);
    expect(footerNav("ca").map((i) => t(i.label))).toEqual([
      "Recursos",
      "Dades obertes",
      "Avís legal i privacitat",
      "Política de cookies",
      "Declaració d'accessibilitat",
    ]);
  });

  it("gives every page an address in each language, Catalan unchanged at the root, and finds its alternates from any of them", () => {
    expect(PUBLIC_PAGES.filter((p) => p.locale === "ca").map((p) => p.path)).toEqual(Object.values(PAGES).map((p) => p.path));
    for (const locale of ["es", "en"] as const)
      for (const p of PUBLIC_PAGES.filter((q) => q.locale === locale)) expect(p.path, p.name).toMatch(new RegExp(`^/${locale}(/|$)`));
    expect(alternatesOf("/testimonis")).toEqual({ ca: "/testimonis", es: "/es/testimonios", en: "/en/testimonials" });
    expect(alternatesOf("/en/about/")).toEqual({ ca: "/de-que-va", es: "/es/de-que-va", en: "/en/about" });
    expect(alternatesOf("/es")).toEqual({ ca: "/", es: "/es", en: "/en" });
    expect(alternatesOf("/es/landing/estiu")).toEqual({ ca: "/landing/estiu", es: "/es/landing/estiu", en: "/en/landing/estiu" });
    expect(alternatesOf("/no-existeix")).toBeNull();
  });
});
