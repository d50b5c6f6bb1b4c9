import { describe, expect, it } from "vitest";
import { UPLOADS } from "./uploads";

describe("UPLOADS", () => {
  it.each(Object.entries(UPLOADS))("%s: the 'too large' text names the size the limit is", (_kind, rule) => {
    const mb = rule.maxBytes / (1024 * 1024);
    expect(Number.isInteger(mb)).toBe(true);
    expect(rule.messages.too_large).toMatch(new RegExp(`\\b${mb} ?MB\\b`));
  });
});
