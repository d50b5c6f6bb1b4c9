// The campaign's facts (spec: "Consultation until December 2025; plan 2025-2035; route 15 km;
// 2 million euros of European funds; works 2023-2025"), written once. Pages compose their
// sentences from these, so a date that changes is changed here.
export const CAMPAIGN = {
  name: "Al Penedès, la bici ens mou!",
  /** The plan's period, as the pages write it. */
  planPeriod: "2025-2035",
  /** The end of the consultation, as the pages write it. */
  consultationUntil: "desembre de 2025",
  routeKm: 15,
  euFundsMillions: 2,
  worksPeriod: "2023-2025",
} as const;
