import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { accessEntry, ADMIN_ACCESS, adminRoles, mayUse, type AdminRole } from "~/domain/roles";
import routes from "~/routes";
import { SESSIONLESS_ADMIN_ROUTES, signedInAs } from "~/test/admin";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";

// The route walk of routes.test.ts, for roles (decision 032): every back-office route of the route
// table, its address, and for each role the answer the table below expects.

type Entry = (typeof routes)[number];

/** Each admin route module of the table with the address(es) it answers (":kind" spelled out). */
function adminRoutes(): { file: string; paths: string[] }[] {
  const out: { file: string; paths: string[] }[] = [];
  const walk = (entries: Entry[], base: string) => {
    for (const e of entries) {
      const path = e.path ? `${base}/${e.path}` : base;
      if (path.startsWith("/admin") && !SESSIONLESS_ADMIN_ROUTES.has(e.file)) {
        const paths = path.includes(":kind") ? ["videos", "resources"].map((k) => path.replace(":kind", k)) : [path];
        // A layout answers for the pages inside it: the dashboard stands for them.
        out.push({ file: e.file, paths: e.children && !e.path ? ["/admin/dashboard"] : paths });
      }
      if (e.children) walk(e.children as Entry[], path);
    }
  };
  walk(routes as Entry[], "");
  return out;
}

/** The answer each role gets, written out (not derived from ADMIN_ACCESS): who may open what. */
const A = "administrator",
  E = "editor",
  M = "moderator";
const EXPECTED: Record<string, AdminRole[]> = {
  "/admin/dashboard": [A, E, M],
  "/admin/compte": [A, E, M],
  "/admin/testimonials": [A, M],
  "/admin/reflections": [A, M],
  "/admin/map-comments": [A, M],
  "/admin/newsletter": [A, M],
  "/admin/moderacio": [A, M],
  "/admin/export/:file": [A, M],
  "/admin/export/map-comments.geojson": [A, M],
  "/admin/map-layers": [A, E],
  "/admin/activities": [A, E],
  "/admin/videos": [A, E],
  "/admin/resources": [A, E],
  "/admin/home-background": [A, E],
  "/admin/landings": [A, E],
  "/admin/footer": [A, E],
  "/admin/bici-fucsia": [A, E],
  "/admin/upload/videos": [A, E],
  "/admin/upload/resources": [A, E],
  "/admin/newsletter-send": [A, E],
  "/admin/settings": [A],
  "/admin/comptes": [A],
  "/admin/auditoria": [A],
  "/admin/export/audit.csv": [A],
};

type Fn = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;

/** The route table as React Router matches it (ids as the build names them: the file, without
 * its extension), each route with its file. */
type Matched = RouteObject & { file: string };
function routeTree(entries: Entry[] = routes as Entry[]): Matched[] {
  return entries.map((e) => {
    const id = (e as { id?: string }).id ?? e.file.replace(/\.tsx?$/, "");
    const children = e.children ? routeTree(e.children as Entry[]) : undefined;
    return (e.index ? { id, index: true, file: e.file } : { id, path: e.path, file: e.file, children }) as Matched;
  });
}

/** Other spellings of an address that the router takes for the same route: a letter or the dot
 * percent-encoded, the whole last segment encoded, upper case, a trailing slash. */
function encodedSpellings(path: string): string[] {
  const segments = path.split("/");
  const last = segments.at(-1)!;
  const withLast = (s: string) => [...segments.slice(0, -1), s].join("/");
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  return [
    path.replace("/admin/", "/%61dmin/"),
    withLast(`${hex(last[0]!)}${last.slice(1)}`),
    withLast(last.replace(/[.-]/g, hex)),
    withLast([...last].map(hex).join("")),
    path.toUpperCase(),
    path.replace("/admin/", "/ADMIN/").replace(/.$/, (c) => hex(c).toLowerCase()),
    `${path}/`,
  ].filter((p) => p !== path);
}

/** Spellings no route may be reached by: an encoded slash, the path encoded twice. */
function ambiguousSpellings(path: string): string[] {
  const last = path.split("/").at(-1)!;
  return [
    path.replace("/admin/", "/admin%2F"),
    path.replace(/\/([^/]+)$/, "%2F$1"),
    path.replace(last, `%25${last.charCodeAt(0).toString(16)}${last.slice(1)}`),
    path.replace(last, last.replace(/\./g, "%252E")),
  ].filter((p) => p !== path);
}
const settle = async (fn: () => Promise<unknown>) => {
  try {
    const answer = await fn();
    // Read to its end, as a browser does: a download holds one of the account's few export places
    // until then (decision 053).
    if (answer instanceof Response) await answer.arrayBuffer();
    return answer;
  } catch (e) {
    return e;
  }
};
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: ResponseInit | null } | null)?.init?.status ?? 200));

