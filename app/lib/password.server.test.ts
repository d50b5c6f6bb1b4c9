import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("bicicleta-fucsia-2025");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("bicicleta");
    expect(await verifyPassword("bicicleta-fucsia-2025", hash)).toBe(true);
    expect(await verifyPassword("bicicleta-fucsia-2026", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });

  it("refuses a malformed stored hash", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
  });
});
