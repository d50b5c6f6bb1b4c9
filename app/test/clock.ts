import { vi } from "vitest";

// Time in tests (decision 015). A test that cares about the date fixes the clock itself with
// `fixClock(...)`; everything else runs on whatever clock the run was given. The guard run
// (`npm run test:unit:moved-clock`, part of `npm test`) starts every file with the clock a year
// and more ahead and in another time zone, so a test that only passes on some days fails at once.

/** The moved clock of the guard run, from TEST_CLOCK (an ISO instant), or undefined. */
export function movedClock(env: NodeJS.ProcessEnv = process.env): Date | undefined {
  const value = env.TEST_CLOCK;
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_CLOCK is not an ISO instant: ${value}`);
  return at;
}

/** Fakes Date only (timers stay real) from `at` on; the clock keeps running from there, so code
 * that measures durations still sees time pass. */
export function fixClock(at: Date | string): Date {
  const now = new Date(at);
  vi.useFakeTimers({ now, toFake: ["Date"], shouldAdvanceTime: true });
  return now;
}
