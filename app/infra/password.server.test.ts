import { describe, expect, it } from "vitest";
import { HASHING, HASHING_PER_CLIENT, HashingBusyError, hashPassword, verifyPassword } from "~/infra/password.server";

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

  it("one client, however many requests it sends at once, holds at most its share of the queue: others still get in (issue 29)", async () => {
    const stored = await hashPassword("bicicleta-fucsia-2025");
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (err: unknown) => (err instanceof HashingBusyError ? "busy" : "error"),
      );
    // Six at once from one client (the invitation flood of the review): only its share is taken.
    const flood = Array.from({ length: 6 }, (_, i) => outcome(verifyPassword(`intent-${i}`, stored, "client-a")));
    // The staff's sign-ins from elsewhere, sent during the flood, all get a place.
    const staff = ["client-b", "client-c", "client-d"].slice(0, HASHING.running + HASHING.waiting - HASHING_PER_CLIENT);
    const others = staff.map((client) => outcome(verifyPassword("bicicleta-fucsia-2025", stored, client)));
    expect(await Promise.all(flood)).toEqual([
      ...Array<string>(HASHING_PER_CLIENT).fill("ok"),
      ...Array<string>(6 - HASHING_PER_CLIENT).fill("busy"),
    ]);
    expect(await Promise.all(others)).toEqual(staff.map(() => "ok"));
    // Its share is given back when its hash ends (also after a refusal): the client may sign in again.
    expect(await verifyPassword("bicicleta-fucsia-2025", stored, "client-a")).toBe(true);
    expect(await Promise.all([outcome(hashPassword("x", "client-a")), outcome(hashPassword("y", "client-a"))])).toEqual(["ok", "busy"]);
    expect(await outcome(hashPassword("z", "client-a"))).toBe("ok");
  });
});
