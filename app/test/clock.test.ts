import { afterEach, describe, expect, it, vi } from "vitest";
import { fixClock, movedClock } from "./clock";

describe("the test clock", () => {
  afterEach(() => {
    // Back to the run's own clock: the real one, or the guard run's moved one.
    vi.useRealTimers();
    const moved = movedClock();
    if (moved) fixClock(moved);
  });

  it("reads the guard run's moment from TEST_CLOCK and refuses one that is not a date", () => {
    expect(movedClock({})).toBeUndefined();
    expect(movedClock({ TEST_CLOCK: "2031-02-28T23:30:00.000Z" })?.toISOString()).toBe("2031-02-28T23:30:00.000Z");
    expect(() => movedClock({ TEST_CLOCK: "demà" })).toThrow(/TEST_CLOCK/);
  });

  it("in the guard run, every file starts on the moved clock", () => {
    const moved = movedClock();
    // Without TEST_CLOCK the clock is the machine's: within a minute of the file's own reading.
    const expected = moved?.getTime() ?? performance.timeOrigin + performance.now();
    expect(Math.abs(Date.now() - expected)).toBeLessThan(10 * 60_000);
  });

  it("a fixed clock starts at the given moment and keeps running; timers stay real", async () => {
    fixClock("2030-06-15T08:00:00Z");
    expect(new Date().toISOString().slice(0, 16)).toBe("2030-06-15T08:00");
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(Date.now() - start).toBeGreaterThanOrEqual(40);
    expect(new Date(2020, 0, 1) instanceof Date).toBe(true);
  });
});
