// The campaign's facts (spec: "Consultation until December 2025; plan 2025-2035; route 15 km;
// 2 million euros of European funds; works 2023-2025"), written once. Pages compose their
// sentences from these, so a date that changes is changed here. The consultation's calendar
// (closing date, phase, open or closed) is a site setting staff change (decision 029); the
// values here are its defaults.
export const CAMPAIGN = {
  name: "Al Penedès, la bici ens mou!",
  /** The plan's period, as the pages write it. */
  planPeriod: "2025-2035",
  /** The default end of the consultation (the calendar setting replaces it). */
  consultationClosesOn: "2025-12-31",
  routeKm: 15,
  euFundsMillions: 2,
  worksPeriod: "2023-2025",
} as const;

/** The plan's three phases, as /de-que-va shows them; the calendar setting says which is current.
 * The title is Catalan for the back office; the public page says each phase's title and text in its
 * language from the catalogue (public.campaign.phase<n>.title and .text). */
export const PHASES = [
  { n: 1, title: "Recollida de dades" },
  { n: 2, title: "Anàlisi i propostes" },
  { n: 3, title: "Implementació" },
] as const;
export type PhaseNumber = (typeof PHASES)[number]["n"];

/** The consultation's calendar as staff set it: when it closes, its extension, the current phase,
 * and whether staff have closed participation (decision 029, and 050 for the date's rules). */
export interface Consultation {
  /** YYYY-MM-DD, the last day of the consultation; null: not set (the campaign's default, while it
   * is still ahead; after it, no date at all). */
  closesOn: string | null;
  /** YYYY-MM-DD, a "pròrroga": participation stays open until this day instead (after closesOn). */
  extendedTo: string | null;
  phase: PhaseNumber;
  /** False: staff closed participation, whatever the date. */
  open: boolean;
}

/** A site whose calendar was never saved. */
export const DEFAULT_CONSULTATION: Consultation = { closesOn: null, extendedTo: null, phase: 1, open: true };

/** What a participation form says, and a write answers, while participation is closed: catalogue
 * keys (app/i18n/<locale>/forms.ts, "closed.*"; decision 059). */
export const CLOSED_MESSAGE = { title: "forms.closed.title", description: "forms.closed.description" } as const;

/** The campaign's illustrations, by name (drawn by app/seed/scenes.ts, served from public/images/scenes/). */
export const SCENES = ["vinyes", "ciutadania", "infants", "laboral", "turistic", "xarxa"] as const;
export type Scene = (typeof SCENES)[number];
