// How a receiver knows a request came from Coffer and is fresh (as Stripe signs its events):
// `Coffer-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with a shared
// secret (its text, UTF-8). Webhooks and audit streams sign alike, so one receiver check serves both.
import { createHmac } from "node:crypto";

export const signature = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header's value for a body sent at `timestamp`, signed with every live secret. */
export const signatureHeader = (secrets: readonly string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signature(secret, timestamp, body)}`)].join(",");
