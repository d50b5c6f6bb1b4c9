import { CAMPAIGN } from "../domain/campaign";
import { categoryLabels, type Category } from "../domain/themes";

// The site registry (decision 020): each public page is declared here once, and the route table
// (app/routes.ts), the SEO tags (seo.ts), the sitemap, the header and footer navigation and the
// page cache (server/page-cache.ts) read it. Client-safe: no server or database imports, and
// relative imports only (the route table and tests/fuzz load it outside Vite).

export const SITE_NAME = CAMPAIGN.name;
/** "de" before the campaign's name, elided as Catalan writes it before a vowel or an h ("d'Al Penedès"). */
export const OF_SITE_NAME = /^[aeiouàèéíïòóúüh]/i.test(SITE_NAME) ? `d'${SITE_NAME}` : `de ${SITE_NAME}`;

export interface SeoEntry {
  title: string;
  description: string;
  /** This page's own keywords; the campaign's are added after them. */
  keywords: string;
  /** The form pages that stand in for a dialog without JavaScript: search engines follow their
   * links but list the page with the dialog instead (so they are not in the sitemap either). */
  noindex?: true;
}

export interface PublicPage {
  /** The address, as React Router matches it ("/landing/:slug"). */
  path: string;
  /** The route module, from app/. */
  file: string;
  /** The route id, for a module that serves more than one page; otherwise React Router's own. */
  id?: string;
  /** Title, description and keywords; a page without one (a landing) brings its own. */
  seo?: SeoEntry;
  /** The query parameters the page reads: the page cache keeps these and drops any other. */
  params?: readonly string[];
  /** Its label in the header's or the footer's navigation. */
  nav?: { header?: string; footer?: string };
}

const page = (
  path: string,
  file: string,
  seo: Omit<SeoEntry, "title"> & { title: string },
  more: Omit<PublicPage, "path" | "file" | "seo"> = {},
) => ({
  path,
  file: `routes/${file}`,
  ...more,
  seo: { ...seo, title: `${seo.title} | ${SITE_NAME}` },
});

/** The page a participation form posts to (app/routes/participation/), kept out of search results. */
const formPage = (path: string, file: string, title: string, description: string, keywords: string) =>
  page(path, `participation/${file}`, { title, description, keywords, noindex: true });

const ambit = (scope: Category, description: string, keywords: string) =>
  page(`/${scope}`, "ambit.tsx", { title: categoryLabels[scope], description, keywords }, { id: `ambit-${scope}` });

