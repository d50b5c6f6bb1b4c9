import { CAMPAIGN } from "../domain/campaign";
import type { ContributionType } from "../domain/contributions";
import type { Category } from "../domain/themes";
import type { ClientKey } from "../i18n/catalogue";
import { localePrefix, LOCALES, type Locale } from "../i18n/locales";

// The site registry (decision 020): each public page is declared here once, and the route table
// (app/routes.ts), the SEO tags (seo.ts), the sitemap, the header and footer navigation and the
// page cache (server/page-cache.ts) read it. Each page exists in the three languages (decision
// 059): Catalan at its address, Spanish and English under /es and /en, at the translated address
// given here. Its title, description and keywords are the catalogue's `public.seo.<name>.*`.
// Client-safe: no server or database imports, and relative imports only (the route table and
// tests/fuzz load it outside Vite).

export const SITE_NAME = CAMPAIGN.name;
/** "de" before the campaign's name, elided as Catalan writes it before a vowel or an h ("d'Al Penedès"). */
export const OF_SITE_NAME = /^[aeiouàèéíïòóúüh]/i.test(SITE_NAME) ? `d'${SITE_NAME}` : `de ${SITE_NAME}`;

export interface SeoEntry {
  /** The form pages that stand in for a dialog without JavaScript: search engines follow their
   * links but list the page with the dialog instead (so they are not in the sitemap either). */
  noindex?: true;
}

interface PageDeclaration {
  /** The Catalan address, as React Router matches it ("/landing/:slug"). */
  path: string;
  /** The Spanish and English addresses without their prefix, where the words differ ("/about"). */
  translated?: { es?: string; en?: string };
  /** The route module, from app/. */
  file: string;
  /** The route id, for a module that serves more than one page; otherwise React Router's own. */
  id?: string;
  /** Whether the page has its title, description and keywords in the catalogue (public.seo.<name>):
   * a page without (a landing, the newsletter's links) brings its own. */
  seo?: SeoEntry;
  /** The query parameters the page reads: the page cache keeps these and drops any other. */
  params?: readonly string[];
}

/** One page in one language, as the route table, the sitemap and the page cache see it. */
export interface PublicPage extends Omit<PageDeclaration, "translated"> {
  name: PageName;
  locale: Locale;
}

const page = (path: string, file: string, more: Omit<PageDeclaration, "path" | "file" | "seo"> = {}): PageDeclaration => ({
  path,
  file: `routes/${file}`,
  seo: {},
  ...more,
});

/** The page a participation form posts to (app/routes/participation/), kept out of search results. */
const formPage = (path: string, file: string, translated: PageDeclaration["translated"]): PageDeclaration => ({
  path,
  file: `routes/participation/${file}`,
  seo: { noindex: true },
  translated,
});

const ambit = (scope: Category, translated: PageDeclaration["translated"]) =>
  page(`/${scope}`, "ambit.tsx", { id: `ambit-${scope}`, translated });