it("every admin route of the table has a declared role (a new screen must be added to ADMIN_ACCESS)", () => {
  const undeclared = adminRoutes()
    .flatMap((r) => r.paths)
    .filter((p) => accessEntry(p) === undefined);
  expect(undeclared, "add these paths to ADMIN_ACCESS in app/domain/roles.ts").toEqual([]);
  // And the written-out expectations cover every route.
  expect(
    adminRoutes()
      .flatMap((r) => r.paths)
      .filter((p) => !(p in EXPECTED)),
  ).toEqual([]);
});

it("the role map matches what each role is expected to use, and refuses paths it does not declare to all but administrators", () => {
  for (const [path, allowed] of Object.entries(EXPECTED))
    for (const role of adminRoles) expect(mayUse(role, path), `${role} ${path}`).toBe(allowed.includes(role));
  for (const role of ["editor", "moderator"] as const) {
    expect(mayUse(role, "/admin/nova-pantalla")).toBe(false);
    // A prefix is a path segment, not a string: /admin/comptes is not /admin/compte's.
    expect(mayUse(role, "/admin/comptes")).toBe(false);
    expect(mayUse(role, "/admin/compte")).toBe(true);
    expect(mayUse(role, "/admin/compte.data")).toBe(true);
  }
  expect(mayUse("administrator", "/admin/nova-pantalla")).toBe(true);
  expect(Object.keys(ADMIN_ACCESS)).toContain("/admin/moderacio");
});