/** Every public page, in the order of the route table. */
export const PAGES = {
  home: {
    path: "/",
    file: "routes/home.tsx",
    seo: {
      title: `${SITE_NAME} | Pla director de la bicicleta del Penedès`,
      description:
        "Participa en el pla director de la bicicleta del Penedès 2025-2035: mapa de propostes, qüestionari, testimonis i agenda.",
      keywords: "carril bici, participació ciutadana, mapa de propostes, agenda, la Vivi",
    },
  },
  initiative: page(
    "/de-que-va",
    "de-que-va.tsx",
    {
      title: "De què va?",
      description: "Què és el pla director de la bicicleta del Penedès, les seves fases i com hi pots participar.",
      keywords: "pla director 2025-2035, fases del projecte, fons europeus, xarxa ciclable",
    },
    { nav: { header: "SABER-NE MÉS" } },
  ),
  ciutadania: ambit("ciutadania", "La bici per viure millor cada dia al Penedès.", "ciutadania, bici cada dia, salut, qualitat de vida"),
  infants: ambit("infants", "La bici per anar a l'escola i a l'institut.", "infants, camí escolar, anar a l'escola en bici, institut"),
  laboral: ambit("laboral", "La bici per anar a la feina sense estrès.", "anar a la feina en bici, mobilitat laboral, polígons, estacions"),
  turistic: ambit("turistic", "La bici per gaudir del nostre territori.", "cicloturisme, rutes en bici, vinyes, territori"),
  testimonis: page(
    "/testimonis",
    "testimonis.tsx",
    {
      title: "Les veus del territori",
      description: "Escolta els testimonis d'àudio de la ciutadania i envia el teu.",
      keywords: "testimonis, àudio, veus del territori, experiències en bici",
    },
    { params: ["ambit"] },
  ),
  participa: page(
    "/participa",
    "participa.tsx",
    {
      title: "Digues la teva",
      description: "Respon el qüestionari, comenta el mapa, escriu una reflexió o envia un àudio.",
      keywords: "digues la teva, qüestionari participatiu, comentaris al mapa, reflexions",
    },
    { nav: { header: "DIGUES LA TEVA" } },
  ),
  vivi: page(
    "/segueixlavivi",
    "segueixlavivi.tsx",
    {
      title: "Segueix la Vivi",
      description: "Les aventures de la Vivi, la bici fúcsia de la campanya, pel territori del Penedès.",
      keywords: "la Vivi, bici fúcsia, concursos, premis, #penedeslabiciensmou",
    },
    { nav: { header: "SEGUEIX LA VIVI" } },
  ),
  legal: page(
    "/avis-legal-i-privacitat",
    "avis-legal.tsx",
    {
      title: "Avís legal i privacitat",
      description: "Avís legal i política de privacitat del web de la campanya.",
      keywords: "avís legal, privacitat, protecció de dades",
    },
    { id: "avis-legal", nav: { footer: "Avís legal i privacitat" } },
  ),
  privacy: page(
    "/politica-privacitat",
    "avis-legal.tsx",
    {
      title: "Política de privacitat",
      description: "Com tractem les teves dades personals i com exercir els teus drets.",
      keywords: "política de privacitat, dades personals, drets",
    },
    { id: "politica-privacitat" },
  ),
  cookies: page(
    "/politica-cookies",
    "politica-cookies.tsx",
    {
      title: "Política de cookies",
      description: "Quines cookies fem servir i com configurar-les.",
      keywords: "cookies, galetes, configuració",
    },
    { nav: { footer: "Política de cookies" } },
  ),
  recursos: page(
    "/recursos",
    "recursos.tsx",
    {
      title: "Recursos de Campanya",
      description: "Materials de la campanya per descarregar i compartir.",
      keywords: "recursos, materials de campanya, descàrregues",
    },
    { nav: { footer: "Recursos" } },
  ),
  aportacions: page(
    "/aportacions",
    "aportacions.tsx",
    {
      title: "Totes les Aportacions",
      description: "Totes les reflexions, comentaris al mapa i testimonis de la ciutadania.",
      keywords: "aportacions, reflexions, comentaris al mapa, testimonis",
    },
    { params: ["tipus", "pagina"] },
  ),
  // Its title and description come from the database; the sitemap lists the active ones.
  landing: { path: "/landing/:slug", file: "routes/landing.tsx" },
  // The participation forms (issue 4): each posts to its own page, which also serves it without JavaScript.
  newsletter: formPage(
    "/newsletter",
    "newsletter.tsx",
    "Newsletter",
    "Subscriu-te a la newsletter per rebre les novetats de la campanya.",
    "newsletter, subscripció, novetats",
  ),
  map: formPage(
    "/participa/mapa",
    "map.tsx",
    "Comenta el mapa",
    "Consulta el mapa interactiu de propostes i deixa-hi el teu comentari.",
    "mapa interactiu, propostes, comentaris al mapa",
  ),
  reflection: formPage(
    "/participa/reflexio",
    "reflection.tsx",
    "Escriu una reflexió",
    "Explica com t'agradaria moure't en bici pel Penedès.",
    "reflexió, participació ciutadana, propostes",
  ),
  testimonial: formPage(
    "/testimonis/enviar",
    "testimonial.tsx",
    "Envia el teu testimoni",
    "Envia'ns un àudio breu amb la teva experiència en bici.",
    "testimoni d'àudio, enviar àudio, experiències en bici",
  ),
  // A visitor reports a contribution (decision 028); without JavaScript, the report dialog.
  report: page(
    "/denuncia",
    "participation/report.tsx",
    {
      title: "Denuncia una aportació",
      description: "Avisa l'equip de moderació d'una aportació que no hauria de ser pública.",
      keywords: "denúncia, moderació, aportacions",
      noindex: true,
    },
    { params: ["tipus", "id"] },
  ),
  // The newsletter's e-mail links (decision 023): a token in the path, never an address; each
  // page brings its own title, and neither is kept by the page cache nor listed in the sitemap.
  newsletterConfirm: { path: "/newsletter/confirma/:token", file: "routes/newsletter/confirm.tsx" },
  newsletterUnsubscribe: { path: "/newsletter/baixa/:token", file: "routes/newsletter/unsubscribe.tsx" },
} satisfies Record<string, PublicPage>;

export type PageName = keyof typeof PAGES;
export const PUBLIC_PAGES: readonly PublicPage[] = Object.values(PAGES);

/** The public pages for the sitemap (landings are added from the database): not the form pages. */
export const PUBLIC_PATHS = PUBLIC_PAGES.filter((p) => p.seo && !p.seo.noindex).map((p) => p.path);

/** The query parameters each page reads, by path (server/page-cache.ts). */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  PUBLIC_PAGES.filter((p) => p.params).map((p) => [p.path, p.params!]),
);

/** The addresses links are written with. */
export const paths = {
  ...(Object.fromEntries(Object.entries(PAGES).map(([name, p]) => [name, p.path])) as {
    [N in Exclude<PageName, "landing" | "newsletterConfirm" | "newsletterUnsubscribe">]: string;
  }),
  landing: (slug: string) => `/landing/${slug}`,
  ambit: (scope: Category) => `/${scope}`,
  // Sections of the home page.
  agenda: "/#agenda",
  ambits: "/#ambits",
} as const;

const navOf = (where: "header" | "footer", names: PageName[]) =>
  names.map((name) => ({ label: (PAGES[name] as PublicPage).nav![where]!, to: PAGES[name].path }));

/** The header's navigation; AGENDA is a section of the home page, not a page of its own. */
export const HEADER_NAV = [
  ...navOf("header", ["participa", "vivi"]),
  { label: "AGENDA", to: paths.agenda },
  ...navOf("header", ["initiative"]),
];

/** The footer's links to pages. */
export const FOOTER_NAV = navOf("footer", ["recursos", "legal", "cookies"]);
