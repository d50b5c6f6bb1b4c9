// Route URLs in one place (the route table is app/routes.ts).
export const paths = {
  home: "/",
  agenda: "/#agenda",
  ambits: "/#ambits",
  initiative: "/de-que-va",
  participa: "/participa",
  testimonis: "/testimonis",
  vivi: "/segueixlavivi",
  legal: "/avis-legal-i-privacitat",
  privacy: "/politica-privacitat",
  cookies: "/politica-cookies",
  recursos: "/recursos",
  aportacions: "/aportacions",
  landing: (slug: string) => `/landing/${slug}`,
  ambit: (scope: string) => `/${scope}`,
  adminLogin: "/admin/login",
  adminLogout: "/admin/logout",
  adminDashboard: "/admin/dashboard",
} as const;

export const categoryLabels = {
  ciutadania: "Ciutadania",
  infants: "Infants",
  laboral: "Laboral",
  turistic: "Turístic",
} as const;
