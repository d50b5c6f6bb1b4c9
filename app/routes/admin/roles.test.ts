import { adminPaths } from "~/lib/admin-paths";
import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ADMIN_ERRORS,
  ADMIN_MOVED,
  ADMIN_SCREEN_LIST,
  ADMIN_SCREENS,
  ADMIN_SHELL,
  screenAddresses,
  type AdminScreenName,
} from "~/domain/admin-screens";
import { accessEntry, ADMIN_ACCESS, adminRoles, mayUse, type AdminRole } from "~/domain/roles";
import routes from "~/routes";
import { guardedAdminRoutes, signedInAs } from "~/test/admin";
import { routeArgs, setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";

// The registry test (decision 055) and the route walk of routes.test.ts, for roles (decision 032):
// every back-office route of the route table is a screen of the registry; each screen, at each of
// its addresses, answers each role as the registry declares.

type Entry = (typeof routes)[number];

/** Every route of the table under /admin or from its folder, as its path and module (a layout
 * without a path of its own: ""). */
function tableAdminRoutes(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: Entry[], base: string) => {
    for (const e of entries) {
      const path = e.path ? `${base}/${e.path}` : base;
      if (path === "/admin" || path.startsWith("/admin/") || e.file.startsWith("routes/admin/")) out.push({ path, file: e.file });
      if (e.children) walk(e.children as Entry[], path);
    }
  };
  walk(routes as Entry[], "");
  return out;
}

/** The policy, written out for a few screens (not read from the registry): who may open what. */
const A = "administrator",
  E = "editor",
  M = "moderator";
const POLICY: [AdminScreenName, AdminRole[]][] = [
  ["dashboard", [A, E, M]],
  ["account", [A, E, M]],
  ["moderation", [A, M]],
  ["subscribers", [A, M]],
  ["exports", [A, M]],
  ["activities", [A, E]],
  ["upload", [A, E]],
  ["newsletterSend", [A, E]],
  ["settings", [A]],
  ["accounts", [A]],
  ["auditCsv", [A]],
];

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

it("every admin route of the table is in the registry (a screen, the shell, an old address's redirect), each once", () => {
  const expected = [
    ...ADMIN_SCREEN_LIST.map(({ path, file }) => ({ path, file })),
    { path: "", file: ADMIN_SHELL },
    { path: "", file: ADMIN_ERRORS },
    ...ADMIN_SCREEN_LIST.filter((s) => s.was).map((s) => ({ path: `${s.was}/*`, file: ADMIN_MOVED })),
  ];
  const byPath = (a: { path: string; file: string }, b: { path: string; file: string }) =>
    a.path.localeCompare(b.path) || a.file.localeCompare(b.file);
  expect(tableAdminRoutes().sort(byPath)).toEqual(expected.sort(byPath));
  // And every route module of the back office's folder is routed by it.
  const modules = readdirSync(new URL(".", import.meta.url))
    .filter((f) => /^[a-z-]+\.tsx?$/.test(f) && !f.endsWith(".server.ts"))
    .map((f) => `routes/admin/${f}`);
  expect(new Set(modules)).toEqual(new Set(expected.map((r) => r.file)));
  // A new address is Catalan and an old one is not reused: no screen's address is another's old one.
  const addresses = new Set(ADMIN_SCREEN_LIST.map((s) => s.path));
  expect(ADMIN_SCREEN_LIST.filter((s) => s.was && addresses.has(s.was))).toEqual([]);
});

it("no admin address is written outside the registry, in the app's or the server's code", () => {
  const segments = ADMIN_SCREEN_LIST.flatMap((s) => [s.path, s.was ?? ""].map((p) => p.split("/")[2] ?? "")).filter(Boolean);
  const written = new RegExp(`["'\`]/admin/(?:${[...new Set(segments)].join("|")})\\b`);
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const found: string[] = [];
  for (const dir of ["app", "server"])
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|^test\/|admin-screens(-public)?\.ts$/.test(file)) continue;
      // Its code, not its comments (a comment may name an address as an example).
      const text = readFileSync(path.join(root, dir, file), "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
        .join("\n");
      if (written.test(text)) found.push(`${dir}/${file}: ${written.exec(text)![0]}`);
    }
  expect(found, "write these with adminPaths.admin… (lib/admin-paths.ts) or ADMIN_SCREENS (domain/admin-screens.ts)").toEqual([]);
  // The scan finds what it looks for.
  expect(written.test('to="/admin/testimonis"')).toBe(true);
  expect(written.test('"/admin/testimonials"')).toBe(true);
  expect(written.test('"routes/admin/testimonials.tsx"')).toBe(false);
});

