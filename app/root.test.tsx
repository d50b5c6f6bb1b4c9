import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

type Props = Parameters<typeof ErrorBoundary>[0];
const render = (error: unknown) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ErrorBoundary {...({ error, params: {} } as unknown as Props)} />
    </MemoryRouter>,
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

  it("says 'unexpected error' for anything else, and logs it", () => {
    const logged = vi.spyOn(console, "error").mockReturnValue();
    expect(render(new Error("trencat"))).toContain("Hi ha hagut un error inesperat");
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
