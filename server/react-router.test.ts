import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { NOT_FOUND_MEMO_SIZE, notFoundMatcher, routeMatcher } from "./react-router";

/** The route table of a build, shaped as React Router's build writes it (app/routes.ts, shortened). */
const routes = {
  root: { id: "root", path: "", parentId: undefined },
  "routes/public-layout": { id: "routes/public-layout", parentId: "root" },
  "routes/home": { id: "routes/home", index: true, parentId: "routes/public-layout" },
  "routes/testimonis": { id: "routes/testimonis", path: "testimonis", parentId: "routes/public-layout" },
  "routes/landing": { id: "routes/landing", path: "landing/:slug", parentId: "routes/public-layout" },
  "routes/admin/login": { id: "routes/admin/login", path: "admin/login", parentId: "root" },
  "routes/not-found.es": { id: "routes/not-found.es", path: "es/*", parentId: "routes/public-layout" },
  "routes/not-found": { id: "routes/not-found", path: "*", parentId: "root" },
} as unknown as Parameters<typeof notFoundMatcher>[0]["routes"];

/** React Router's own matchRoutes, counted. */
function countedMatch() {
  const counted = { calls: 0 };
  const match: typeof matchRoutes = (...args) => {
    counted.calls++;
    return matchRoutes(...args);
  };
  return { counted, match };
}

describe("routeMatcher (issue 29, item 8)", () => {
  it("names the page of every spelling of its path, and the one spelling the route table writes", () => {
    const route = routeMatcher({ routes });
    for (const spelling of ["/testimonis", "/TESTIMONIS", "/%74estimonis", "/Testimonis/"]) {
      expect(route(spelling), spelling).toEqual({ id: "routes/testimonis", canonical: "/testimonis" });
    }
    expect(route("/")).toEqual({ id: "routes/home", canonical: "/" });
    expect(route("/LANDING/estiu")).toEqual({ id: "routes/landing", canonical: "/landing/estiu" });
    expect(route("/landing/%65stiu")).toEqual({ id: "routes/landing", canonical: "/landing/estiu" });
    expect(route("/landing/caf%c3%a9")).toEqual({ id: "routes/landing", canonical: "/landing/caf%C3%A9" });
    expect(route("/landing/a@b")).toEqual({ id: "routes/landing", canonical: "/landing/a@b" });
    expect(route("/no-existeix")).toBeNull();
    // A language's not-found page is no page either: never "/es/*" as a canonical address.
    expect(route("/es/no-existeix")).toBeNull();
    expect(route("/es/404")).toBeNull();
    // The canonical spelling is its own canonical spelling: a redirect never loops.
    for (const path of ["/landing/caf%C3%A9", "/landing/a@b", "/testimonis", "/"]) expect(route(path)?.canonical).toBe(path);
  });
});

describe("notFoundMatcher", () => {
  it("tells the paths only the not-found route matches, as React Router matches them", () => {
    const notFound = notFoundMatcher({ routes });
    expect(notFound("/")).toBe(false);
    expect(notFound("/testimonis")).toBe(false);
    expect(notFound("/TESTIMONIS")).toBe(false);
    expect(notFound("/landing/estiu")).toBe(false);
    expect(notFound("/admin/login")).toBe(false);
    expect(notFound("/no-existeix")).toBe(true);
    expect(notFound("/testimonis/de-mes")).toBe(true);
  });

  it("matches a path against the route table once, not on every request for it (issue 12: it cost a cached page most of its time)", () => {
    const { counted, match } = countedMatch();
    const notFound = notFoundMatcher({ routes }, match);
    for (let i = 0; i < 1000; i++) {
      expect(notFound("/testimonis")).toBe(false);
      expect(notFound("/no-existeix")).toBe(true);
    }
    expect(counted.calls).toBe(2);
  });

  it("remembers a bounded number of paths: made-up ones cannot grow its memory without end", () => {
    const { counted, match } = countedMatch();
    const notFound = notFoundMatcher({ routes }, match);
    for (let i = 0; i <= NOT_FOUND_MEMO_SIZE; i++) expect(notFound(`/inventat-${i}`)).toBe(true);
    expect(counted.calls).toBe(NOT_FOUND_MEMO_SIZE + 1);
    // The memory started again when it was full: the first path is matched once more, and then
    // remembered again.
    expect(notFound("/inventat-0")).toBe(true);
    expect(notFound("/inventat-0")).toBe(true);
    expect(counted.calls).toBe(NOT_FOUND_MEMO_SIZE + 2);
  });
});
