import { listSearch, parseListQuery } from "./admin-list";
import { describe, expect, it } from "vitest";
import {
  consultationSchema,
  heldByFilter,
  initialStatus,
  moderationActionSchema,
  QUEUE_SHAPE,
  queueExportSearch,
  queueFiltersOf,
  DEFAULT_MODERATION,
} from "./moderation";

describe("the word and link filter", () => {
  const terms = (...blockedTerms: string[]) => ({ blockedTerms, holdLinks: false });
  it("matches whole words and phrases, whatever the case and the accents", () => {
    expect(heldByFilter("Quin CÀMERA!", terms("camera"))).toBe(true);
    expect(heldByFilter("camerada", terms("camera"))).toBe(false);
    expect(heldByFilter("Fora els  cotxes, ja.", terms("els cotxes"))).toBe(true);
    expect(heldByFilter("els cotxets", terms("els cotxes"))).toBe(false);
    expect(heldByFilter("res", terms())).toBe(false);
  });
  it("matches a term with other characters anywhere (a fragment of an address)", () => {
    expect(heldByFilter("mira https://BIT.LY/abc", terms("bit.ly"))).toBe(true);
    expect(heldByFilter("bitly", terms("bit.ly"))).toBe(false);
  });
  it("holds any web address when links are held", () => {
    for (const text of ["http://a.cat", "Vegeu https://x.y/z", "www.exemple.cat"])
      expect(heldByFilter(text, { blockedTerms: [], holdLinks: true })).toBe(true);
    expect(heldByFilter("Envia'm un correu a a@b.cat", { blockedTerms: [], holdLinks: true })).toBe(false);
  });
  it("gives the status a new contribution is stored with", () => {
    expect(initialStatus("Hola", DEFAULT_MODERATION)).toBe("published");
    expect(initialStatus("Hola", { ...DEFAULT_MODERATION, mode: "review_first" })).toBe("pending");
    expect(initialStatus("Hola", { ...DEFAULT_MODERATION, blockedTerms: ["hola"] })).toBe("pending");
  });
});

describe("the forms' schemas", () => {
  it("a calendar date must exist", () => {
    expect(consultationSchema.safeParse({ closesOn: "2030-02-29", phase: "1" }).success).toBe(false);
    expect(consultationSchema.safeParse({ closesOn: "2028-02-29", phase: "3", open: "on" }).data).toEqual({
      closesOn: "2028-02-29",
      extendedTo: null,
      phase: 3,
      open: true,
    });
    expect(consultationSchema.safeParse({ closesOn: "2028-02-28", phase: "4" }).success).toBe(false);
  });
  it("the calendar: an empty date is none; a pròrroga comes after a closing date", () => {
    expect(consultationSchema.safeParse({ closesOn: "", extendedTo: "", phase: "1" }).data).toEqual({
      closesOn: null,
      extendedTo: null,
      phase: 1,
      open: false,
    });
    expect(consultationSchema.safeParse({ closesOn: "2028-03-01", extendedTo: "2028-03-15", phase: "1", open: "on" }).data).toMatchObject({
      closesOn: "2028-03-01",
      extendedTo: "2028-03-15",
    });
    const errors = (v: Record<string, string>) => consultationSchema.safeParse({ phase: "1", ...v }).error?.issues.map((i) => i.message);
    expect(errors({ closesOn: "2028-03-01", extendedTo: "2028-03-01" })).toEqual([
      "La pròrroga ha de ser posterior a la data de tancament",
    ]);
    expect(errors({ closesOn: "", extendedTo: "2028-03-15" })).toEqual(["Una pròrroga necessita una data de tancament"]);
    expect(errors({ closesOn: "2028-03-01", extendedTo: "2028-02-30" })).toEqual(["La data no és vàlida"]);
  });
  it("an action names its contributions as type:id, and hiding needs a reason", () => {
    const id = "00000000-0000-4000-8000-000000000001";
    expect(moderationActionSchema.safeParse({ intent: "approve", items: `reflection:${id}, reflection:${id.toUpperCase()}` }).data).toEqual(
      {
        intent: "approve",
        items: [{ type: "reflection", id }],
        reason: null,
      },
    );
    expect(moderationActionSchema.safeParse({ intent: "hide", items: `map_comment:${id}`, reason: " " }).success).toBe(false);
    expect(moderationActionSchema.safeParse({ intent: "approve", items: "" }).success).toBe(false);
  });
  it("the queue's address round-trips its filters, in the one list dialect", () => {
    const query = parseListQuery(
      new URLSearchParams("estat=hidden&tipus=testimonial&ambit=infants&q=x&denunciades=1&pagina=3"),
      QUEUE_SHAPE,
    );
    expect(queueFiltersOf(query)).toEqual({
      status: "hidden",
      type: "testimonial",
      theme: "infants",
      q: "x",
      reported: true,
      held: false,
      municipality: null,
      from: null,
      to: null,
      page: 3,
    });
    expect(parseListQuery(listSearch(query, QUEUE_SHAPE), QUEUE_SHAPE)).toEqual(query);
    // Pending is the default status: named or not, the same queue, and the address leaves it out.
    expect(listSearch(parseListQuery(new URLSearchParams("estat=pending"), QUEUE_SHAPE), QUEUE_SHAPE).toString()).toBe("");
  });
});

describe("the queue's export link", () => {
  it("carries every filter of the queue, 'only reported' too, and names the status", () => {
    const query = parseListQuery(
      new URLSearchParams("estat=published&tipus=map_comment&ambit=infants&q=pont&denunciades=1&retingudes=1&pagina=3"),
      QUEUE_SHAPE,
    );
    expect(queueExportSearch(query)).toBe("?q=pont&estat=published&tipus=map_comment&ambit=infants&denunciades=1&retingudes=1");
    expect(queueExportSearch(parseListQuery(new URLSearchParams(), QUEUE_SHAPE))).toBe("?estat=pending");
  });
});
