import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { ADMIN_ERRORS, ADMIN_MOVED, ADMIN_SCREEN_LIST, ADMIN_SHELL, type AdminScreen } from "./domain/admin-screens";
import { PREFIXED_LOCALES } from "./i18n/locales";
import { OPEN_DATA_FILES } from "./lib/open-data";
import { PUBLIC_PAGES, TRACKER_MAP_DATA } from "./lib/routes";

/** An admin screen's route, inside prefix("admin"). */
const adminRoute = ({ path, file }: AdminScreen) => (path === "/admin" ? index(file) : route(path.slice("/admin/".length), file));

// The whole site map in one place. Public pages share the header and footer layout and are
// declared once, in the site registry (lib/routes.ts), which gives each its address in Catalan,
// Spanish and English; the back office has its own shell, and
// every admin route checks the session on the server.
export default [
  layout("routes/public-layout.tsx", [
    ...PUBLIC_PAGES.map(({ path, file, id }) => (path === "/" ? index(file, { id }) : route(path.slice(1), file, { id }))),
    // Any other address: the not-found page, with the site's header and footer, in the language
    // of the address's prefix.
    ...PREFIXED_LOCALES.map((l) => route(`${l}/*`, "routes/not-found.tsx", { id: `routes/not-found.${l}` })),
    route("*", "routes/not-found.tsx"),
  ]),
  // The back office, from its registry (domain/admin-screens.ts): the screens inside its shell,
  // the rest beside it, and each old English address redirected to its Catalan one.
  // An error below it is shown by its layout's error page, in Catalan.
  layout(ADMIN_ERRORS, [
    ...prefix("admin", [
      ...ADMIN_SCREEN_LIST.filter((s) => !s.shell).map(adminRoute),
      layout(ADMIN_SHELL, ADMIN_SCREEN_LIST.filter((s) => s.shell).map(adminRoute)),
      ...ADMIN_SCREEN_LIST.filter((s) => s.was).map((s) => route(`${s.was!.slice(7)}/*`, ADMIN_MOVED, { id: `moved-${s.name}` })),
    ]),
  ]),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("api/map-comments.geojson", "routes/api/map-comments-geojson.ts"),
  // The plan's results as open data (decision 069).
  route("api/seguiment-del-pla.csv", "routes/api/results-csv.ts"),
  route("api/seguiment-del-pla.geojson", "routes/api/results-geojson.ts"),
  // What the tracker's map draws, fetched when the map comes into view (issue 35).
  route(TRACKER_MAP_DATA.slice(1), "routes/api/results-map.ts"),
  // The participation's open data and the catalogue of every open file (decision 074).
  route(OPEN_DATA_FILES.contributionsCsv.slice(1), "routes/open-data/contributions-csv.ts"),
  route(OPEN_DATA_FILES.contributionsGeoJson.slice(1), "routes/open-data/contributions-geojson.ts"),
  route(OPEN_DATA_FILES.catalogue.slice(1), "routes/open-data/catalogue-ttl.ts"),
  route("agenda/:file", "routes/agenda-ics.ts"),
] satisfies RouteConfig;
