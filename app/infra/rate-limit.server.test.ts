import { describe, expect, it } from "vitest";
import { countAttempt, PAIR_LIMIT } from "~/infra/login-throttle.server";
import { allowWrite, clientGroup, clientKeyFor, RATE_LIMIT } from "~/infra/rate-limit.server";
import { setupTestContext } from "~/test/context";
import { testBackends } from "~/test/db";

// One client for every per-client limit: an IPv4 address, or an IPv6 /64 (issue 29, decision 052).

describe("clientGroup", () => {
  it("keeps an IPv4 address whole and groups IPv6 by its /64, however the address is written", () => {
    expect(clientGroup("192.0.2.10")).toBe("192.0.2.10");
    expect(clientGroup("192.0.2.11")).not.toBe(clientGroup("192.0.2.10"));
    const group = clientGroup("2001:db8:aa:bb::1");
    for (const address of [
      "2001:db8:aa:bb:ffff:ffff:ffff:ffff",
      "2001:0db8:00aa:00bb:0:0:0:2",
      "2001:DB8:AA:BB::3",
      "2001:db8:aa:bb::4%eth0",
    ])
      expect(clientGroup(address), address).toBe(group);
    // The next /64 is another client.
    expect(clientGroup("2001:db8:aa:bc::1")).not.toBe(group);
    // What a dual-stack socket reports for an IPv4 client is that IPv4 client.
    expect(clientGroup("::ffff:192.0.2.10")).toBe("192.0.2.10");
    expect(clientGroup(undefined)).toBe("unknown");
  });

  it("keys every limit by the group: a keyed hash, no address in it", () => {
    const secret = "s".repeat(40);
    expect(clientKeyFor("2001:db8:aa:bb::1", secret)).toBe(clientKeyFor("2001:db8:aa:bb:1234:5678:9abc:def0", secret));
    expect(clientKeyFor("2001:db8:aa:bb::1", secret)).not.toBe(clientKeyFor("2001:db8:aa:bc::1", secret));
    expect(clientKeyFor("192.0.2.10", secret)).not.toContain("192");
  });
});

describe.each(testBackends())("limits across one IPv6 /64 on %s", (backend) => {
  const ctx = setupTestContext(backend);
  /** The context of a request from `address`, as server/react-router.ts makes it. */
  const from = (address: string) => ({ ...ctx, clientKey: clientKeyFor(address, ctx.sessionSecret) });
  const inBlock = (i: number) => `2001:db8:5:6:${(i >> 16) & 0xffff}:${i & 0xffff}:${(i * 7) & 0xffff}:1`;

  it("wrong passwords for one account from a new address of one /64 each time are counted as one client's", async () => {
    const answers = [];
    for (let i = 0; i < PAIR_LIMIT.points + 3; i++) answers.push(await countAttempt(from(inBlock(i)), "gestor@penedes.cat"));
    expect(answers.slice(0, PAIR_LIMIT.points).every((a) => !a.refused)).toBe(true);
    expect(answers.slice(PAIR_LIMIT.points).every((a) => a.refused)).toBe(true);
    // A neighbouring /64 is somebody else.
    expect(await countAttempt(from("2001:db8:5:7::1"), "gestor@penedes.cat")).toMatchObject({ refused: false });
  });

  it("public writes from many addresses of one /64 stop at the per-client limit", async () => {
    const allowed = [];
    for (let i = 0; i < RATE_LIMIT.points + 2; i++) allowed.push(await allowWrite(from(inBlock(1000 + i)), "reflection"));
    expect(allowed.filter(Boolean)).toHaveLength(RATE_LIMIT.points);
    expect(allowed.slice(RATE_LIMIT.points)).toEqual([false, false]);
  });
});
