import { describe, expect, it } from "vitest";
import { DEFAULT_CONSULTATION } from "~/domain/campaign";
import { shouldRevalidate } from "~/routes/public-layout";
import { participationState } from "./participation-state";

describe("the participation state in the page's language", () => {
  const now = Date.parse("2026-11-20T10:00:00Z");
  const open = { ...DEFAULT_CONSULTATION, closesOn: "2026-12-31" };
  const passed = { ...DEFAULT_CONSULTATION, closesOn: "2026-11-01" };

  it("writes the deadline and the closing day in Catalan by default, in Spanish and English when asked", () => {
    expect(participationState(open, "review_first", now).deadlineLabel).toMatch(/^31 de desembre del? 2026$/);
    expect(participationState(open, "review_first", now, "es").deadlineLabel).toBe("31 de diciembre de 2026");
    expect(participationState(open, "review_first", now, "en").deadlineLabel).toBe("31 December 2026");
    expect(participationState(passed, "review_first", now, "en")).toMatchObject({ open: false, closedOnLabel: "1 November 2026" });
  });

  it("is read again by the public layout when the page changes language, and not otherwise", () => {
    const check = (from: string, to: string, defaultShouldRevalidate = false) =>
      shouldRevalidate({
        currentUrl: new URL(from, "http://x"),
        nextUrl: new URL(to, "http://x"),
        defaultShouldRevalidate,
      } as Parameters<typeof shouldRevalidate>[0]);
    expect(check("/es/participa", "/en/take-part")).toBe(true);
    expect(check("/participa", "/es/participa")).toBe(true);
    expect(check("/en/about", "/")).toBe(true);
    expect(check("/es/participa", "/es/recursos")).toBe(false);
    expect(check("/es/participa", "/es/recursos", true)).toBe(true);
  });
});
