// Title, description, keywords and robots per path, from the site registry (routes.ts) and the
// catalogue (public.seo.<page>.*), in the address's language, plus a canonical URL, the page's
// alternates in the other languages (hreflang, with x-default the Catalan one) and Open Graph /
// Twitter card tags with an image. Unknown paths use the home entry; admin paths are never indexed.
import type { MetaDescriptor } from "react-router";
import type { ClientKey } from "../i18n/catalogue";
import { LOCALES, localeOf, OG_LOCALE } from "../i18n/locales";
import { alternatesOf, OF_SITE_NAME, PAGE_BY_PATH, pathOf, PUBLIC_PAGES, PUBLIC_PATHS, SITE_NAME, type PageName } from "./routes";

export { OF_SITE_NAME, PUBLIC_PATHS, SITE_NAME };

const OG_IMAGE = "/images/og.jpg";

/** The paths of the pages that have their SEO texts in the catalogue, in every language. */
export const SEO_PATHS: readonly string[] = PUBLIC_PAGES.filter((p) => p.seo).map((p) => p.path);

export type SeoTranslate = (key: ClientKey) => string;

/** A page's title as the tab shows it: "Digues la teva | Al Penedès, la bici ens mou!". */
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;

function seoTexts(name: PageName | "admin", t: SeoTranslate) {
  const key = (part: "title" | "description" | "keywords") => `public.seo.${name === "admin" ? "home" : name}.${part}` as ClientKey;
  return {
    // The home page's title leads with the campaign's name.
    title: name === "home" ? `${SITE_NAME} | ${t(key("title"))}` : pageTitle(t(name === "admin" ? "public.seo.admin.title" : key("title"))),
    description: t(key("description")),
    keywords: t(key("keywords")),
  };
}

export function seoFor(
  pathname: string,
  publicUrl: string,
  t: SeoTranslate,
  override?: Partial<{ title: string; description: string }>,
): MetaDescriptor[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const isAdmin = path === "/admin" || path.startsWith("/admin/");
  const locale = isAdmin ? "ca" : localeOf(path);
  const page = PAGE_BY_PATH.get(path);
  const known = page?.seo ? page : undefined;
  const name: PageName | "admin" = isAdmin ? "admin" : (known?.name ?? "home");
  const base = seoTexts(name, t);
  const { title, description } = { ...base, ...override };
  const robots = isAdmin ? "noindex, nofollow" : known?.seo?.noindex ? "noindex, follow" : "index, follow";
  const homePath = pathOf("home", locale);
  const shown = known || override ? path : homePath;
  const url = `${publicUrl}${shown}`;
  const image = `${publicUrl}${OG_IMAGE}`;
  const indexed = robots === "index, follow";
  // The same page in the other languages (a page kept out of search results names none).
  const alternates = indexed && !isAdmin ? alternatesOf(known || override ? path : homePath) : null;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: `${base.keywords}, ${t("public.seo.campaignKeywords")}` },
    { name: "robots", content: robots },
    // A page kept out of search results names no canonical URL (it would say the opposite).
    ...(indexed ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    ...(alternates
      ? [
          ...LOCALES.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: `${publicUrl}${alternates[l]}` })),
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${publicUrl}${alternates.ca}` },
        ]
      : []),
    { property: "og:type", content: "website" },
    { property: "og:locale", content: OG_LOCALE[locale] },
    ...LOCALES.filter((l) => l !== locale).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALE[l] })),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: t("public.seo.ogImageAlt") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