it("the role map follows the registry and the written-out policy, and refuses paths it does not declare to all but administrators", () => {
  for (const { path, roles } of guardedAdminRoutes())
    for (const role of adminRoles) expect(mayUse(role, path), `${role} ${path}`).toBe(roles.includes(role));
  for (const [name, allowed] of POLICY)
    for (const path of screenAddresses(ADMIN_SCREENS[name], "reflections.csv"))
      for (const role of adminRoles) expect(mayUse(role, path), `${role} ${path}`).toBe(allowed.includes(role));
  for (const role of ["editor", "moderator"] as const) {
    expect(mayUse(role, "/admin/nova-pantalla")).toBe(false);
    // A prefix is a path segment, not a string: /admin/comptes is not /admin/compte's.
    expect(mayUse(role, ADMIN_SCREENS.accounts.path)).toBe(false);
    expect(mayUse(role, ADMIN_SCREENS.account.path)).toBe(true);
    expect(mayUse(role, `${ADMIN_SCREENS.account.path}.data`)).toBe(true);
    // A value of a parameter the registry does not declare is the administrators' only.
    expect(mayUse(role, `${adminPaths.adminUpload}/altres`)).toBe(false);
  }
  expect(mayUse("administrator", "/admin/nova-pantalla")).toBe(true);
  // Every guarded screen has its entry, and the sessionless ones none.
  expect(guardedAdminRoutes().filter((r) => accessEntry(r.path) === undefined)).toEqual([]);
  expect(ADMIN_SCREEN_LIST.filter((s) => !s.roles && s.path !== "/admin" && accessEntry(s.path) !== undefined)).toEqual([]);
  expect(Object.keys(ADMIN_ACCESS)).toContain(ADMIN_SCREENS.moderation.path);
});

describe.each(testBackends())("roles on %s", (backend) => {
  const ctx = setupTestContext(backend);
  const cookies = {} as Record<AdminRole, string>;
  beforeAll(async () => {
    for (const role of adminRoles) cookies[role] = (await signedInAs(ctx, role)).cookie;
  });

  it("each admin loader answers each role as the registry declares: the page, or a 403; and anonymously the sign-in", async () => {
    for (const { file, path, params, roles } of guardedAdminRoutes()) {
      const mod = (await import(/* @vite-ignore */ `../../${file}`)) as { loader?: Fn };
      for (const role of adminRoles) {
        const res = await settle(() => mod.loader!(routeArgs(ctx, path, { headers: { Cookie: cookies[role] }, params })));
        expect(statusOf(res), `${role} ${path} (${file})`).toBe(roles.includes(role) ? 200 : 403);
      }
      const anonymous = (await settle(() => mod.loader!(routeArgs(ctx, path, { params })))) as Response;
      expect(anonymous.status, `anonymous ${path}`).toBe(302);
      expect(anonymous.headers.get("Location"), `anonymous ${path}`).toBe(
        `${adminPaths.adminLogin}?redirectTo=${encodeURIComponent(path)}`,
      );
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
    for (const { file, path, params, roles } of guardedAdminRoutes()) {
      const mod = (await import(/* @vite-ignore */ `../../${file}`)) as { action?: Fn };
      if (!mod.action) continue;
      for (const role of adminRoles.filter((r) => !roles.includes(r))) {
        const body = new URLSearchParams({
          intent: "invite",
          email: "intrus@example.org",
          role: "administrator",
          title: "Intrús",
          value: "true",
        });
        const res = await settle(() =>
          mod.action!(routeArgs(ctx, path, { method: "POST", body, headers: { Cookie: cookies[role] }, params })),
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
    for (const { file, path, roles } of guardedAdminRoutes()) {
      const canonical = await throughRouter(path, "administrator");
      expect(canonical.answered, path).toBe(file === ADMIN_SHELL ? ADMIN_SCREENS.dashboard.file : file);
      for (const spelling of encodedSpellings(path))
        for (const role of adminRoles) {
          const answer = await throughRouter(spelling, role);
          expect(answer.answered, `${spelling} routes as ${path}`).toBe(canonical.answered);
          // A role that may use the screen gets it (or the screen's own answer: an export's
          // name is read as written, so `REFLECTIONS.CSV` is its 404); any other role a 403.
          if (roles.includes(role)) expect([200, 404], `${role} ${spelling} (${path})`).toContain(answer.status);
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
      expect(await throughRouter(spelling, "moderator"), spelling).toEqual({ answered: ADMIN_SCREENS.auditCsv.file, status: 403 });
    // Every screen, in every spelling, for every role: some thousand loader calls, which took
    // 30 s on a busy two-core machine before the coding screens (issue 32) were added.
  }, 120_000);

  it("an admin action spelled another way refuses the roles its screen refuses, and stores nothing", async () => {
    const before = await Promise.all([t.activities, t.siteSettings, t.auditLog, t.adminInvitations].map((table) => ctx.db.$count(table)));
    let refused = 0;
    for (const { path, roles } of guardedAdminRoutes())
      for (const spelling of encodedSpellings(path).slice(0, 4))
        for (const role of adminRoles.filter((r) => !roles.includes(r))) {
          const answer = await throughRouter(spelling, role, "POST");
          if (answer.status === 0) continue; // No action on this route (a page that only reads).
          expect(answer.status, `${role} POST ${spelling}`).toBe(403);
          refused++;
        }
    expect(refused).toBeGreaterThanOrEqual(60);
    expect(await Promise.all([t.activities, t.siteSettings, t.auditLog, t.adminInvitations].map((table) => ctx.db.$count(table)))).toEqual(
      before,
    );
  });

  it("an address with an encoded slash or encoded twice is nobody's, not even an administrator's", async () => {
    for (const { path } of guardedAdminRoutes())
      for (const spelling of ambiguousSpellings(path))
        for (const role of adminRoles) {
          const answer = await throughRouter(spelling, role);
          // The router may take it for a not-found page or for another route: either way no admin loader lets it in.
          if (answer.answered?.startsWith("routes/admin/")) expect(answer.status, `${role} ${spelling}`).toBe(403);
          expect(mayUse(role, new URL(spelling, "http://x").pathname), `${role} ${spelling}`).toBe(false);
        }
  });
});
