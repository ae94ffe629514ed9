// Client address ranges (CIDR notation, IPv4 or IPv6; a bare address is a range of one). Node's
// BlockList does the matching, IPv4-mapped IPv6 addresses included.
import { BlockList, isIP } from "node:net";

/** The range in its canonical text, or null when it is not one. */
export function parseCidr(text: string): string | null {
  const [address, prefixText, ...rest] = text.trim().split("/");
  if (!address || rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  if (prefixText === undefined) return `${address.toLowerCase()}/${max}`;
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? `${address.toLowerCase()}/${prefix}` : null;
}

/** Whether the address falls in one of the (canonical) ranges. */
export function addressIn(address: string | undefined, ranges: readonly string[]): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [network, prefix] = range.split("/") as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 4 ? "ipv4" : "ipv6");
  }
  return list.check(address, family === 4 ? "ipv4" : "ipv6");
}