describe.each(testBackends())("roles on %s", (backend) => {
  const ctx = setupTestContext(backend);
  const cookies = {} as Record<AdminRole, string>;
  beforeAll(async () => {
    for (const role of adminRoles) cookies[role] = (await signedInAs(ctx, role)).cookie;
  });

  it("each admin loader answers each role as expected: the page, or a 403", async () => {
    for (const { file, paths } of adminRoutes()) {
      const mod = (await import(/* @vite-ignore */ `../../${file}`)) as { loader?: Fn };
      for (const path of paths)
        for (const role of adminRoles) {
          const res = await settle(() =>
            mod.loader!(routeArgs(ctx, path, { headers: { Cookie: cookies[role] }, params: { kind: path.split("/").pop()! } })),
          );
          const status = statusOf(res);
          expect(status, `${role} ${path} (${file})`).toBe(EXPECTED[path]!.includes(role) ? 200 : 403);
        }
    }
  });

  it("each admin action refuses a role that may not use its screen with a 403, and stores nothing", async () => {
    const counts = () =>
      Promise.all(
        [
          t.activities,
          t.videos,
          t.footerLogos,
          t.resources,
          t.biciFucsiaPhotos,
          t.homeBackground,
          t.landings,
          t.siteSettings,
          t.auditLog,
          t.adminInvitations,
        ].map((table) => ctx.db.$count(table)),
      );
    const before = await counts();
    let refused = 0;
    for (const { file, paths } of adminRoutes()) {
      const mod = (await import(/* @vite-ignore */ `../../${file}`)) as { action?: Fn };
      if (!mod.action) continue;
      for (const path of paths)
        for (const role of adminRoles.filter((r) => !EXPECTED[path]!.includes(r))) {
          const body = new URLSearchParams({
            intent: "invite",
            email: "intrus@example.org",
            role: "administrator",
            title: "Intrús",
            value: "true",
          });
          const res = await settle(() =>
            mod.action!(
              routeArgs(ctx, path, { method: "POST", body, headers: { Cookie: cookies[role] }, params: { kind: path.split("/").pop()! } }),
            ),
          );
          expect(statusOf(res), `${role} ${path}`).toBe(403);
          refused++;
        }
    }
    expect(refused).toBeGreaterThanOrEqual(15);
    expect(await counts()).toEqual(before);
  });

  /** The answer the router gives `url`: it matches the route table (React Router's own matchRoutes,
   * which decodes the path as the server does), runs every matched loader (the worst answer wins),
   * or, for a post, the deepest route's action. The route that answered is returned too. */
  async function throughRouter(url: string, role: AdminRole, method: "GET" | "POST" = "GET") {
    const matches = matchRoutes(routeTree(), new URL(url, "http://127.0.0.1:3000").pathname) as
      { route: Matched; params: Record<string, string> }[] | null;
    const answered = matches?.at(-1)?.route.file;
    const statuses: number[] = [];
    for (const [i, m] of (matches ?? []).entries()) {
      if (method === "POST" && i !== matches!.length - 1) continue;
      const mod = (await import(/* @vite-ignore */ `../../${m.route.file}`)) as { loader?: Fn; action?: Fn };
      const fn = method === "POST" ? mod.action : mod.loader;
      if (!fn) continue;
      const body =
        method === "POST"
          ? new URLSearchParams({ intent: "invite", email: "intrus@example.org", role: "administrator", title: "Intrús", value: "true" })
          : undefined;
      const answer = await settle(() => fn(routeArgs(ctx, url, { method, body, headers: { Cookie: cookies[role] }, params: m.params })));
      statuses.push(statusOf(answer));
    }
    return { answered, status: Math.max(0, ...statuses) };
  }

  it("an admin address spelled another way (encoded letters or dots, any case) reaches the same route and gets the same answer for every role (issue 29)", async () => {
    let walked = 0;
    for (const { file, paths } of adminRoutes())
      for (const pattern of paths) {
        const path = pattern.replace(":file", "reflections.csv");
        const canonical = await throughRouter(path, "administrator");
        expect(canonical.answered, path).toBe(file.startsWith("routes/admin/shell") ? "routes/admin/dashboard.tsx" : file);
        for (const spelling of encodedSpellings(path))
          for (const role of adminRoles) {
            const answer = await throughRouter(spelling, role);
            expect(answer.answered, `${spelling} routes as ${path}`).toBe(canonical.answered);
            // A role that may use the screen gets it (or the screen's own answer: an export's
            // name is read as written, so `REFLECTIONS.CSV` is its 404); any other role a 403.
            if (EXPECTED[pattern]!.includes(role)) expect([200, 404], `${role} ${spelling} (${path})`).toContain(answer.status);
            else expect(answer.status, `${role} ${spelling} (${path})`).toBe(403);
            walked++;
          }
      }
    expect(walked).toBeGreaterThan(400);
    // The review's case, by name: the audit log is the administrators' in every spelling.
    for (const spelling of [
      "/admin/export/audit%2Ecsv",
      "/admin/export/%61udit.csv",
      "/admin/export/AUDIT.CSV",
      "/admin/export/audit%2ecsv/",
    ])
      expect(await throughRouter(spelling, "moderator"), spelling).toEqual({ answered: "routes/admin/export-audit.ts", status: 403 });
  });

  it("an admin action spelled another way refuses the roles its screen refuses, and stores nothing", async () => {
    const before = await Promise.all([t.activities, t.siteSettings, t.auditLog, t.adminInvitations].map((table) => ctx.db.$count(table)));
    let refused = 0;
    for (const { paths } of adminRoutes())
      for (const pattern of paths) {
        const path = pattern.replace(":file", "reflections.csv");
        for (const spelling of encodedSpellings(path).slice(0, 4))
          for (const role of adminRoles.filter((r) => !EXPECTED[pattern]!.includes(r))) {
            const answer = await throughRouter(spelling, role, "POST");
            if (answer.status === 0) continue; // No action on this route (a page that only reads).
            expect(answer.status, `${role} POST ${spelling}`).toBe(403);
            refused++;
          }
      }
    expect(refused).toBeGreaterThanOrEqual(60);
    expect(await Promise.all([t.activities, t.siteSettings, t.auditLog, t.adminInvitations].map((table) => ctx.db.$count(table)))).toEqual(
      before,
    );
  });

  it("an address with an encoded slash or encoded twice is nobody's, not even an administrator's", async () => {
    for (const { paths } of adminRoutes())
      for (const pattern of paths)
        for (const spelling of ambiguousSpellings(pattern.replace(":file", "reflections.csv")))
          for (const role of adminRoles) {
            const answer = await throughRouter(spelling, role);
            // The router may take it for a not-found page or for another route: either way no admin loader lets it in.
            if (answer.answered?.startsWith("routes/admin/")) expect(answer.status, `${role} ${spelling}`).toBe(403);
            expect(mayUse(role, new URL(spelling, "http://x").pathname), `${role} ${spelling}`).toBe(false);
          }
  });
});
