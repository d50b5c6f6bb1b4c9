import type { Route } from "./+types/sitemap";
import { activeLandingSlugs } from "~/models/content.server";
import { paths, PUBLIC_PATHS } from "~/lib/routes";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The public pages and every active landing. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.env.PUBLIC_URL;
  const landings = await activeLandingSlugs(context.db);
  const urls = [
    ...PUBLIC_PATHS.map((path) => ({ loc: `${base}${path}`, lastmod: null as string | null })),
    ...landings.map((l) => ({ loc: `${base}${paths.landing(l.slug)}`, lastmod: l.updatedAt.toISOString().slice(0, 10) })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
