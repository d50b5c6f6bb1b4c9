import { describe, expect, it } from "vitest";
import { clientAddressGroup } from "./client-address.server";
import { clientKeyFor } from "./rate-limit.server";

// Issue 29: an IPv6 client is its /64, an IPv4 client its address.

describe("clientAddressGroup", () => {
  it("groups IPv6 by /64, in every spelling, and keeps IPv4 per address", () => {
    expect(clientAddressGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddressGroup("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientAddressGroup("2001:db8:1:2:3:4:1.2.3.4")).toBe("2001:db8:1:2::/64");
    expect(clientAddressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientAddressGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressGroup("2001:db8:1:3::1")).not.toBe(clientAddressGroup("2001:db8:1:2::1"));
    expect(clientAddressGroup("192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressGroup("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressGroup("::ffff:c000:207")).toBe("192.0.2.7");
    expect(clientAddressGroup(undefined)).toBe("unknown");
    expect(clientAddressGroup("not an address")).toBe("not an address");
  });

  it("gives one client key to a whole /64 and to an address and its mapped spelling", () => {
    const key = (a: string) => clientKeyFor(a, "s");
    expect(key("2001:db8::1")).toBe(key("2001:db8::ffff:1"));
    expect(key("2001:db8:0:1::1")).not.toBe(key("2001:db8::1"));
    expect(key("192.0.2.7")).toBe(key("::ffff:192.0.2.7"));
    expect(key("192.0.2.7")).not.toBe(key("192.0.2.8"));
  });
});
