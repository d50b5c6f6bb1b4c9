import { describe, expect, it } from "vitest";
import { addWorkingDays, answerDueOn, councilDay } from "./accessibility-requests";

describe("addWorkingDays (Monday to Friday; holidays ignored)", () => {
  it("counts only weekdays", () => {
    // Monday 2026-11-23 + 5 working days: the next Monday.
    expect(addWorkingDays("2026-11-23", 5)).toBe("2026-11-30");
    // Friday + 1: Monday.
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30");
    // Thursday + 2: Monday.
    expect(addWorkingDays("2026-11-26", 2)).toBe("2026-11-30");
  });

  it("starts on a weekend as on the Friday before it", () => {
    expect(addWorkingDays("2026-11-28", 1)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-29", 1)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-29", 20)).toBe(addWorkingDays("2026-11-27", 20));
  });

  it("gives four calendar weeks for twenty working days from a weekday", () => {
    expect(addWorkingDays("2026-11-26", 20)).toBe("2026-12-24");
    expect(addWorkingDays("2026-11-23", 20)).toBe("2026-12-21");
  });

  it("crosses months, years and a leap day", () => {
    expect(addWorkingDays("2026-12-24", 20)).toBe("2027-01-21");
    expect(addWorkingDays("2028-02-25", 2)).toBe("2028-02-29");
  });

  it("ignores public holidays: Christmas Day counts as a working day", () => {
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-25");
  });

  it("leaves the day as it is for zero days, and refuses what is not a day or a count", () => {
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-28");
    expect(() => addWorkingDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addWorkingDays("26-11-2026", 1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-26", -1)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-26", 1.5)).toThrow(RangeError);
  });
});

describe("answerDueOn", () => {
  it("counts from the council's day, not the UTC one", () => {
    // 23:30 UTC on Friday 27 November is already Saturday 28 in Madrid.
    const lateFriday = new Date("2026-11-27T23:30:00Z");
    expect(councilDay(lateFriday)).toBe("2026-11-28");
    expect(answerDueOn(lateFriday)).toBe(addWorkingDays("2026-11-28", 20));
    expect(answerDueOn(new Date("2026-11-26T10:00:00Z"))).toBe("2026-12-24");
  });
});
