// How a receiver knows a delivery came from Coffer and is fresh (as Stripe signs its events):
// `Coffer-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the
// webhook's secret (its text, UTF-8). While a rotated secret overlaps, one v1 per live secret.
import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

export const newSigningSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;

export const signature = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header's value for a body sent at `timestamp`, signed with every live secret. */
export const signatureHeader = (secrets: readonly string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signature(secret, timestamp, body)}`)].join(",");
