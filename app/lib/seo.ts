// Title, description, keywords and robots per path, as the spec asks. Unknown paths use
// the home entry; admin paths are never indexed.
interface SeoEntry {
  title: string;
  description: string;
}

const SITE = "Al Penedès, la bici ens mou!";
const KEYWORDS = "bicicleta, Penedès, mobilitat, pla director, carril bici, participació, Vivi";

const ENTRIES: Record<string, SeoEntry> = {
  "/": {
    title: `${SITE} | Pla director de la bicicleta del Penedès`,
    description: "Participa en el pla director de la bicicleta del Penedès 2025-2035: mapa de propostes, qüestionari, testimonis i agenda.",
  },
  "/de-que-va": {
    title: `De què va? | ${SITE}`,
    description: "Què és el pla director de la bicicleta del Penedès, les seves fases i com hi pots participar.",
  },
  "/ciutadania": { title: `Ciutadania | ${SITE}`, description: "La bici per viure millor cada dia al Penedès." },
  "/infants": { title: `Infants | ${SITE}`, description: "La bici per anar a l'escola i a l'institut." },
  "/laboral": { title: `Laboral | ${SITE}`, description: "La bici per anar a la feina sense estrès." },
  "/turistic": { title: `Turístic | ${SITE}`, description: "La bici per gaudir del nostre territori." },
  "/testimonis": {
    title: `Les veus del territori | ${SITE}`,
    description: "Escolta els testimonis d'àudio de la ciutadania i envia el teu.",
  },
  "/participa": {
    title: `Digues la teva | ${SITE}`,
    description: "Respon el qüestionari, comenta el mapa, escriu una reflexió o envia un àudio.",
  },
  "/segueixlavivi": {
    title: `Segueix la Vivi | ${SITE}`,
    description: "Les aventures de la Vivi, la bici fúcsia de la campanya, pel territori del Penedès.",
  },
  "/avis-legal-i-privacitat": {
    title: `Avís legal i privacitat | ${SITE}`,
    description: "Avís legal i política de privacitat del web de la campanya.",
  },
  "/politica-privacitat": {
    title: `Política de privacitat | ${SITE}`,
    description: "Com tractem les teves dades personals i com exercir els teus drets.",
  },
  "/politica-cookies": { title: `Política de cookies | ${SITE}`, description: "Quines galetes fem servir i com configurar-les." },
  "/recursos": { title: `Recursos de Campanya | ${SITE}`, description: "Materials de la campanya per descarregar i compartir." },
  "/aportacions": {
    title: `Totes les Aportacions | ${SITE}`,
    description: "Totes les reflexions, comentaris al mapa i testimonis de la ciutadania.",
  },
};

export function seoFor(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const isAdmin = path === "/admin" || path.startsWith("/admin/");
  const entry = ENTRIES[path] ?? (isAdmin ? { title: `Backoffice | ${SITE}`, description: ENTRIES["/"]!.description } : ENTRIES["/"]!);
  return [
    { title: entry.title },
    { name: "description", content: entry.description },
    { name: "keywords", content: KEYWORDS },
    { name: "robots", content: isAdmin ? "noindex, nofollow" : "index, follow" },
  ];
}
