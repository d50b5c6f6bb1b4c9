import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// The whole site map in one place. Public pages share the header and footer layout;
// the back office has its own shell, and every admin route checks the session on the server.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("de-que-va", "routes/de-que-va.tsx"),
    route("ciutadania", "routes/ambit.tsx", { id: "ambit-ciutadania" }),
    route("infants", "routes/ambit.tsx", { id: "ambit-infants" }),
    route("laboral", "routes/ambit.tsx", { id: "ambit-laboral" }),
    route("turistic", "routes/ambit.tsx", { id: "ambit-turistic" }),
    route("testimonis", "routes/testimonis.tsx"),
    route("participa", "routes/participa.tsx"),
    route("segueixlavivi", "routes/segueixlavivi.tsx"),
    route("avis-legal-i-privacitat", "routes/avis-legal.tsx", { id: "avis-legal" }),
    route("politica-privacitat", "routes/avis-legal.tsx", { id: "politica-privacitat" }),
    route("politica-cookies", "routes/politica-cookies.tsx"),
    route("recursos", "routes/recursos.tsx"),
    route("aportacions", "routes/aportacions.tsx"),
    route("landing/:slug", "routes/landing.tsx"),
    // Participation (issue 4): each form posts to its own page, which also serves it without JavaScript.
    route("newsletter", "routes/participation/newsletter.tsx"),
    route("participa/mapa", "routes/participation/map.tsx"),
    route("participa/reflexio", "routes/participation/reflection.tsx"),
    route("testimonis/enviar", "routes/participation/testimonial.tsx"),
  ]),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("upload/:kind", "routes/admin/upload.tsx"),
    layout("routes/admin/shell.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("activities", "routes/admin/activities.tsx"),
      route("videos", "routes/admin/videos.tsx"),
      route("home-background", "routes/admin/home-background.tsx"),
      route("reflections", "routes/admin/reflections.tsx"),
      route("map-comments", "routes/admin/map-comments.tsx"),
      route("landings", "routes/admin/landings.tsx"),
      route("footer", "routes/admin/footer.tsx"),
      route("resources", "routes/admin/resources.tsx"),
      route("bici-fucsia", "routes/admin/bici-fucsia.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
    ]),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
