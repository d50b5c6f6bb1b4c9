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
const settle = async (fn: () => Promise<unknown>) => {
  try {
    return await fn();
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
});
