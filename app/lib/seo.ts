// Title, description, keywords and robots per path, from the site registry (routes.ts), plus a
// canonical URL and Open Graph / Twitter card tags with an image. Unknown paths use the home
// entry; admin paths are never indexed.
import type { MetaDescriptor } from "react-router";
import { OF_SITE_NAME, PUBLIC_PAGES, PUBLIC_PATHS, SITE_NAME, type SeoEntry } from "./routes";

export { OF_SITE_NAME, PUBLIC_PATHS, SITE_NAME };

const CAMPAIGN_KEYWORDS = "bicicleta, Penedès, mobilitat, pla director de la bicicleta";
const OG_IMAGE = "/images/og.jpg";

/** The SEO entry of each public page that has one, by path (from the site registry). */
export const SEO_ENTRIES: Record<string, SeoEntry> = Object.fromEntries(PUBLIC_PAGES.flatMap((p) => (p.seo ? [[p.path, p.seo]] : [])));

const ADMIN_ENTRY: SeoEntry = {
  title: `Backoffice | ${SITE_NAME}`,
  description: SEO_ENTRIES["/"]!.description,
  keywords: SEO_ENTRIES["/"]!.keywords,
};

export function seoFor(pathname: string, publicUrl: string, override?: Partial<Pick<SeoEntry, "title" | "description">>): MetaDescriptor[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const isAdmin = path === "/admin" || path.startsWith("/admin/");
  const base = isAdmin ? ADMIN_ENTRY : (SEO_ENTRIES[path] ?? SEO_ENTRIES["/"]!);
  const { title, description } = { ...base, ...override };
  const robots = isAdmin ? "noindex, nofollow" : base.noindex ? "noindex, follow" : "index, follow";
  const url = `${publicUrl}${path === "/" ? "/" : path}`;
  const image = `${publicUrl}${OG_IMAGE}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: `${base.keywords}, ${CAMPAIGN_KEYWORDS}` },
    { name: "robots", content: robots },
    // A page kept out of search results names no canonical URL (it would say the opposite).
    ...(robots === "index, follow" ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "ca_ES" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: "Una bici fúcsia entre les vinyes del Penedès" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
