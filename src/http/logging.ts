// The pino logger: credentials never reach a log line, including those carried in URLs
// (`token=` query values, share-link paths).
import type { DestinationStream, Logger } from "pino";
import { pino } from "pino";

export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
  "*.access_token",
  "*.refresh_token",
  "*.value",
  "*.otp",
  "*.secret",
  "*.client_secret",
];

export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|state|refresh_token|access_token)=)[^&#]*/gi, "$1[REDACTED]")
    .replace(/^(\/share\/)[^/?#]+/, "$1[REDACTED]");
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers?.["user-agent"],
        }),
      },
    },
    destination,
  );
}
