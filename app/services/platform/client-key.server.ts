// Who a limit counts (docs/security.md#clients): one client address is one IPv4 address or one IPv6 /64.
// A home or mobile connection is given a whole /64 (2^64 addresses), so counting IPv6 addresses
// one by one would give one person endless fresh allowances.
import { isIPv4, isIPv6 } from "node:net";

/** "203.0.113.7", or "2001:db8:0:1::/64" for every address of that /64; "unknown" without one. */
export function clientKey(address: string | undefined): string {
  if (!address) return "unknown";
  // An IPv4 address seen on an IPv6 socket: the same client address as on an IPv4 one.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${first64Bits(address)}::/64`;
  return address;
}

/** The first four groups of an IPv6 address, written without leading zeros. */
function first64Bits(address: string): string {
  const plain = (address.split("%")[0] ?? "").toLowerCase();
  const [head = "", tail] = plain.split("::");
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for two groups.
  const groups = (part: string) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array(8 - before.length - after.length).fill("0");
  return [...before, ...zeros, ...after]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":");
}
