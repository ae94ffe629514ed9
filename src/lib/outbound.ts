// Requests Coffer sends to addresses its users chose (webhooks): a server-side request forgery
// risk. A destination is vetted after DNS resolution — loopback, private, link-local (cloud
// metadata), shared, multicast and reserved addresses are refused unless an operator allowed their
// network — and the connection goes to exactly the vetted address, so a name cannot resolve to
// something else between the check and the connect. Redirects are never followed; time and the
// answer read are bounded.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { addressIn } from "./cidr.ts";

const FORBIDDEN_V4 = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: cloud metadata lives at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const;

const FORBIDDEN_V6 = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses through a gateway
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10],
  ["ff00::", 8], // multicast
] as const;

const forbidden = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 one (::ffff:10.0.0.1), if any. */
function embeddedV4(address: string): string | undefined {
  const match = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a request may go to the address: public, or in a network the operator allowed. */
export function addressPermitted(address: string, allowedNetworks: readonly string[]): boolean {
  const v4 = embeddedV4(address);
  const plain = v4 ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  if (addressIn(plain, allowedNetworks)) return true;
  return !forbidden.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** The destination is one Coffer refuses to reach (the message says why, never more). */
export class DestinationRefused extends Error {}

/**
 * The addresses a URL's host stands for, each permitted; DestinationRefused when any is not (a name
 * answering both a public and a private address is refused whole) or when the name does not resolve.
 */
export async function vetDestination(
  url: URL,
  allowedNetworks: readonly string[],
): Promise<{ address: string; family: 4 | 6 }[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await lookup(host, { all: true, verbatim: true }).then(
        (all) => all.map((a) => ({ address: a.address, family: a.family as 4 | 6 })),
        () => {
          throw new DestinationRefused(`${host} does not resolve`);
        },
      );
  if (found.length === 0) throw new DestinationRefused(`${host} does not resolve`);
  const refused = found.find((a) => !addressPermitted(a.address, allowedNetworks));
  if (refused) {
    throw new DestinationRefused(
      `${host} resolves to ${refused.address}, a loopback, private, link-local, multicast or reserved address ` +
        "(an operator may allow its network with COFFER_OUTBOUND_ALLOW)",
    );
  }
  return found;
}

export interface OutboundOptions {
  allowedNetworks: readonly string[];
  timeoutMs: number;
  /** Bytes of the answer read at most (the rest is not waited for). */
  maxResponseBytes: number;
}

export interface OutboundAnswer {
  status: number;
  latencyMs: number;
}

/** Connects to the vetted address whatever the name would resolve to now (no second lookup). */
const pinnedLookup =
  (address: string, family: 4 | 6): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * POSTs the body to the URL once. Resolves with the status (a redirect is an answer like any other,
 * never followed); rejects with DestinationRefused, or an Error naming a network failure or timeout.
 */
export async function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const [target] = await vetDestination(url, options.allowedNetworks);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target!.address, target!.family),
        signal: deadline,
        agent: false,
      },
      (response) => {
        let read = 0;
        const finish = () => {
          resolve({ status: response.statusCode ?? 0, latencyMs: Math.round(performance.now() - started) });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read >= options.maxResponseBytes) finish();
        });
        response.on("end", finish);
        response.on("error", () => finish());
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        deadline.aborted
          ? new Error(`no answer within ${options.timeoutMs} ms`)
          : new Error(error.code ? `${error.code}: could not deliver` : "could not deliver"),
      );
    });
    request.end(body);
  });
}
