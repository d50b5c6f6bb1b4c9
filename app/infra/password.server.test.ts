import { describe, expect, it } from "vitest";
import { HASHING, HashingBusyError, hashPassword, verifyPassword } from "~/infra/password.server";

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

  it("runs a few hashes at a time, queues a few more and refuses the rest at once", async () => {
    const stored = await hashPassword("bicicleta-fucsia-2025");
    const settled: ("ok" | "busy")[] = [];
    const burst = Array.from({ length: 30 }, (_, i) =>
      verifyPassword(`intent-${i}`, stored).then(
        () => void settled.push("ok"),
        (err: unknown) => void settled.push(err instanceof HashingBusyError ? "busy" : "ok"),
      ),
    );
    await Promise.all(burst);
    const allowed = HASHING.running + HASHING.waiting;
    // Every refusal came before the first hash finished; the queue then drains and takes new work.
    expect(settled).toEqual([...Array<string>(30 - allowed).fill("busy"), ...Array<string>(allowed).fill("ok")]);
    expect(await verifyPassword("bicicleta-fucsia-2025", stored)).toBe(true);
  });
});
