// Requests Coffer sends to addresses its users chose (webhooks, the OIDC issuers service accounts
// trust and the keys they name): a server-side request forgery risk. A destination is vetted after
// DNS resolution — anything but plain global unicast (loopback, private, link-local where cloud
// metadata lives, shared, multicast, reserved, and the IPv6 forms that carry such an IPv4 address)
// is refused unless an operator allowed its network, and plain http stays inside those networks —
// and the connection goes to exactly the vetted address, so a name cannot resolve to something else
// between the check and the connect. Redirects are never followed; time and the answer read are
// bounded.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { addressIn } from "./cidr.ts";

// The classification of special-purpose addresses is ipaddr.js's (IANA's IPv4 and IPv6
// special-purpose registries), not a list of our own: a hand list missed ::/96 once.
/** IANA's global unicast space: every IPv6 address outside it is reserved or special-purpose. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
/** IPv4-compatible addresses (RFC 4291, deprecated): ::a.b.c.d carries a.b.c.d as mapped ones do. */
const V4_COMPATIBLE = ipaddr.parseCIDR("::/96");
/** NAT64's well-known prefix (RFC 6052): a gateway delivers 64:ff9b::a.b.c.d to a.b.c.d. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

/**
 * The IPv4 address a packet to this IPv6 one ends up at, for the forms that stand for one: mapped
 * (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96) and NAT64's well-known prefix.
 * 6to4 and Teredo embed a relay's address, not the destination's: they are refused as special.
 */
function carriedV4(address: ipaddr.IPv6): string | undefined {
  const range = address.range();
  const carries =
    range === "ipv4Mapped" ||
    range === "rfc6145" ||
    address.match(V4_COMPATIBLE) ||
    address.match(NAT64_WELL_KNOWN);
  return carries ? address.toByteArray().slice(12).join(".") : undefined;
}

/**
 * Whether a request may go to the address: plain global unicast (ipaddr.js's "unicast", within
 * 2000::/3 for IPv6), or in a network the operator allowed. An IPv6 form that carries an IPv4
 * address is judged as that IPv4 address, allow-list included.
 */
export function addressPermitted(address: string, allowedNetworks: readonly string[]): boolean {
  // ipaddr.js also reads forms no resolver answers (0x7f.1, 2130706433): Node's notion decides.
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  if (addressIn(address, allowedNetworks)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const v4 = carriedV4(v6);
  if (v4 !== undefined) return addressPermitted(v4, allowedNetworks);
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/** The destination is one Coffer refuses (the message says why, never more). */
export class DestinationRefused extends Error {
  constructor(
    message: string,
    /** The name does not resolve (yet): nothing is known against it. */
    readonly unresolved = false,
  ) {
    super(message);
  }
}

/**
 * The addresses a URL's host stands for, each permitted; DestinationRefused when any is not (a name
 * answering both a public and a private address is refused whole), when plain http would leave the
 * allowed networks, or when the name does not resolve.
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
          throw new DestinationRefused(`${host} does not resolve`, true);
        },
      );
  if (found.length === 0) throw new DestinationRefused(`${host} does not resolve`, true);
  const refused = found.find((a) => !addressPermitted(a.address, allowedNetworks));
  if (refused) {
    throw new DestinationRefused(
      `${host} resolves to ${refused.address}, a loopback, private, link-local, multicast or other special-purpose address ` +
        "(an operator may allow its network with COFFER_OUTBOUND_ALLOW)",
    );
  }
  // Unencrypted requests stay inside the networks the operator named: elsewhere anyone on the
  // path could read or answer them.
  if (url.protocol === "http:" && !found.every((a) => addressIn(a.address, allowedNetworks))) {
    throw new DestinationRefused(`${host} is outside COFFER_OUTBOUND_ALLOW: use https`);
  }
  return found;
}

/**
 * Why Coffer would never send to this http(s) URL (a 422's message), or undefined. It is vetted
 * again at every request: a name that does not resolve yet may later, so only its http is refused.
 */
export async function destinationProblem(
  url: URL,
  allowedNetworks: readonly string[],
): Promise<string | undefined> {
  try {
    await vetDestination(url, allowedNetworks);
    return undefined;
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    if (!error.unresolved) return `Refused: ${error.message}`;
    return url.protocol === "http:"
      ? "The URL must be https (plain http only reaches networks in COFFER_OUTBOUND_ALLOW)"
      : undefined;
  }
}

export interface OutboundOptions {
  allowedNetworks: readonly string[];
  timeoutMs: number;
  /** Bytes of the answer read at most. */
  maxResponseBytes: number;
  /** Ends the request early too (the timeout ends it anyway). */
  signal?: AbortSignal;
}

/** Connects to the vetted address whatever the name would resolve to now (no second lookup). */
const pinnedLookup =
  (address: string, family: 4 | 6): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The whole answer was read: not cut short, not longer than maxResponseBytes. */
  complete: boolean;
  latencyMs: number;
}

/**
 * One request to the vetted address of the URL: no redirect followed, the time and the bytes read
 * bounded. Rejects with DestinationRefused, or an Error naming a network failure or the timeout.
 */
async function requestOnce(
  url: URL,
  request: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  options: OutboundOptions,
): Promise<Answer> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const [target] = await vetDestination(url, options.allowedNetworks);
  const client = url.protocol === "https:" ? https : http;
  const headers =
    request.body === undefined
      ? request.headers
      : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers,
        lookup: pinnedLookup(target!.address, target!.family),
        signal,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = (complete: boolean) => {
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks),
            complete,
            latencyMs: Math.round(performance.now() - started),
          });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxResponseBytes) return finish(false);
          chunks.push(chunk);
        });
        response.on("end", () => finish(true));
        response.on("error", () => finish(false));
        response.on("close", () => finish(false));
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        signal.aborted
          ? new Error(`no answer within ${options.timeoutMs} ms`)
          : new Error(error.code ? `${error.code}: could not connect` : "could not connect"),
      );
    });
    outgoing.end(request.body);
  });
}

export interface OutboundAnswer {
  status: number;
  latencyMs: number;
}

/**
 * POSTs the body to the URL once. Resolves with the status (a redirect is an answer like any other,
 * never followed; the answer's body is read up to maxResponseBytes, then left).
 */
export async function postOnce(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const answer = await requestOnce(url, { method: "POST", headers, body }, options);
  return { status: answer.status, latencyMs: answer.latencyMs };
}

export interface FetchedText {
  status: number;
  contentType: string;
  text: string;
}

/**
 * GETs the URL once and reads the whole answer (a redirect is an answer, never followed). Rejects
 * as requests do, and when the answer is cut short or longer than maxResponseBytes.
 */
export async function getOnce(
  url: URL,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<FetchedText> {
  const answer = await requestOnce(url, { method: "GET", headers }, options);
  if (!answer.complete) {
    throw new Error(`the answer was cut short or longer than ${options.maxResponseBytes} bytes`);
  }
  return { status: answer.status, contentType: answer.contentType, text: answer.body.toString("utf8") };
}
