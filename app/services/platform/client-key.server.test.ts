import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";

describe("clientKey", () => {
  it("counts an IPv4 address on its own, however it reached the socket", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const one = clientKey("2001:db8:0:1::1");
    expect(one).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8:0:1:ffff:ffff:ffff:ffff")).toBe(one);
    expect(clientKey("2001:0DB8:0000:0001:abcd::9")).toBe(one);
    expect(clientKey("2001:db8:0:1::1%eth0")).toBe(one);
    expect(clientKey("2001:db8:0:2::1")).not.toBe(one);
  });

  it("expands :: wherever it stands", () => {
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
    expect(clientKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("names a missing address", () => {
    expect(clientKey(undefined)).toBe("unknown");
  });
});
