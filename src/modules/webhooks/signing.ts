// Webhook secrets. The signature itself (Coffer-Signature) is src/lib/signing.ts, shared with the
// audit streams; while a rotated secret overlaps, one v1 per live secret.
import { randomBytes } from "node:crypto";

export { signature, signatureHeader } from "../../lib/signing.ts";

export const SECRET_PREFIX = "whsec_";

export const newSigningSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
