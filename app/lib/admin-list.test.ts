import { describe, expect, it } from "vitest";
import { categories } from "~/domain/themes";
import {
  canonicalSearch,
  clampPage,
  LIST_PARAMS,
  listHref,
  listSearch,
  MAX_PAGE,
  parseListQuery,
  type ListQuery,
  type ListShape,
} from "./admin-list";
import { AUDIT_SHAPE } from "./audit-labels";
import { QUEUE_SHAPE } from "./moderation";

// The one query dialect of every list (decision 056): its parser and its serialiser.

const SHAPE: ListShape = {
  search: true,
  dates: true,
  sorts: ["data", "nom"],
  defaultDir: "desc",
  filters: {
    estat: { kind: "one-of", values: ["pending", "published", "hidden"], default: "pending" },
    ambit: { kind: "one-of", values: categories },
    denunciades: { kind: "flag" },
    compte: { kind: "text", max: 10 },
  },
};
const parse = (search: string, shape = SHAPE) => parseListQuery(new URLSearchParams(search), shape);
const DEFAULTS: ListQuery = { q: "", page: 1, sort: "data", dir: "desc", from: null, to: null, filters: { estat: "pending" } };

describe("the list dialect", () => {
  it("reads every parameter a list declares, by its Catalan name", () => {
    expect(
      parse(
        "q=+pont+&pagina=4&ordre=nom&sentit=asc&des-de=2026-03-01&fins-a=2026-03-31&estat=hidden&ambit=infants&denunciades=1&compte=ana",
      ),
    ).toEqual({
      q: "pont",
      page: 4,
      sort: "nom",
      dir: "asc",
      from: "2026-03-01",
      to: "2026-03-31",
      filters: { estat: "hidden", ambit: "infants", denunciades: "1", compte: "ana" },
    });
  });

  it("bad values take the defaults, and reading never fails", () => {
    expect(parse("")).toEqual(DEFAULTS);
    expect(
      parse(
        "pagina=0&ordre=preu&sentit=amunt&des-de=2026-02-30&fins-a=0000-01-01&estat=esborrat&ambit=lluna&denunciades=si&compte=" +
          "x".repeat(11),
      ),
    ).toEqual(DEFAULTS);
    for (const page of ["-1", "1.5", "1e3", "abc", "٣", String(MAX_PAGE + 1), "99999999999999999999"])
      expect(parse(`pagina=${page}`).page).toBe(1);
    expect(parse(`pagina=${MAX_PAGE}`).page).toBe(MAX_PAGE);
    // What a list does not declare is no filter: the audit log has no search.
    expect(parse("q=x&des-de=2026-01-01", AUDIT_SHAPE)).toMatchObject({ q: "", from: "2026-01-01" });
    expect(parse("q=x&des-de=2026-01-01", QUEUE_SHAPE)).toMatchObject({ q: "x", from: "2026-01-01" });
    expect(parse("q=x&des-de=2026-01-01", { ...SHAPE, search: false, dates: false })).toMatchObject({ q: "", from: null });
    // Noise of every kind: percent signs, repeated names, control characters, very long values.
    const noise = [
      "%",
      "%%25",
      "pagina=1&pagina=2",
      "q=%00%0A",
      "estat=",
      "=x",
      "&&&",
      `q=${"é".repeat(10_000)}`,
      "ordre=__proto__",
      "constructor=1",
    ];
    for (const search of noise) expect(() => parse(search), search).not.toThrow();
    expect(parse("ordre=__proto__").sort).toBe("data");
    expect(parse(`q=${"é".repeat(10_000)}`).q).toHaveLength(200);
  });

  it("a range of days given backwards is swapped", () => {
    expect(parse("des-de=2026-05-02&fins-a=2026-05-01")).toMatchObject({ from: "2026-05-01", to: "2026-05-02" });
  });

  it("round trip: the address of a query reads back as the same query, defaults left out", () => {
    const queries = [
      "",
      "q=bici%20i%20tren&pagina=2",
      "ordre=nom&sentit=asc",
      "sentit=asc",
      "des-de=2026-01-01",
      "fins-a=2026-12-31&estat=published",
      "ambit=infants&denunciades=1&compte=a%26b%3Dc",
      "estat=pending&pagina=9",
    ].map((s) => parse(s));
    for (const query of queries) {
      const search = listSearch(query, SHAPE);
      expect(parse(search.toString()), search.toString()).toEqual(query);
      expect(search.has("estat") && search.get("estat") === "pending").toBe(false);
    }
    expect(listHref(DEFAULTS, SHAPE)).toBe("?");
    expect(listSearch(parse("pagina=3&q=x"), SHAPE, { page: false }).toString()).toBe("q=x");
  });

  it("the old spellings map onto the new ones (a permanent redirect on the server)", () => {
    expect(canonicalSearch(new URLSearchParams("page=2&from=2026-01-01&to=2026-01-31&sort=title&dir=asc"))).toBe(
      "pagina=2&des-de=2026-01-01&fins-a=2026-01-31&ordre=titol&sentit=asc",
    );
    expect(canonicalSearch(new URLSearchParams("status=approved&theme=infants&type=reflection&category=perill&source=reflection"))).toBe(
      "estat=published&ambit=infants&tipus=reflection&categoria=perill&origen=reflection",
    );
    // Both spellings: the new one wins; nothing old: nothing to do.
    expect(canonicalSearch(new URLSearchParams("pagina=3&page=2"))).toBe("pagina=3");
    expect(canonicalSearch(new URLSearchParams("pagina=3&q=page"))).toBeNull();
    expect(canonicalSearch(new URLSearchParams(""))).toBeNull();
    expect(LIST_PARAMS).toEqual({ q: "q", page: "pagina", sort: "ordre", dir: "sentit", from: "des-de", to: "fins-a" });
  });

  it("a page past the end is the last page", () => {
    expect(clampPage(7, 120, 50)).toEqual({ page: 3, pages: 3 });
    expect(clampPage(2, 0, 50)).toEqual({ page: 1, pages: 1 });
    expect(clampPage(2, 100, 50)).toEqual({ page: 2, pages: 2 });
  });
});
