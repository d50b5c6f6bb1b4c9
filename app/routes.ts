import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { PUBLIC_PAGES } from "./lib/routes";

// The whole site map in one place. Public pages share the header and footer layout and are
// declared once, in the site registry (lib/routes.ts); the back office has its own shell, and
// every admin route checks the session on the server.
export default [
  layout(
    "routes/public-layout.tsx",
    PUBLIC_PAGES.map(({ path, file, id }) => (path === "/" ? index(file, { id }) : route(path.slice(1), file, { id }))),
  ),
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
    ]),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
