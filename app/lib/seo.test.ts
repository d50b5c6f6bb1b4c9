import { describe, expect, it } from "vitest";
import { PUBLIC_PATHS, SEO_ENTRIES, seoFor } from "./seo";

const BASE = "https://bici.example.cat";
const content = (meta: ReturnType<typeof seoFor>, name: string) =>
  (meta.find((m) => "name" in m && m.name === name) as { content: string } | undefined)?.content;
const title = (meta: ReturnType<typeof seoFor>) => (meta.find((m) => "title" in m) as { title: string }).title;
const canonical = (meta: ReturnType<typeof seoFor>) =>
  (meta.find((m) => "rel" in m && m.rel === "canonical") as { href: string } | undefined)?.href;

const FORM_PAGES = ["/newsletter", "/participa/mapa", "/participa/reflexio", "/testimonis/enviar", "/denuncia"];

describe("seoFor", () => {
  it("gives each public page its own title, description and keywords, indexed, with its canonical URL", () => {
    const pages = Object.keys(SEO_ENTRIES);
    const metas = pages.map((path) => seoFor(path, BASE));
    for (const key of ["title", "description", "keywords"]) {
      const values = metas.map((m) => (key === "title" ? title(m) : content(m, key)));
      expect(new Set(values).size, key).toBe(pages.length);
    }
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
    expect(PUBLIC_PATHS).toHaveLength(Object.keys(SEO_ENTRIES).length - FORM_PAGES.length);
  });
});
