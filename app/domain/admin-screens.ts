// The back office's registry (decision 055): every admin address is written here once, with its
// route module, its label and group in the side navigation and the roles that may use it. The
// route table (app/routes.ts), the shell's navigation, the role checks (domain/roles.ts), the
// addresses links are written with (lib/admin-paths.ts `adminPaths`), the permanent redirects from the old
// English addresses, and the route walks, fuzz and e2e lists all read it. Client-safe, and it imports
// only its public part (relative, so the route table and tests/fuzz load it outside Vite).

import { ADMIN_HOME, ADMIN_SIGN_OUT } from "./admin-screens-public";

export { ADMIN_HOME, ADMIN_SIGN_OUT };

export const adminRoles = ["administrator", "editor", "moderator"] as const;
export type AdminRole = (typeof adminRoles)[number];

const ALL: readonly AdminRole[] = adminRoles;
const ADMIN: readonly AdminRole[] = ["administrator"];
const EDITOR: readonly AdminRole[] = ["administrator", "editor"];
const MODERATOR: readonly AdminRole[] = ["administrator", "moderator"];

/** The side navigation's groups, in the order they are shown (decision 050: the work first). */
export const NAV_GROUPS = ["Participació", "Newsletter", "Contingut", "Configuració"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface AdminScreen {
  /** The address, as React Router matches it ("/admin/puja/:kind"). */
  path: string;
  /** The route module, from app/. */
  file: string;
  /** The roles that may use it (and everything under it); `null`: it answers without a session
   * (sign-in, sign-out, the /admin redirect) or to a signed token of its own (second factor,
   * invitation). */
  roles: readonly AdminRole[] | null;
  /** Inside the back office's shell (its header and side navigation). */
  shell?: true;
  /** Its entry in the shell: in a group of the side navigation, above the groups (no group: the
   * dashboard), or in the header's account menu. */
  nav?: { label: string; group?: NavGroup | "account" };
  /** Roles are declared for each of these values of the path's parameter, and the route walks try
   * them; any other value is the administrators' only. Without it, the roles cover every value. */
  params?: readonly string[];
  /** The address it had before the back office spoke Catalan: redirected here permanently. */
  was?: string;
}

const screen = (
  path: string,
  file: string,
  roles: readonly AdminRole[] | null,
  more: Omit<AdminScreen, "path" | "file" | "roles"> = {},
) => ({
  path: `/admin${path}`,
  file: `routes/admin/${file}`,
  roles,
  ...more,
  ...(more.was ? { was: `/admin${more.was}` } : {}),
});
const inShell = (
  path: string,
  file: string,
  roles: readonly AdminRole[],
  label: string,
  group: NavGroup | "account" | undefined,
  was?: string,
) => ({ ...screen(path, file, roles, { shell: true, ...(was ? { was } : {}) }), nav: group ? { label, group } : { label } });

/** Every admin route; the shell's screens in the order the side navigation shows them. The
 * addresses the runtime contract fixes (/admin, /admin/login, /admin/dashboard, /admin/export/…)
 * keep their English names (decision 055). */
export const ADMIN_SCREENS = {
  index: screen("", "index.tsx", null),
  login: screen("/login", "login.tsx", null),
  logout: screen(ADMIN_SIGN_OUT.slice("/admin".length), "logout.tsx", null, { was: "/logout" }),
  secondFactor: screen("/verificacio", "second-factor.tsx", null),
  invitation: screen("/invitacio/:token", "invitation.tsx", null),
  upload: screen("/puja/:kind", "upload.tsx", EDITOR, { params: ["videos", "resources"], was: "/upload" }),
  // The exports of contributions and subscribers; the audit log's is the administrators'.
  exports: screen("/export/:file", "export.tsx", MODERATOR),
  auditCsv: screen("/export/audit.csv", "export-audit.ts", ADMIN),
  // The record of processing activities for the DPO (issue 34, decision 071).
  processingActivities: screen("/export/processing-activities.xlsx", "export-processing-activities.ts", ADMIN),
  mapCommentsGeojson: screen("/export/map-comments.geojson", "export-map-comments-geojson.ts", MODERATOR),
  dashboard: inShell(ADMIN_HOME.slice("/admin".length), "dashboard.tsx", ALL, "Dashboard", undefined),
  // Contributions and subscribers: the moderators.
  moderation: inShell("/moderacio", "moderation.tsx", MODERATOR, "Moderació", "Participació"),
  testimonials: inShell("/testimonis", "testimonials.tsx", MODERATOR, "Testimonis", "Participació", "/testimonials"),
  reflections: inShell("/reflexions", "reflections.tsx", MODERATOR, "Reflexions", "Participació", "/reflections"),
  mapComments: inShell("/comentaris-mapa", "map-comments.tsx", MODERATOR, "Comentaris Mapa", "Participació", "/map-comments"),
  // The council's answers (issue 31): moderators write them, administrators publish (decision 061).
  answers: inShell("/respostes", "answers.tsx", MODERATOR, "Respostes", "Participació"),
  // The codebook and the coding of contributions (issue 32, decision 065): the moderators, who read
  // every contribution. Reached from "Moderació" and "Respostes" (the side navigation is full).
  coding: screen("/codificacio", "coding.tsx", MODERATOR, { shell: true }),
  codebook: screen("/codis", "codebook.tsx", MODERATOR, { shell: true }),
  // The analysis of the coding (issue 32, decision 077): cross-tabs, counts over time, and the map
  // of the coded comments (its own address: the map's script loads there only). Reached from the
  // coding screen; the codebook with the coded data is an XLSX of its own.
  analysis: screen("/analisi", "analysis.tsx", MODERATOR, { shell: true }),
  analysisMap: screen("/analisi/mapa", "analysis-map.tsx", MODERATOR, { shell: true }),
  codebookXlsx: screen("/export/codebook.xlsx", "export-codebook.ts", MODERATOR),
  // The import of the external questionnaire's answers, coded like the rest (decision 076). Reached
  // from the coding screen.
  questionnaire: screen("/questionari", "questionnaire.tsx", MODERATOR, { shell: true }),
  subscribers: inShell("/subscriptors", "newsletter.tsx", MODERATOR, "Subscriptors", "Newsletter", "/newsletter"),
  // The newsletter is written and sent by the communication staff.
  newsletterSend: inShell("/butlleti", "newsletter-send.tsx", EDITOR, "Enviar newsletter", "Newsletter", "/newsletter-send"),
  // Content: the editors.
  landings: inShell("/pagines-aterratge", "landings.tsx", EDITOR, "Landing Pages", "Contingut", "/landings"),
  activities: inShell("/activitats", "activities.tsx", EDITOR, "Activitats", "Contingut", "/activities"),
  videos: inShell("/videos", "videos.tsx", EDITOR, "Vídeos", "Contingut"),
  resources: inShell("/recursos", "resources.tsx", EDITOR, "Recursos", "Contingut", "/resources"),
  mapLayers: inShell("/capes-mapa", "map-layers.tsx", EDITOR, "Capes del mapa", "Contingut", "/map-layers"),
  homeBackground: inShell("/fons-inici", "home-background.tsx", EDITOR, "Fons Home", "Contingut", "/home-background"),
  biciFucsia: inShell("/bici-fucsia", "bici-fucsia.tsx", EDITOR, "Vivi (Bici Fúcsia)", "Contingut"),
  // What staff texts still lack their Spanish or English (decision 062).
  translations: inShell("/traduccions", "translations.tsx", EDITOR, "Falten traduccions", "Contingut"),
  // The site's configuration: the administrators', but for the footer (the editors').
  settings: inShell("/configuracio", "settings.tsx", ADMIN, "Configuració", "Configuració", "/settings"),
  // Two screens reached from "Configuració" (and the states from "Respostes") rather than from the
  // side navigation, which must fit 1280×650 (decision 050).
  answerStates: screen("/estats-resposta", "answer-states.tsx", ADMIN, { shell: true }),
  // The plan's results (issue 35): reached from "Capes del mapa" (the sidebar must fit), their
  // timelines and their states from the results' screen.
  results: screen("/seguiment", "results.tsx", EDITOR, { shell: true }),
  resultEntries: screen("/seguiment/fites", "result-entries.tsx", EDITOR, { shell: true }),
  resultStates: screen("/estats-seguiment", "result-states.tsx", ADMIN, { shell: true }),
  // The answer templates, reached from "Respostes": kept by those who answer (decision 068).
  answerTemplates: screen("/plantilles-resposta", "answer-templates.tsx", MODERATOR, { shell: true }),
  footer: inShell("/peu", "footer.tsx", EDITOR, "Footer", "Configuració", "/footer"),
  accounts: inShell("/comptes", "accounts.tsx", ADMIN, "Comptes", "Configuració"),
  audit: inShell("/auditoria", "audit.tsx", ADMIN, "Registre d'activitat", "Configuració"),
  accessibility: screen("/accessibilitat", "accessibility.tsx", ADMIN, { shell: true }),
  // The legal notice's data-protection parts (issue 34, decision 071), reached from "Configuració".
  legalNotice: screen("/avis-legal", "legal-notice.tsx", ADMIN, { shell: true }),
  // The requests sent from the statement (issue 33, decision 064): answered by the moderators, who
  // answer the public already; reached from the statement's screen and from the dashboard.
  accessibilityRequests: screen("/sollicituds-accessibilitat", "accessibility-requests.tsx", MODERATOR, { shell: true }),
  // People's rights over their data (issue 34, decision 072): the administrators' only (it reads and
  // erases everything tied to an address). Reached from "Configuració" and from the dashboard.
  rights: screen("/drets", "rights.tsx", ADMIN, { shell: true }),
  rightsExport: screen("/drets/exporta", "rights-export.ts", ADMIN),
  // Every account's own screen, in the header's menu.
  account: inShell("/compte", "account.tsx", ALL, "El meu compte", "account"),
} satisfies Record<string, AdminScreen>;

/** The shell's layout: its header and side navigation around the screens marked `shell`. */
export const ADMIN_SHELL = "routes/admin/shell.tsx";
/** The layout around every admin route, with no address of its own: its error page catches what
 * an admin route throws (a POST to a screen without an action: 405), so the root's data, the
 * page's words among it, are read for it as for any page (the root's own error page has none). */
export const ADMIN_ERRORS = "routes/admin/errors.tsx";
/** The module that answers every old address with its permanent redirect. */
export const ADMIN_MOVED = "routes/admin/moved.ts";

export type AdminScreenName = keyof typeof ADMIN_SCREENS;
export const ADMIN_SCREEN_LIST: readonly (AdminScreen & { name: AdminScreenName })[] = Object.entries(ADMIN_SCREENS).map(([name, s]) => ({
  ...(s as AdminScreen),
  name: name as AdminScreenName,
}));

/** A screen's address up to its first parameter: what links are written with ("/admin/puja"). */
export const addressOf = (s: AdminScreen) => s.path.replace(/\/:.*$/, "");

/** The addresses a screen answers, its parameter spelled out with each declared value (or with
 * `sample` when it declares none): what the route walks and the fuzz visit. */
export function screenAddresses(s: AdminScreen, sample = "x"): string[] {
  if (!s.path.includes("/:")) return [s.path];
  return (s.params ?? [sample]).map((value) => s.path.replace(/:[^/]+/, value));
}
