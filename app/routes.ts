import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { PUBLIC_PAGES } from "./lib/routes";

// The whole site map in one place. Public pages share the header and footer layout and are
// declared once, in the site registry (lib/routes.ts); the back office has its own shell, and
// every admin route checks the session on the server.
export default [
  layout("routes/public-layout.tsx", [
    ...PUBLIC_PAGES.map(({ path, file, id }) => (path === "/" ? index(file, { id }) : route(path.slice(1), file, { id }))),
    // Any other address: the not-found page, with the site's header and footer.
    route("*", "routes/not-found.tsx"),
  ]),
  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("upload/:kind", "routes/admin/upload.tsx"),
    route("verificacio", "routes/admin/second-factor.tsx"),
    route("invitacio/:token", "routes/admin/invitation.tsx"),
    route("export/audit.csv", "routes/admin/export-audit.ts"),
    route("export/:file", "routes/admin/export.tsx"),
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
      route("moderacio", "routes/admin/moderation.tsx"),
      route("newsletter-send", "routes/admin/newsletter-send.tsx"),
      route("compte", "routes/admin/account.tsx"),
      route("comptes", "routes/admin/accounts.tsx"),
      route("auditoria", "routes/admin/audit.tsx"),
      route("map-layers", "routes/admin/map-layers.tsx"),
    ]),
    route("export/map-comments.geojson", "routes/admin/export-map-comments-geojson.ts"),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("api/map-comments.geojson", "routes/api/map-comments-geojson.ts"),
  route("agenda/:file", "routes/agenda-ics.ts"),
] satisfies RouteConfig;
