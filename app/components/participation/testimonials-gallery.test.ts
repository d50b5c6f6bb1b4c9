import { describe, expect, it } from "vitest";
import { formatDuration, waveform } from "./testimonials-gallery";

describe("formatDuration", () => {
  it("writes seconds as m:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(8)).toBe("0:08");
    expect(formatDuration(59.9)).toBe("0:59");
    expect(formatDuration(60)).toBe("1:00");
    expect(formatDuration(61)).toBe("1:01");
    expect(formatDuration(605)).toBe("10:05");
  });

  it("writes '--:--' when the duration is unknown or makes no sense", () => {
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(formatDuration(value), String(value)).toBe("--:--");
  });
});

describe("waveform", () => {
  const a = "3f2b8c1e-0000-4000-8000-000000000001";
  const b = "3f2b8c1e-0000-4000-8000-000000000002";

  it("draws the same wave for the same testimonial every time", () => {
    expect(waveform(a)).toEqual(waveform(a));
  });

  it("has 24 bars by default, each between 20 % and 100 % high, and not all alike", () => {
    const bars = waveform(a);
    expect(bars).toHaveLength(24);
    for (const h of bars) {
      expect(h).toBeGreaterThanOrEqual(0.2);
      expect(h).toBeLessThanOrEqual(1);
    }
    expect(new Set(bars).size).toBeGreaterThan(5);
    expect(waveform(a, 8)).toHaveLength(8);
  });

  it("draws another wave for another testimonial", () => {
    expect(waveform(b)).not.toEqual(waveform(a));
  });
});
