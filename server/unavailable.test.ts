import http, { type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { errorAnswers } from "./request-log";
import { drainable } from "./unavailable";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(listener: http.RequestListener) {
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const PAGE = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

describe("the pages the server sends itself, in Catalan (issue 27, item 3)", () => {
  it("while the server stops, every request still coming gets the Catalan 503 page, told to try again shortly", async () => {
    const site = drainable((_req, res) => res.end("la pàgina"));
    const base = await listen(site.listener);
    expect(await (await fetch(`${base}/participa`, { headers: PAGE })).text()).toBe("la pàgina");
    site.drain();
    const res = await fetch(`${base}/participa`, { headers: PAGE });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<html lang="ca">');
    expect(html).toContain("<h1>El web no està disponible en aquest moment</h1>");
    expect(html).toContain("Torna-ho a provar d'aquí a un moment.");
    expect(html).not.toMatch(/Service Unavailable|Unavailable|Error/);
    // A form's data request gets the same words as text.
    const data = await fetch(`${base}/participa/reflexio.data`, { method: "POST" });
    expect(data.status).toBe(503);
    expect(await data.text()).toBe(
      "El web no està disponible en aquest moment. Estem actualitzant el web. Torna-ho a provar d'aquí a un moment.",
    );
  });

  it("under /es and /en, the same page and text in that language (decision 059)", async () => {
    const site = drainable((_req, res) => res.end("la pàgina"));
    const base = await listen(site.listener);
    site.drain();
    const es = await fetch(`${base}/es/participa`, { headers: PAGE });
    expect(es.status).toBe(503);
    expect(es.headers.get("content-language")).toBe("es");
    const html = await es.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>La web no está disponible en este momento</h1>");
    expect(html).toContain('<a href="/es">Volver al inicio</a>');
    const en = await fetch(`${base}/en/take-part/reflection.data`, { method: "POST" });
    expect(await en.text()).toBe("The website is not available right now. We are updating the website. Please try again in a moment.");
  });

  it("the database away, where no page is rendered (a file's visibility, a session), answers the Catalan 503 with Retry-After", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const app = express();
    app.get("/media/{*key}", async () => {
      // PostgreSQL stopped, as node-postgres meets it.
      const client = new pg.Client({ host: "127.0.0.1", port, user: "bici", database: "bici" });
      client.on("error", () => {});
      await client.connect();
    });
    app.use(errorAnswers());
    const base = await listen(app);
    const res = await fetch(`${base}/media/audio/a.webm`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toBe(
      "El web no està disponible en aquest moment. Estem actualitzant el web. Torna-ho a provar d'aquí a un moment.",
    );
  });

  it("a fault of ours answers the Catalan 500 page to a browser, and Catalan text to anything else", async () => {
    const app = express();
    app.get("/trenca", () => {
      throw new Error("trencat a propòsit");
    });
    app.use(errorAnswers());
    const base = await listen(app);
    const page = await fetch(`${base}/trenca`, { headers: PAGE });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain('<html lang="ca">');
    expect(html).toContain("<h1>Hi ha hagut un error inesperat</h1>");
    expect(html).not.toContain("trencat a propòsit");
    const text = await fetch(`${base}/trenca`);
    expect(await text.text()).toBe("Hi ha hagut un error inesperat. Torna-ho a provar d'aquí a una estona.");
  });
});
