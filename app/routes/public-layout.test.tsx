import { sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type RouteObject,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import * as t from "~/db/schema";
import { createTestContext } from "~/test/context";
import { createTestDatabase, testBackends } from "~/test/db";
import { WithMessages } from "~/test/i18n";
import * as root from "~/root";
import * as landing from "./landing";
import * as publicLayout from "./public-layout";

// The public layout's error page, rendered on the server the way a visitor gets it: the real
// loaders on a real database, with React Router's own handling of what they throw.

type AnyLoader = (args: never) => unknown;
// Route modules are typed for framework mode; React Router hands them the same props here.
type RouteComponent = Parameters<typeof withComponentProps>[0];

describe.each(testBackends())("public error page on %s", (backend) => {
  let database: Database;
  let ctx: ReturnType<typeof createTestContext>;
  let routes: RouteObject[];
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ctx = createTestContext(database);
    await ctx.db.insert(t.footerConfig).values({ footerText: "Peu de pàgina de la base de dades", collaboratorsText: "" });
    // The landings can no longer be read; everything else still can.
    await ctx.db.execute(sql`drop table landings`);
    const withContext = (loader: AnyLoader) => (args: object) => (loader as (a: object) => unknown)({ ...args, context: ctx });
    routes = [
      {
        id: "routes/public-layout",
        path: "/",
        loader: withContext(publicLayout.loader),
        Component: withComponentProps(publicLayout.default as unknown as RouteComponent),
        ErrorBoundary: withErrorBoundaryProps(publicLayout.ErrorBoundary),
        children: [
          {
            id: "routes/landing",
            path: "landing/:slug",
            loader: withContext(landing.loader),
            Component: withComponentProps(landing.default as unknown as RouteComponent),
          },
          {
            id: "fails",
            path: "falla",
            Component: () => null,
            loader: () => {
              throw new Error("detall intern");
            },
          },
          {
            id: "missing",
            path: "no-hi-es",
            Component: () => null,
            loader: () => {
              throw new Response(null, { status: 404 });
            },
          },
        ],
      },
    ];
  });
  afterAll(async () => {
    await database.close();
    ctx.cleanup();
  });

  async function render(path: string, routeTable = routes) {
    const handler = createStaticHandler(routeTable);
    const context = await handler.query(new Request(`http://127.0.0.1:3000${path}`));
    if (context instanceof Response) throw new Error(`unexpected redirect from ${path}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    return {
      status: context.statusCode,
      html: renderToString(
        <WithMessages>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </WithMessages>,
      ),
    };
  }
  const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

  it("a landing whose read fails answers 503 with the spec's text, between the header and the footer", async () => {
    const { status, html } = await render("/landing/qualsevol");
    expect(status).toBe(503);
    expect(h1(html)).toBe("No s&#x27;ha pogut carregar la landing page");
    expect(html).toContain('aria-label="Navegació principal"');
    expect(html).toContain("Peu de pàgina de la base de dades");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Torna a l&#x27;inici<\/a>/);
  });

  it("any other failure shows a general Catalan message, never its details, and keeps the header and footer", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, html } = await render("/falla");
    expect(status).toBe(500);
    expect(h1(html)).toBe("Hi ha hagut un error inesperat");
    expect(html).not.toContain("detall intern");
    expect(html).toContain('aria-label="Navegació principal"');
    expect(html).toContain("Peu de pàgina de la base de dades");
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("a page that answers 404 shows the not-found wording, inside the site", async () => {
    const { status, html } = await render("/no-hi-es");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).toContain("Peu de pàgina de la base de dades");
  });

  it("the root error page uses the same not-found wording", async () => {
    const { html } = await render("/no-hi-es", [
      {
        id: "root",
        path: "/",
        ErrorBoundary: withErrorBoundaryProps(root.ErrorBoundary),
        children: [{ path: "no-hi-es", Component: () => null, loader: () => Promise.reject(new Response(null, { status: 404 })) }],
      },
    ]);
    expect(html).toContain("Oops! Page not found");
    expect(html).not.toContain("Pàgina no trobada");
  });
});
