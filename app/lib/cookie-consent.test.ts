import { describe, expect, it } from "vitest";
import { CONSENT_KEY, measurementCookie, NO_MEASURE_COOKIE, readConsent, saveConsent } from "./cookie-consent";

const store = (value?: string) => {
  const map = new Map<string, string>(value === undefined ? [] : [[CONSENT_KEY, value]]);
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};

describe("cookie consent record", () => {
  it("saves the spec's shape with a timestamp and reads it back", () => {
    const s = store();
    const saved = saveConsent(s, { functional: true, analytics: false });
    expect(saved).toEqual({ necessary: true, functional: true, analytics: false, timestamp: expect.any(String) });
    expect(readConsent(s)).toEqual(saved);
  });

  it.each([
    ["nothing stored", undefined],
    ["not JSON", "{oops"],
    ["necessary false", '{"necessary":false,"functional":true,"analytics":true,"timestamp":"2025-09-01T00:00:00Z"}'],
    ["a missing field", '{"necessary":true,"functional":true,"timestamp":"2025-09-01T00:00:00Z"}'],
    ["a string flag", '{"necessary":true,"functional":"yes","analytics":false,"timestamp":"2025-09-01T00:00:00Z"}'],
    ["a bad timestamp", '{"necessary":true,"functional":true,"analytics":false,"timestamp":"ahir"}'],
    ["null", "null"],
  ])("treats %s as no choice", (_what, raw) => {
    expect(readConsent(store(raw))).toBeNull();
  });
});

describe("the choice about being counted (decision 066)", () => {
  it("sets the cookie the server reads while analytics are refused, for two years, and removes it when they are allowed", () => {
    expect(measurementCookie(false, true)).toBe(`${NO_MEASURE_COOKIE}=1; Max-Age=63072000; Path=/; SameSite=Lax; Secure`);
    expect(measurementCookie(false, false)).toBe(`${NO_MEASURE_COOKIE}=1; Max-Age=63072000; Path=/; SameSite=Lax`);
    expect(measurementCookie(true, true)).toBe(`${NO_MEASURE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`);
  });
});