/** Every public page, in the order of the route table. */
export const PAGES = {
  home: { path: "/", file: "routes/home.tsx", seo: {} },
  initiative: page("/de-que-va", "de-que-va.tsx", { translated: { en: "/about" } }),
  ciutadania: ambit("ciutadania", { es: "/ciudadania", en: "/residents" }),
  infants: ambit("infants", { es: "/infancia", en: "/children" }),
  laboral: ambit("laboral", { en: "/work" }),
  turistic: ambit("turistic", { es: "/turistico", en: "/tourism" }),
  testimonis: page("/testimonis", "testimonis.tsx", { params: ["ambit"], translated: { es: "/testimonios", en: "/testimonials" } }),
  participa: page("/participa", "participa.tsx", { translated: { en: "/take-part" } }),
  vivi: page("/segueixlavivi", "segueixlavivi.tsx"),
  legal: page("/avis-legal-i-privacitat", "avis-legal.tsx", {
    id: "avis-legal",
    translated: { es: "/aviso-legal-y-privacidad", en: "/legal-notice-and-privacy" },
  }),
  privacy: page("/politica-privacitat", "avis-legal.tsx", {
    id: "politica-privacitat",
    translated: { es: "/politica-de-privacidad", en: "/privacy-policy" },
  }),
  cookies: page("/politica-cookies", "politica-cookies.tsx", { translated: { es: "/politica-de-cookies", en: "/cookie-policy" } }),
  recursos: page("/recursos", "recursos.tsx", { translated: { en: "/resources" } }),
  accessibility: page("/declaracio-accessibilitat", "accessibility.tsx", {
    translated: { es: "/declaracion-de-accesibilidad", en: "/accessibility-statement" },
  }),
  aportacions: page("/aportacions", "aportacions.tsx", {
    params: ["tipus", "resposta", "pagina"],
    translated: { es: "/aportaciones", en: "/contributions" },
  }),
  // Its title and description come from the database; the sitemap lists the active ones.
  // The council's answers in figures (issue 31).
  heard: page("/que-hem-escoltat", "que-hem-escoltat.tsx", { translated: { es: "/que-hemos-escuchado", en: "/what-we-heard" } }),
  // The open data of the participation and the plan (issue 31, decision 074): the files, their
  // licence and the DCAT-AP catalogue (the files' own addresses are OPEN_DATA_FILES, lib/open-data.ts).
  openData: page("/dades-obertes", "dades-obertes.tsx", { translated: { es: "/datos-abiertos", en: "/open-data" } }),
  landing: { path: "/landing/:slug", file: "routes/landing.tsx" },
  // What the plan builds (issue 35): the results, their figures and map; each result's page brings
  // its own title (the result's).
  tracker: page("/seguiment-del-pla", "seguiment.tsx", {
    params: ["municipi", "ambit", "estat", "pagina"],
    translated: { es: "/seguimiento-del-plan", en: "/plan-progress" },
  }),
  trackerResult: {
    path: "/seguiment-del-pla/:id",
    file: "routes/seguiment-actuacio.tsx",
    translated: { es: "/seguimiento-del-plan/:id", en: "/plan-progress/:id" },
  },
  // The participation forms (issue 4): each posts to its own page, which also serves it without JavaScript.
  newsletter: formPage("/newsletter", "newsletter.tsx", {}),
  map: formPage("/participa/mapa", "map.tsx", { en: "/take-part/map" }),
  reflection: formPage("/participa/reflexio", "reflection.tsx", { es: "/participa/reflexion", en: "/take-part/reflection" }),
  testimonial: formPage("/testimonis/enviar", "testimonial.tsx", { es: "/testimonios/enviar", en: "/testimonials/send" }),
  // The accessibility statement's form (issue 33): a communication or a request for accessible information.
  accessibilityRequest: formPage("/declaracio-accessibilitat/sollicitud", "accessibility-request.tsx", {
    es: "/declaracion-de-accesibilidad/solicitud",
    en: "/accessibility-statement/request",
  }),
  // A person asks to see or erase their data (issue 34, decision 072); linked from the legal notice.
  rightsRequest: formPage("/avis-legal-i-privacitat/drets", "rights-request.tsx", {
    es: "/aviso-legal-y-privacidad/derechos",
    en: "/legal-notice-and-privacy/rights",
  }),
  // A visitor reports a contribution (decision 028); without JavaScript, the report dialog.
  report: {
    ...page("/denuncia", "participation/report.tsx", { params: ["tipus", "id"], translated: { en: "/report" } }),
    seo: { noindex: true },
  },
  // The newsletter's e-mail links (decision 023): a token in the path, never an address; each
  // page brings its own title, and neither is kept by the page cache nor listed in the sitemap.
  newsletterConfirm: {
    path: "/newsletter/confirma/:token",
    file: "routes/newsletter/confirm.tsx",
    translated: { es: "/newsletter/confirmar/:token", en: "/newsletter/confirm/:token" },
  },
  newsletterUnsubscribe: {
    path: "/newsletter/baixa/:token",
    file: "routes/newsletter/unsubscribe.tsx",
    translated: { es: "/newsletter/baja/:token", en: "/newsletter/unsubscribe/:token" },
  },
  // The rights request's e-mail link (decision 072): a token in the path, never an address; its
  // page brings its own title, and is neither kept by the page cache nor listed in the sitemap.
  rightsConfirm: {
    path: "/drets/confirma/:token",
    file: "routes/rights-confirm.tsx",
    translated: { es: "/derechos/confirmar/:token", en: "/rights/confirm/:token" },
  },
  // Following a result of the plan by e-mail (decision 069): the same two links, of its own.
  trackerConfirm: {
    path: "/seguiment-del-pla/confirma/:token",
    file: "routes/seguiment/confirm.tsx",
    translated: { es: "/seguimiento-del-plan/confirmar/:token", en: "/plan-progress/confirm/:token" },
  },
  trackerUnsubscribe: {
    path: "/seguiment-del-pla/baixa/:token",
    file: "routes/seguiment/unsubscribe.tsx",
    translated: { es: "/seguimiento-del-plan/baja/:token", en: "/plan-progress/unsubscribe/:token" },
  },
  // The council's answer e-mails' way out (decision 078): a token in the path, as the others.
  answerMailStop: {
    path: "/respostes/baixa/:token",
    file: "routes/answer-mail-stop.tsx",
    translated: { es: "/respuestas/baja/:token", en: "/answers/unsubscribe/:token" },
  },
} satisfies Record<string, PageDeclaration>;

