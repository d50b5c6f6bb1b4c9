import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "~/i18n/locales";
import { WithMessages } from "~/test/i18n";
import { ErrorBoundary } from "./root";

type Props = Parameters<typeof ErrorBoundary>[0];
const render = (error: unknown, locale: Locale = "ca") =>
  renderToStaticMarkup(
    <WithMessages locale={locale}>
      <MemoryRouter initialEntries={[locale === "ca" ? "/x" : `/${locale}/x`]}>
        <ErrorBoundary {...({ error, params: {} } as unknown as Props)} />
      </MemoryRouter>
    </WithMessages>,
  );
/** What React Router gives the boundary for a POST to a page without an action. */
const routeError = (status: number, statusText: string) => ({ status, statusText, internal: true, data: "", error: new Error(statusText) });

afterEach(() => vi.restoreAllMocks());

describe("the root error boundary", () => {
  it("says 'not found' for a 404 and 'bad request' for another 4xx, without logging either", () => {
    const logged = vi.spyOn(console, "error").mockReturnValue();
    expect(render(routeError(404, "Not Found"))).toContain("Oops! Page not found");
    // Found by tests/fuzz: each 405 printed some thirty lines of stack to the log.
    const html = render(routeError(405, "Method Not Allowed"));
    expect(html).toContain("Petició no vàlida");
    expect(html).not.toContain("error inesperat");
    expect(logged).not.toHaveBeenCalled();
  });

  it("speaks Catalan for a 503 whatever its body says (a deploy, a proxy), and shows only the app's own 5xx texts (issue 27, item 3)", () => {
    for (const data of ["Service Unavailable", "<html><h1>503 Service Temporarily Unavailable</h1></html>", ""]) {
      const html = render({ status: 503, statusText: "Service Unavailable", internal: false, data });
      expect(html).toContain("El web no està disponible en aquest moment");
      expect(html).toContain("Estem actualitzant el web.");
      expect(html).not.toMatch(/Service|Unavailable/);
    }
    const bad = render({ status: 502, statusText: "Bad Gateway", internal: false, data: "Bad Gateway" });
    expect(bad).toContain("Hi ha hagut un error inesperat");
    expect(bad).not.toContain("Bad Gateway");
    expect(render({ status: 503, statusText: "", internal: false, data: "No s'ha pogut carregar la landing page" })).toContain(
      "No s&#x27;ha pogut carregar la landing page",
    );
  });

  it("says 'unexpected error' for anything else, and logs it", () => {
    const logged = vi.spyOn(console, "error").mockReturnValue();
    expect(render(new Error("trencat"))).toContain("Hi ha hagut un error inesperat");
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("speaks the address's language: Spanish under /es, English under /en, the spec's 404 line in English in each", () => {
    const es = render(routeError(404, "Not Found"), "es");
    expect(es).toContain("Oops! Page not found");
    expect(es).toContain("No hemos encontrado esta página.");
    expect(es).toMatch(/<a [^>]*href="\/es"[^>]*>Return to Home<\/a>/);
    expect(es).toMatch(/<a [^>]*href="\/es\/aportaciones"[^>]*>todas las aportaciones<\/a>/);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const en = render(new Error("broken"), "en");
    expect(en).toContain("Something went wrong");
    expect(en).toMatch(/<a [^>]*href="\/en"[^>]*>Back to the home page<\/a>/);
  });
});
