import { describe, expect, it } from "vitest";
import { formatDateTime, formatLongDate, formatShortDate, formatTime } from "./dates";

describe("dates in the page's language", () => {
  it("writes a calendar date in Catalan by default, and in Spanish and English when asked", () => {
    expect(formatLongDate("2025-12-31")).toMatch(/^31 de desembre del? 2025$/);
    expect(formatLongDate("2025-12-31", "ca")).toBe(formatLongDate("2025-12-31"));
    expect(formatLongDate("2025-12-31", "es")).toBe("31 de diciembre de 2025");
    expect(formatLongDate("2025-12-31", "en")).toBe("31 December 2025");
    // Never a day earlier or later with the time zone.
    expect(formatLongDate("2026-01-01", "en")).toBe("1 January 2026");
    expect(formatLongDate("not a date", "es")).toBe("not a date");
  });

  it("writes a moment's short date and time in each language, in the council's time zone", () => {
    // 23:30 UTC is already the next day in Madrid.
    const at = new Date("2026-11-22T23:30:00Z");
    expect(formatShortDate(at)).toMatch(/^23 de nov\. (del )?2026$/);
    expect(formatShortDate(at, "es")).toMatch(/^23 nov\.? 2026$/);
    expect(formatShortDate(at, "en")).toBe("23 Nov 2026");
    expect(formatDateTime(at, "en")).toBe("23 Nov 2026, 00:30");
    expect(formatDateTime(at)).not.toBe(formatDateTime(at, "en"));
  });

  it("writes a time of day with 'h' in Catalan and Spanish, without it in English", () => {
    expect(formatTime("18:30:00")).toBe("18:30 h");
    expect(formatTime("18:30", "es")).toBe("18:30 h");
    expect(formatTime("18:30:00", "en")).toBe("18:30");
  });
});
