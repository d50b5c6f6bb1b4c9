import { gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as t from "~/db/schema";
import { ensureAdmin } from "~/models/admin-users.server";
import { DEFAULT_PARTICIPATION } from "~/lib/participation-state";
import { DEFAULT_FOOTER_TEXT } from "~/lib/footer";
import { createSession, getAdminSession } from "~/infra/session.server";
import { createTestContext, routeArgs, setupTestContext } from "~/test/context";
import { guardedAdminRoutes, signedInAdmin } from "~/test/admin";
import { ADMIN_SCREENS, ADMIN_SHELL } from "~/domain/admin-screens";
import { createTestDatabase, testBackends } from "~/test/db";
import * as aportacions from "./aportacions";
import * as home from "./home";
import * as landing from "./landing";
import * as login from "./admin/login";
import * as logout from "./admin/logout";
import * as publicLayout from "./public-layout";
import * as testimonis from "./testimonis";

type Loader = (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
// Route modules are typed for React Router's full argument object; tests pass what loaders read.
const call = <A>(fn: (args: A) => unknown, args: ReturnType<typeof routeArgs>) => fn(args as unknown as A);

/** Every protected back-office route module, once: the registry's guarded screens and the shell. */
const adminRouteFiles = () => [...new Set(guardedAdminRoutes().map((r) => r.file))];

const thrownOrReturned = async (fn: () => Promise<unknown>) => {
  try {
    return await fn();
  } catch (e) {
    return e;
  }
};

describe.each(testBackends())("route loaders and actions on %s", (backend) => {
  const ctx = setupTestContext(backend);
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = await signedInAdmin(ctx);
  });

  it("the public layout shows the default footer on an empty database, then the stored one with active logos in order", async () => {
    const empty = await (call(publicLayout.loader, routeArgs(ctx, "/")) as ReturnType<typeof publicLayout.loader>);
    expect(empty).toEqual({
      footer: { footerText: { text: DEFAULT_FOOTER_TEXT, lang: "ca" }, collaboratorsText: null, logos: [] },
      isAdmin: false,
      heard: false,
      tracker: false,
      participation: DEFAULT_PARTICIPATION,
    });

    await ctx.db.insert(t.footerConfig).values({ footerText: "Text [enllaç](https://example.cat)", collaboratorsText: "Amb el suport de" });
    await ctx.db.insert(t.footerLogos).values([
      { name: "Segon", imageKey: "logos/00000000-0000-4000-8000-000000000002.png", position: 2, linkUrl: "javascript:alert(1)" },
      { name: "Amagat", imageKey: "logos/00000000-0000-4000-8000-000000000003.png", position: 0, isActive: false },
      { name: "Primer", imageKey: "logos/00000000-0000-4000-8000-000000000001.png", position: 1, linkUrl: "https://example.cat/" },
    ]);
    const { footer } = await (call(publicLayout.loader, routeArgs(ctx, "/")) as ReturnType<typeof publicLayout.loader>);
    expect(footer.footerText).toEqual({ text: "Text [enllaç](https://example.cat)" });
    expect(footer.logos).toEqual([
      {
        id: expect.any(String),
        name: "Primer",
        imageUrl: "/media/logos/00000000-0000-4000-8000-000000000001.png",
        linkUrl: "https://example.cat/",
      },
      { id: expect.any(String), name: "Segon", imageUrl: "/media/logos/00000000-0000-4000-8000-000000000002.png", linkUrl: null },
    ]);
  });

  it("the public layout knows a signed-in admin (for 'Sortir')", async () => {
    const result = await (call(publicLayout.loader, routeArgs(ctx, "/", { headers: { Cookie: adminCookie } })) as ReturnType<
      typeof publicLayout.loader
    >);
    expect(result.isAdmin).toBe(true);
  });

  it("the public layout answers when the database does not, for a signed-in admin too", async () => {
    const broken = await createTestDatabase(backend);
    const brokenCtx = createTestContext(broken);
    await broken.close();
    try {
      for (const headers of [{}, { Cookie: adminCookie }] as Record<string, string>[]) {
        const result = await (call(publicLayout.loader, routeArgs(brokenCtx, "/", { headers })) as ReturnType<typeof publicLayout.loader>);
        expect(result).toEqual({
          footer: { footerText: { text: DEFAULT_FOOTER_TEXT, lang: "ca" }, collaboratorsText: null, logos: [] },
          isAdmin: false,
          heard: false,
          tracker: false,
          participation: DEFAULT_PARTICIPATION,
        });
      }
    } finally {
      brokenCtx.cleanup();
    }
  });

  it("the home page lists the agenda by date, ascending", async () => {
    const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.insert(t.activities).values([
      { title: "Després", date: dayFromToday(27) },
      { title: "Abans", date: dayFromToday(8), emoji: "🗺️" },
    ]);
    const home_ = await (call(home.loader, routeArgs(ctx, "/")) as ReturnType<typeof home.loader>);
    const activities = await home_.activities;
    expect(activities.map((a) => a.title.text)).toEqual(["Abans", "Després"]);
    expect(activities[1]!.linkText.text).toBe("Inscriu-te");
  });

  it("a landing shows when active and redirects to /404 when missing or inactive", async () => {
    await ctx.db.insert(t.landings).values([
      { title: "Activa", slug: "activa", description: "Hola" },
      { title: "Inactiva", slug: "inactiva", isActive: false },
    ]);
    const ok = await (call(landing.loader, routeArgs(ctx, "/landing/activa", { params: { slug: "activa" } })) as ReturnType<
      typeof landing.loader
    >);
    expect(ok.landing.title.text).toBe("Activa");
    // Also what no slug looks like: a NUL made the database fail (503), invalid UTF-8, traversal.
    for (const slug of ["inactiva", "no-existeix", "a\u0000b", "\uFFFD", "../admin", "Activa"]) {
      const res = (await thrownOrReturned(async () =>
        call(landing.loader, routeArgs(ctx, `/landing/${slug}`, { params: { slug } })),
      )) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/404");
    }
  });

  it("the contributions page goes a page at a time; a page number that is not one goes to the first page", async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await ctx.db.insert(t.mapComments).values(Array.from({ length: 35 }, (_, i) => ({ comment: `Pàgina ${i}`, createdAt: minutesAgo(i) })));
    const load = (url: string) =>
      thrownOrReturned(async () => call(aportacions.loader, routeArgs(ctx, url))) as ReturnType<typeof aportacions.loader>;
    const first = await load("/aportacions?tipus=map_comment");
    expect(first).toMatchObject({ type: "map_comment", total: 35, page: 1, pages: 2 });
    expect(first.items).toHaveLength(30);
    expect(first.items[0]!.text).toBe("Pàgina 0");
    const second = await load("/aportacions?tipus=map_comment&pagina=2");
    expect(second.items.map((c) => c.text)).toEqual(["Pàgina 30", "Pàgina 31", "Pàgina 32", "Pàgina 33", "Pàgina 34"]);
    for (const [url, to] of [
      ["/aportacions?tipus=map_comment&pagina=3", "/aportacions?tipus=map_comment"],
      ["/aportacions?pagina=0", "/aportacions"],
      ["/aportacions?pagina=dos", "/aportacions"],
      ["/aportacions?pagina=99999999", "/aportacions"],
    ] as const) {
      const res = (await load(url)) as unknown as Response;
      expect(res.status, url).toBe(302);
      expect(res.headers.get("Location"), url).toBe(to);
    }
    expect(aportacions.listUrl("testimonial", 2)).toBe("?tipus=testimonial&pagina=2");
    expect(aportacions.listUrl(null)).toBe(".");
  });

  it("the testimonials page lists one theme with ?ambit=, and an unknown theme goes to all of them", async () => {
    const loaded = await (call(testimonis.loader, routeArgs(ctx, "/testimonis?ambit=infants")) as ReturnType<typeof testimonis.loader>);
    expect(loaded.filter).toBe("infants");
    const res = (await thrownOrReturned(async () => call(testimonis.loader, routeArgs(ctx, "/testimonis?ambit=res")))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/testimonis");
  });

  it("every admin loader in the route table refuses an anonymous or forged request", async () => {
    // The registry's guarded screens (roles.test.ts proves the route table routes each of them).
    const files = adminRouteFiles();
    expect(files).toContain(ADMIN_SHELL);
    expect(files).toContain(ADMIN_SCREENS.settings.file);
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ `../${file}`)) as { loader?: Loader };
      expect(mod.loader, file).toBeTypeOf("function");
      for (const cookie of [undefined, "pb_session=forged", adminCookie.replace(/.{4}$/, "abcd")]) {
        const res = (await thrownOrReturned(() =>
          mod.loader!(routeArgs(ctx, "/admin/x", { headers: cookie ? { Cookie: cookie } : {} })),
        )) as Response;
        expect(res, file).toBeInstanceOf(Response);
        expect(res.status, file).toBe(302);
        expect(res.headers.get("Location"), file).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      const allowed = await mod.loader!(routeArgs(ctx, "/admin/x", { headers: { Cookie: adminCookie } }));
      expect(allowed instanceof Response ? allowed.status : 200, file).toBe(200);
      // A download is given up, as a closed tab does: its export slot is free for the next one.
      if (allowed instanceof Response) await allowed.body?.cancel();
    }
  });

  it("every admin action in the route table refuses anonymous, forged and expired sessions, and stores nothing", async () => {
    // An expired session: a real token whose row has passed its expiry.
    const admin = await ctx.db.query.adminUsers.findFirst();
    const expiredCookie = (await createSession(ctx, admin!.id)).split(";")[0]!;
    await ctx.db
      .update(t.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(gt(t.sessions.createdAt, new Date(Date.now() - 5000)));
    const stillValid = await getAdminSession(new Request("http://x/", { headers: { Cookie: adminCookie } }), ctx);
    if (!stillValid) adminCookie = (await createSession(ctx, admin!.id)).split(";")[0]!;
    // A stored map address: an action that let an intruder through would replace or remove it.
    await ctx.db.insert(t.siteSettings).values({ key: "map_embed_url", value: "https://mapa.example.org/embed" });
    const counts = async () =>
      Promise.all([
        ...[t.activities, t.videos, t.footerLogos, t.resources, t.biciFucsiaPhotos, t.homeBackground, t.landings, t.mapLayers].map(
          (table) => ctx.db.$count(table),
        ),
        ctx.db.select().from(t.siteSettings),
      ]);
    const before = await counts();
    const files = adminRouteFiles();
    let actions = 0;
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ `../${file}`)) as { action?: Loader };
      if (!mod.action) continue;
      actions++;
      for (const cookie of [undefined, "pb_session=forged", adminCookie.replace(/.{4}$/, "abcd"), expiredCookie]) {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          intent: "create",
          title: "Intrús",
          date: "2026-01-01",
          emoji: "🚲",
          scope: "laboral",
          name: "x",
          slug: "intrus",
          footerText: "x",
          collaboratorsText: "x",
          mapEmbedUrl: "https://intrus.example.org/",
        }))
          form.set(k, v);
        form.set("file", new File([new Uint8Array(4200)], "x.png", { type: "image/png" }));
        const res = (await thrownOrReturned(() =>
          mod.action!(
            routeArgs(ctx, "/admin/x", {
              method: "POST",
              body: form,
              headers: cookie ? { Cookie: cookie } : {},
              params: { kind: "videos" },
            }),
          ),
        )) as Response;
        expect(res, file).toBeInstanceOf(Response);
        if (res.status === 302) expect(res.headers.get("Location"), file).toMatch(/^\/admin\/login\?redirectTo=/);
        else expect([401, 403], file).toContain(res.status);
      }
    }
    expect(actions).toBeGreaterThanOrEqual(10);
    expect(await counts()).toEqual(before);
  });

  it("the login action signs in with the spec's messages", async () => {
    const post = (fields: Record<string, string>) =>
      call(login.action, routeArgs(ctx, "/admin/login", { method: "POST", body: new URLSearchParams(fields) }));
    const wrong = (await post({ email: "gestor@penedes.cat", password: "malament" })) as { data: { error: string }; init: ResponseInit };
    expect(wrong.data.error).toBe("Email o contrasenya incorrectes.");
    expect(wrong.init.status).toBe(401);
    const unknown = (await post({ email: "ningu@penedes.cat", password: "contrasenya-segura" })) as { data: { error: string } };
    expect(unknown.data.error).toBe("Email o contrasenya incorrectes.");
    const ok = (await thrownOrReturned(async () =>
      post({ email: "gestor@penedes.cat", password: "contrasenya-segura", redirectTo: "https://evil.example" }),
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
    expect(ok.headers.get("Set-Cookie")).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it("sign-out returns to the home page only when asked for '/', and to the login page with its notice otherwise", async () => {
    // An admin of its own: signing out ends every session of that account.
    await ensureAdmin(ctx.db, `sortida-${backend}@penedes.cat`, "contrasenya-segura");
    const user = await ctx.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, `sortida-${backend}@penedes.cat`) });
    const signOut = async (redirectTo?: string) => {
      const cookie = (await createSession(ctx, user!.id)).split(";")[0]!;
      const body = new URLSearchParams(redirectTo === undefined ? {} : { redirectTo });
      const res = (await thrownOrReturned(async () =>
        call(logout.action, routeArgs(ctx, "/admin/sortir", { method: "POST", body, headers: { Cookie: cookie } })),
      )) as Response;
      const ended = (await getAdminSession(new Request("http://x/", { headers: { Cookie: cookie } }), ctx)) === null;
      return { status: res.status, location: res.headers.get("Location"), cookies: res.headers.getSetCookie(), ended };
    };

    const home = await signOut("/");
    expect(home).toMatchObject({ status: 302, location: "/", ended: true });
    expect(home.cookies.some((c) => c.startsWith("pb_flash="))).toBe(false);

    for (const redirectTo of [undefined, "", "//evil.example", "https://evil.example/", "/admin/dashboard", "/\\evil.example"]) {
      const out = await signOut(redirectTo);
      expect(out, String(redirectTo)).toMatchObject({ status: 302, location: "/admin/login", ended: true });
      expect(
        out.cookies.some((c) => c.startsWith("pb_flash=")),
        String(redirectTo),
      ).toBe(true);
    }
  });
});
