// Title, description, keywords and robots per path, as the spec asks, plus a canonical URL and
// Open Graph / Twitter card tags with an image. Unknown paths use the home entry; admin paths
// are never indexed.
import type { MetaDescriptor } from "react-router";

interface SeoEntry {
  title: string;
  description: string;
}

export const SITE_NAME = "Al Penedès, la bici ens mou!";
const KEYWORDS = "bicicleta, Penedès, mobilitat, pla director, carril bici, participació, Vivi";
const OG_IMAGE = "/images/og.jpg";

export const SEO_ENTRIES: Record<string, SeoEntry> = {
  "/": {
    title: `${SITE_NAME} | Pla director de la bicicleta del Penedès`,
    description: "Participa en el pla director de la bicicleta del Penedès 2025-2035: mapa de propostes, qüestionari, testimonis i agenda.",
  },
  "/de-que-va": {
    title: `De què va? | ${SITE_NAME}`,
    description: "Què és el pla director de la bicicleta del Penedès, les seves fases i com hi pots participar.",
  },
  "/ciutadania": { title: `Ciutadania | ${SITE_NAME}`, description: "La bici per viure millor cada dia al Penedès." },
  "/infants": { title: `Infants | ${SITE_NAME}`, description: "La bici per anar a l'escola i a l'institut." },
  "/laboral": { title: `Laboral | ${SITE_NAME}`, description: "La bici per anar a la feina sense estrès." },
  "/turistic": { title: `Turístic | ${SITE_NAME}`, description: "La bici per gaudir del nostre territori." },
  "/testimonis": {
    title: `Les veus del territori | ${SITE_NAME}`,
    description: "Escolta els testimonis d'àudio de la ciutadania i envia el teu.",
  },
  "/participa": {
    title: `Digues la teva | ${SITE_NAME}`,
    description: "Respon el qüestionari, comenta el mapa, escriu una reflexió o envia un àudio.",
  },
  "/segueixlavivi": {
    title: `Segueix la Vivi | ${SITE_NAME}`,
    description: "Les aventures de la Vivi, la bici fúcsia de la campanya, pel territori del Penedès.",
  },
  "/avis-legal-i-privacitat": {
    title: `Avís legal i privacitat | ${SITE_NAME}`,
    description: "Avís legal i política de privacitat del web de la campanya.",
  },
  "/politica-privacitat": {
    title: `Política de privacitat | ${SITE_NAME}`,
    description: "Com tractem les teves dades personals i com exercir els teus drets.",
  },
  "/politica-cookies": { title: `Política de cookies | ${SITE_NAME}`, description: "Quines galetes fem servir i com configurar-les." },
  "/recursos": { title: `Recursos de Campanya | ${SITE_NAME}`, description: "Materials de la campanya per descarregar i compartir." },
  "/aportacions": {
    title: `Totes les Aportacions | ${SITE_NAME}`,
    description: "Totes les reflexions, comentaris al mapa i testimonis de la ciutadania.",
  },
};

/** Public pages for the sitemap (landings are added from the database). */
export const PUBLIC_PATHS = Object.keys(SEO_ENTRIES);

export function seoFor(pathname: string, publicUrl: string, override?: Partial<SeoEntry>): MetaDescriptor[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const isAdmin = path === "/admin" || path.startsWith("/admin/");
  const base =
    SEO_ENTRIES[path] ?? (isAdmin ? { title: `Backoffice | ${SITE_NAME}`, description: SEO_ENTRIES["/"]!.description } : SEO_ENTRIES["/"]!);
  const { title, description } = { ...base, ...override };
  const url = `${publicUrl}${path === "/" ? "/" : path}`;
  const image = `${publicUrl}${OG_IMAGE}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: KEYWORDS },
    { name: "robots", content: isAdmin ? "noindex, nofollow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
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