export type PageName = keyof typeof PAGES;
const PAGE_NAMES = Object.keys(PAGES) as PageName[];

/** A page's address in a language. */
export function pathOf(name: PageName, locale: Locale): string {
  const declared: PageDeclaration = PAGES[name];
  if (locale === "ca") return declared.path;
  const own = declared.translated?.[locale] ?? declared.path;
  return own === "/" ? `/${locale}` : `/${locale}${own}`;
}

/** The route id of a page in a language: Catalan keeps the one it always had. */
const routeId = (declared: PageDeclaration, locale: Locale) =>
  locale === "ca" ? declared.id : `${declared.id ?? declared.file.replace(/\.tsx?$/, "")}.${locale}`;

/** Every public page in every language: Catalan first, in the order of the route table. */
export const PUBLIC_PAGES: readonly PublicPage[] = LOCALES.flatMap((locale) =>
  PAGE_NAMES.map((name) => {
    const { translated: _translated, ...declared }: PageDeclaration = PAGES[name];
    const id = routeId(PAGES[name], locale);
    return { ...declared, name, locale, path: pathOf(name, locale), ...(id ? { id } : {}) };
  }),
);

/** The page and language of an address as the route table writes it ("/es/testimonios"). */
export const PAGE_BY_PATH: ReadonlyMap<string, PublicPage> = new Map(PUBLIC_PAGES.map((p) => [p.path, p]));

/** The public pages for the sitemap (landings are added from the database): not the form pages. */
export const PUBLIC_PATHS = PUBLIC_PAGES.filter((p) => p.seo && !p.seo.noindex).map((p) => p.path);

/** What the tracker's map draws (issue 35): the filtered results' segments and their colours, as
 * JSON, apart from the page's data so that a phone that never scrolls to the map never loads it.
 * It reads the tracker's filters, not its page number (the map covers every page of the list). */
export const TRACKER_MAP_DATA = "/api/seguiment-del-pla/mapa.json";

/** The query parameters each page (and the tracker's map data) reads, by path in every language
 * (server/page-cache.ts). A function, so that the browser's bundle leaves it out: only the server
 * asks (a top-level table here was kept in every page's scripts). */
export function pageParams(): Readonly<Record<string, readonly string[]>> {
  return {
    ...Object.fromEntries(PUBLIC_PAGES.filter((p) => p.params).map((p) => [p.path, p.params!])),
    [TRACKER_MAP_DATA]: PAGES.tracker.params!.filter((p) => p !== "pagina"),
  };
}

type FixedPage = Exclude<
  PageName,
  | "landing"
  | "newsletterConfirm"
  | "newsletterUnsubscribe"
  | "trackerResult"
  | "rightsConfirm"
  | "trackerConfirm"
  | "trackerUnsubscribe"
  | "answerMailStop"
>;

/** The report page's address for one contribution (the report dialog's link without JavaScript,
 * and its form's action), with the page's paths. */
