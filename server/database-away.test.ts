import net from "node:net";
import pg from "pg";
import { createElement } from "react";
import { createRequestHandler, useRouteError, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorContent } from "~/components/error-content";
import * as entry from "~/entry.server";
import { clientMessages } from "~/i18n/catalogues.server";
import { I18nProvider } from "~/i18n/react";
import { answeringDatabaseAway } from "./react-router";

/** A port on loopback nobody listens on: PostgreSQL stopped, as node-postgres meets it. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A page whose loader and action read a database: the real driver, on a server that is not there
 * (`away`), or a query's own fault. */
function buildWith(port: number, resource = false) {
  const query = async (url: string) => {
    const path = new URL(url).pathname;
    if (path === "/trenca") throw new Error("una consulta mal escrita");
    if (path !== "/away" && path !== "/away.data") return "la pàgina";
    const client = new pg.Client({ host: "127.0.0.1", port, user: "bici", database: "bici" });
    client.on("error", () => {});
    await client.connect();
    return "mai";
  };
  const page = {
    default: () => createElement("p", null, "la pàgina"),
    // In Catalan, as the site's root gives its pages their words (app/root.tsx).
    ErrorBoundary: () =>
      createElement(I18nProvider, {
        locale: "ca",
        messages: clientMessages("ca"),
        children: createElement(ErrorContent, { error: useRouteError() }),
      }),
    loader: ({ request }: { request: Request }) => query(request.url),
    action: ({ request }: { request: Request }) => query(request.url),
  };
  // A resource route (an export, a feed): a loader and no component.
  const root = resource ? { loader: page.loader } : page;
  return {
    entry: { module: entry },
    routes: { root: { id: "root", path: "*", module: root } },
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "*",
          hasAction: true,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: true,
          module: "/root.js",
          imports: [],
          css: [],
        },
      },
      url: "/manifest.js",
      version: "assaig",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const PAGE = { accept: "text/html", origin: "http://127.0.0.1" };

describe("the database away (decision 060)", () => {
  it("a page or a form whose database is away answers the Catalan 503, try again, with Retry-After; a fault of ours stays a 500", async () => {
    const handle = createRequestHandler(answeringDatabaseAway(buildWith(await closedPort())), "production");
    for (const method of ["GET", "POST"]) {
      const res = await handle(
        new Request("http://127.0.0.1/away", { method, headers: PAGE, body: method === "POST" ? "a=1" : undefined }),
      );
      expect(res.status, method).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain("El web no està disponible en aquest moment");
      expect(html).toContain("Torna-ho a provar d&#x27;aquí a un moment.");
      expect(html).not.toContain("Hi ha hagut un error inesperat");
    }
    // A form sent by the page's script (single fetch) is told the same.
    const data = await handle(new Request("http://127.0.0.1/away.data", { method: "POST", headers: PAGE, body: "a=1" }));
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");
    const fault = await handle(new Request("http://127.0.0.1/trenca", { headers: PAGE }));
    expect(fault.status).toBe(500);
    expect(fault.headers.get("retry-after")).toBeNull();
    expect(await fault.text()).toContain("Hi ha hagut un error inesperat");
    expect((await handle(new Request("http://127.0.0.1/", { headers: PAGE }))).status).toBe(200);
  });

  it("a file (a resource route: an export, a feed) whose database is away answers 503 with Retry-After, in Catalan, never kept", async () => {
    const handle = createRequestHandler(answeringDatabaseAway(buildWith(await closedPort(), true)), "production");
    const res = await handle(new Request("http://127.0.0.1/away", { headers: { origin: "http://127.0.0.1" } }));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("Torna-ho a provar d'aquí a un moment.");
  });

  it("without it, the same page was an unexpected error's 500", async () => {
    const handle = createRequestHandler(buildWith(await closedPort()), "production");
    const res = await handle(new Request("http://127.0.0.1/away", { headers: PAGE }));
    expect(res.status).toBe(500);
  });
});
