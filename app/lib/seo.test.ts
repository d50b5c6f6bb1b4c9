import { describe, expect, it } from "vitest";
import { translators } from "~/i18n/catalogues.server";
import { PUBLIC_PATHS, SEO_PATHS, seoFor as seoIn } from "./seo";

const seoFor = (path: string, base: string) =>
  seoIn(path, base, translators[path.startsWith("/es") ? "es" : path.startsWith("/en") ? "en" : "ca"]);
const CA_SEO_PATHS = SEO_PATHS.filter((p) => !/^\/(es|en)(\/|$)/.test(p));

const BASE = "https://bici.example.cat";
const content = (meta: ReturnType<typeof seoFor>, name: string) =>
  (meta.find((m) => "name" in m && m.name === name) as { content: string } | undefined)?.content;
const title = (meta: ReturnType<typeof seoFor>) => (meta.find((m) => "title" in m) as { title: string }).title;
const canonical = (meta: ReturnType<typeof seoFor>) =>
  (meta.find((m) => "rel" in m && m.rel === "canonical") as { href: string } | undefined)?.href;

const FORM_PAGES = [
  "/newsletter",
  "/participa/mapa",
  "/participa/reflexio",
  "/testimonis/enviar",
  "/denuncia",
  "/declaracio-accessibilitat/sollicitud",
  "/avis-legal-i-privacitat/drets",
];

describe("seoFor", () => {
  it("gives each public page its own title, description and keywords in each language, indexed, with its canonical URL", () => {
    for (const prefix of ["", "/es", "/en"]) {
      const pages = SEO_PATHS.filter((p) => (prefix ? p === prefix || p.startsWith(`${prefix}/`) : CA_SEO_PATHS.includes(p)));
      expect(pages).toHaveLength(CA_SEO_PATHS.length);
      const metas = pages.map((path) => seoFor(path, BASE));
      for (const key of ["title", "description", "keywords"]) {
        const values = metas.map((m) => (key === "title" ? title(m) : content(m, key)));
        expect(new Set(values).size, `${prefix} ${key}`).toBe(pages.length);
      }
    }
    // The open data's page (issue 31), in each language.
    expect(title(seoFor("/dades-obertes", BASE))).toBe("Dades obertes | Al Penedès, la bici ens mou!");
    expect(title(seoFor("/en/open-data", BASE))).toBe("Open data | Al Penedès, la bici ens mou!");
    expect(canonical(seoFor("/es/datos-abiertos", BASE))).toBe(`${BASE}/es/datos-abiertos`);
    const participa = seoFor("/participa", BASE);
    expect(title(participa)).toBe("Digues la teva | Al Penedès, la bici ens mou!");
    expect(content(participa, "robots")).toBe("index, follow");
    expect(content(participa, "keywords")).toMatch(/^digues la teva, .*, bicicleta, Penedès/);
    expect(canonical(participa)).toBe(`${BASE}/participa`);
  });

  it("keeps the form pages that stand in for dialogs out of search results, with their own Catalan texts", () => {
    const home = seoFor("/", BASE);
    for (const path of FORM_PAGES) {
      const meta = seoFor(path, BASE);
      expect(content(meta, "robots"), path).toBe("noindex, follow");
      expect(title(meta), path).not.toBe(title(home));
      expect(content(meta, "description"), path).not.toBe(content(home, "description"));
      expect(canonical(meta), path).toBeUndefined();
      expect(PUBLIC_PATHS, path).not.toContain(path);
    }
    expect(title(seoFor("/participa/mapa/", BASE))).toBe("Comenta el mapa | Al Penedès, la bici ens mou!");
  });

  it("never indexes nor follows the back office, and uses the home entry for unknown paths", () => {
    for (const path of ["/admin", "/admin/login", "/admin/testimonis"]) {
      expect(content(seoFor(path, BASE), "robots"), path).toBe("noindex, nofollow");
      expect(canonical(seoFor(path, BASE)), path).toBeUndefined();
    }
    const unknown = seoFor("/no-existeix", BASE);
    expect(title(unknown)).toBe(title(seoFor("/", BASE)));
    expect(content(unknown, "robots")).toBe("index, follow");
  });

  it("lists the indexable public pages for the sitemap", () => {
    expect(PUBLIC_PATHS).toContain("/");
    expect(PUBLIC_PATHS).toContain("/aportacions");
    expect(PUBLIC_PATHS).toHaveLength(SEO_PATHS.length - 3 * FORM_PAGES.length);
    expect(CA_SEO_PATHS).toHaveLength(SEO_PATHS.length / 3);
  });

  it("names the page's alternates in the three languages and x-default, and its language's og:locale", () => {
    const links = (meta: ReturnType<typeof seoFor>) =>
      meta
        .filter((m) => "rel" in m && m.rel === "alternate")
        .map((m) => `${(m as { hrefLang: string }).hrefLang} ${(m as { href: string }).href}`);
    const expected = [`ca ${BASE}/participa`, `es ${BASE}/es/participa`, `en ${BASE}/en/take-part`, `x-default ${BASE}/participa`];
    expect(links(seoFor("/participa", BASE))).toEqual(expected);
    expect(links(seoFor("/en/take-part", BASE))).toEqual(expected);
    const en = seoFor("/en/take-part", BASE);
    expect(title(en)).toBe("Have your say | Al Penedès, la bici ens mou!");
    expect(canonical(en)).toBe(`${BASE}/en/take-part`);
    expect(en.find((m) => "property" in m && m.property === "og:locale")).toEqual({ property: "og:locale", content: "en_GB" });
    expect(links(seoFor("/es/participa/mapa", BASE))).toEqual([]);
    expect(links(seoFor("/admin", BASE))).toEqual([]);
  });
});