export const reportHref = (paths: Paths, type: ContributionType, id: string) =>
  `${paths.report}?${new URLSearchParams({ tipus: type, id })}`;

/** The addresses links are written with, in one language. */
export function pathsFor(locale: Locale) {
  const prefix = localePrefix(locale);
  const home = pathOf("home", locale);
  return {
    ...(Object.fromEntries(PAGE_NAMES.map((name) => [name, pathOf(name, locale)])) as { [N in FixedPage]: string }),
    landing: (slug: string) => `${prefix}/landing/${slug}`,
    trackerResult: (id: string) => pathOf("trackerResult", locale).replace(":id", id),
    ambit: (scope: Category) => pathOf(scope, locale),
    newsletterConfirm: (token: string) => pathOf("newsletterConfirm", locale).replace(":token", token),
    newsletterUnsubscribe: (token: string) => pathOf("newsletterUnsubscribe", locale).replace(":token", token),
    rightsConfirm: (token: string) => pathOf("rightsConfirm", locale).replace(":token", token),
    trackerConfirm: (token: string) => pathOf("trackerConfirm", locale).replace(":token", token),
    trackerUnsubscribe: (token: string) => pathOf("trackerUnsubscribe", locale).replace(":token", token),
    answerMailStop: (token: string) => pathOf("answerMailStop", locale).replace(":token", token),
    // Sections of the home page.
    agenda: `${home === "/" ? "" : home}/#agenda`,
    ambits: `${home === "/" ? "" : home}/#ambits`,
  } as const;
}
export type Paths = ReturnType<typeof pathsFor>;

const PATHS_BY_LOCALE = Object.fromEntries(LOCALES.map((l) => [l, pathsFor(l)])) as Record<Locale, Paths>;
/** The Catalan addresses. */
export const paths = PATHS_BY_LOCALE.ca;
/** The addresses in a language (memoised). */
export const localePaths = (locale: Locale): Paths => PATHS_BY_LOCALE[locale];

export interface NavItem {
  /** The catalogue key of its label. */
  label: Extract<ClientKey, `public.nav.${string}`>;
  to: string;
}

const nav = (locale: Locale, names: (FixedPage | "agenda")[]): NavItem[] =>
  names.map((name) => ({ label: `public.nav.${name}` as NavItem["label"], to: localePaths(locale)[name] }));

/** The header's navigation; AGENDA is a section of the home page, not a page of its own. The
 * council's report is there only while at least one answer is published (issue 31), the plan's
 * tracker only while at least one result is public (issue 35). */
export const headerNav = (locale: Locale, { heard = false, tracker = false }: { heard?: boolean; tracker?: boolean } = {}) =>
  nav(locale, [
    "participa",
    "vivi",
    "agenda",
    ...(heard ? (["heard"] as const) : []),
    ...(tracker ? (["tracker"] as const) : []),
    "initiative",
  ]);

/** The footer's links to pages. */
export const footerNav = (locale: Locale) => nav(locale, ["recursos", "openData", "legal", "cookies", "accessibility"]);

/** The same page in every language, for an address in any of them ("/es/testimonios" ->
 * { ca: "/testimonis", es: "/es/testimonios", en: "/en/testimonials" }). Parameters (a landing's
 * slug, a token) are carried over. null for an address that is not a public page. */
export function alternatesOf(pathname: string): Record<Locale, string> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const p of PUBLIC_PAGES) {
    const values = matchPath(p.path, path);
    if (!values) continue;
    return Object.fromEntries(LOCALES.map((l) => [l, fill(pathOf(p.name, l), values)])) as Record<Locale, string>;
  }
  return null;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split("/");
  const b = path.split("/");
  if (a.length !== b.length) return null;
  const values: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(":")) {
      if (!b[i]) return null;
      values[a[i]!.slice(1)] = b[i]!;
    } else if (a[i] !== b[i]) return null;
  }
  return values;
}

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "");

/** Where a contribution can be seen: its card on the contributions page (the newest come first),
 * marked by its address. */
export const contributionHref = (locale: Locale, type: "reflection" | "map_comment", id: string) =>
  `${localePaths(locale).aportacions}?tipus=${type}#aportacio-${id}`;
