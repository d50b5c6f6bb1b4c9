import type { Route } from "./+types/sitemap";
import { activeLandingSlugs } from "~/models/content.server";
import { LOCALES } from "~/i18n/locales";
import { alternatesOf, localePaths, PAGE_BY_PATH, PUBLIC_PATHS } from "~/lib/routes";
import { publicResultDates } from "~/models/results.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The public pages and every active landing, in each language, each naming its alternates
 * (decision 059) as search engines read them: xhtml:link with hreflang, x-default the Catalan one.
 * The plan's tracker and each public result are there while at least one result is public
 * (decision 069), as the header's link to it. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.env.PUBLIC_URL;
  const [landings, results] = await Promise.all([activeLandingSlugs(context.db), publicResultDates(context.db)]);
  const urls = [
    ...PUBLIC_PATHS.filter((path) => results.length > 0 || PAGE_BY_PATH.get(path)?.name !== "tracker").map((path) => ({
      path,
      lastmod: null as string | null,
    })),
    ...results.flatMap((r) =>
      LOCALES.map((locale) => ({ path: localePaths(locale).trackerResult(r.id), lastmod: r.updatedAt.toISOString().slice(0, 10) })),
    ),
    ...landings.flatMap((l) =>
      LOCALES.map((locale) => ({ path: localePaths(locale).landing(l.slug), lastmod: l.updatedAt.toISOString().slice(0, 10) })),
    ),
  ];
  const link = (lang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(`${base}${path}`)}"/>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map((u) => {
      const alternates = alternatesOf(u.path);
      const links = alternates ? [...LOCALES.map((l) => link(l, alternates[l])), link("x-default", alternates.ca)].join("") : "";
      return `  <url><loc>${escapeXml(`${base}${u.path}`)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}${links}</url>`;
    }),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
