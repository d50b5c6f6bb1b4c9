// Title, description, keywords and robots per path, as the spec asks, plus a canonical URL and
// Open Graph / Twitter card tags with an image. Unknown paths use the home entry; admin paths
// are never indexed.
import type { MetaDescriptor } from "react-router";

interface SeoEntry {
  title: string;
  description: string;
  /** This page's own keywords; the campaign's are added after them. */
  keywords: string;
  /** The form pages that stand in for a dialog without JavaScript: search engines follow their
   * links but list the page with the dialog instead. */
  noindex?: true;
}

export const SITE_NAME = "Al Penedès, la bici ens mou!";
const CAMPAIGN_KEYWORDS = "bicicleta, Penedès, mobilitat, pla director de la bicicleta";
const OG_IMAGE = "/images/og.jpg";

export const SEO_ENTRIES: Record<string, SeoEntry> = {
  "/": {
    title: `${SITE_NAME} | Pla director de la bicicleta del Penedès`,
    description: "Participa en el pla director de la bicicleta del Penedès 2025-2035: mapa de propostes, qüestionari, testimonis i agenda.",
    keywords: "carril bici, participació ciutadana, mapa de propostes, agenda, la Vivi",
  },
  "/de-que-va": {
    title: `De què va? | ${SITE_NAME}`,
    description: "Què és el pla director de la bicicleta del Penedès, les seves fases i com hi pots participar.",
    keywords: "pla director 2025-2035, fases del projecte, fons europeus, xarxa ciclable",
  },
  "/ciutadania": {
    title: `Ciutadania | ${SITE_NAME}`,
    description: "La bici per viure millor cada dia al Penedès.",
    keywords: "ciutadania, bici cada dia, salut, qualitat de vida",
  },
  "/infants": {
    title: `Infants | ${SITE_NAME}`,
    description: "La bici per anar a l'escola i a l'institut.",
    keywords: "infants, camí escolar, anar a l'escola en bici, institut",
  },
  "/laboral": {
    title: `Laboral | ${SITE_NAME}`,
    description: "La bici per anar a la feina sense estrès.",
    keywords: "anar a la feina en bici, mobilitat laboral, polígons, estacions",
  },
  "/turistic": {
    title: `Turístic | ${SITE_NAME}`,
    description: "La bici per gaudir del nostre territori.",
    keywords: "cicloturisme, rutes en bici, vinyes, territori",
  },
  "/testimonis": {
    title: `Les veus del territori | ${SITE_NAME}`,
    description: "Escolta els testimonis d'àudio de la ciutadania i envia el teu.",
    keywords: "testimonis, àudio, veus del territori, experiències en bici",
  },
  "/participa": {
    title: `Digues la teva | ${SITE_NAME}`,
    description: "Respon el qüestionari, comenta el mapa, escriu una reflexió o envia un àudio.",
    keywords: "digues la teva, qüestionari participatiu, comentaris al mapa, reflexions",
  },
  "/segueixlavivi": {
    title: `Segueix la Vivi | ${SITE_NAME}`,
    description: "Les aventures de la Vivi, la bici fúcsia de la campanya, pel territori del Penedès.",
    keywords: "la Vivi, bici fúcsia, concursos, premis, #penedeslabiciensmou",
  },
  "/avis-legal-i-privacitat": {
    title: `Avís legal i privacitat | ${SITE_NAME}`,
    description: "Avís legal i política de privacitat del web de la campanya.",
    keywords: "avís legal, privacitat, protecció de dades",
  },
  "/politica-privacitat": {
    title: `Política de privacitat | ${SITE_NAME}`,
    description: "Com tractem les teves dades personals i com exercir els teus drets.",
    keywords: "política de privacitat, dades personals, drets",
  },
  "/politica-cookies": {
    title: `Política de cookies | ${SITE_NAME}`,
    description: "Quines galetes fem servir i com configurar-les.",
    keywords: "galetes, cookies, configuració",
  },
  "/recursos": {
    title: `Recursos de Campanya | ${SITE_NAME}`,
    description: "Materials de la campanya per descarregar i compartir.",
    keywords: "recursos, materials de campanya, descàrregues",
  },
  "/aportacions": {
    title: `Totes les Aportacions | ${SITE_NAME}`,
    description: "Totes les reflexions, comentaris al mapa i testimonis de la ciutadania.",
    keywords: "aportacions, reflexions, comentaris al mapa, testimonis",
  },
  "/newsletter": {
    title: `Newsletter | ${SITE_NAME}`,
    description: "Subscriu-te a la newsletter per rebre les novetats de la campanya.",
    keywords: "newsletter, subscripció, novetats",
    noindex: true,
  },
  "/participa/mapa": {
    title: `Comenta el mapa | ${SITE_NAME}`,
    description: "Consulta el mapa interactiu de propostes i deixa-hi el teu comentari.",
    keywords: "mapa interactiu, propostes, comentaris al mapa",
    noindex: true,
  },
  "/participa/reflexio": {
    title: `Escriu una reflexió | ${SITE_NAME}`,
    description: "Explica com t'agradaria moure't en bici pel Penedès.",
    keywords: "reflexió, participació ciutadana, propostes",
    noindex: true,
  },
  "/testimonis/enviar": {
    title: `Envia el teu testimoni | ${SITE_NAME}`,
    description: "Envia'ns un àudio breu amb la teva experiència en bici.",
    keywords: "testimoni d'àudio, enviar àudio, experiències en bici",
    noindex: true,
  },
};

/** Public pages for the sitemap (landings are added from the database); not the ones kept out
 * of search results. */
export const PUBLIC_PATHS = Object.keys(SEO_ENTRIES).filter((path) => !SEO_ENTRIES[path]!.noindex);

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
