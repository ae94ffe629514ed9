// The pino logger: credentials never reach a log line, including those carried in URLs
// (`token=` query values, share-link paths). URLs are redacted after they are parsed and
// normalised as the router sees them, so percent-encoding, doubled slashes or an absolute-form
// request target cannot smuggle a token past the redaction.
import type { DestinationStream, Logger } from "pino";
import { pino } from "pino";

export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'req.headers["x-share-passphrase"]',
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
  "*.access_token",
  "*.refresh_token",
  "*.value",
  "*.otp",
  "*.secret",
  "*.client_secret",
  "*.passphrase",
  "*.device_code",
  "*.user_code",
];

const CENSORED = "[REDACTED]";
/** Query parameters whose values are credentials (compared after percent-decoding, case-insensitively). */
const SENSITIVE_QUERY = new Set([
  "token",
  "code",
  "state",
  "refresh_token",
  "access_token",
  "password",
  "otp",
]);
/** Path segments whose next segment is a credential. */
const TOKEN_AFTER = new Set(["share"]);
/** Route parameters that are credentials. */
const SENSITIVE_PARAM = /token|secret|code|passphrase/i;

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function splitTarget(raw: string): { path: string; query: string } {
  let target = raw;
  // Absolute form (`GET http://host/share/…`): only its path and query matter.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      target = `${url.pathname}${url.search}`;
    } catch {
      return { path: "/[unparseable]", query: "" };
    }
  }
  const hash = target.indexOf("#");
  if (hash >= 0) target = target.slice(0, hash);
  const question = target.indexOf("?");
  return question < 0
    ? { path: target, query: "" }
    : { path: target.slice(0, question), query: target.slice(question + 1) };
}

function redactQuery(query: string): string {
  if (query === "") return "";
  const pairs = [...new URLSearchParams(query)].map(([name, value]) => {
    const shown = SENSITIVE_QUERY.has(name.toLowerCase()) ? CENSORED : encodeURIComponent(value);
    return `${encodeURIComponent(name)}=${shown}`;
  });
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

function redactPath(path: string): string {
  const segments = decode(path)
    .split("/")
    .filter((segment) => segment !== "");
  const redacted = segments.map((segment, i) =>
    i > 0 && TOKEN_AFTER.has(segments[i - 1]!.toLowerCase()) ? CENSORED : segment,
  );
  const trailing = path.endsWith("/") && segments.length > 0 ? "/" : "";
  return `/${redacted.join("/")}${trailing}`;
}

/** The URL as it may be logged: decoded, slashes collapsed, credentials in path and query censored. */
export function redactUrl(raw: string): string {
  const { path, query } = splitTarget(raw);
  return `${redactPath(path)}${redactQuery(query)}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  headers?: Record<string, unknown>;
  params?: unknown;
  routeOptions?: { url?: string };
}

/** A matched route's path rebuilt from its pattern, with credential parameters censored. */
function routePath(req: LoggedRequest): string | undefined {
  const pattern = req.routeOptions?.url;
  const params = req.params as Record<string, unknown> | undefined;
  if (!pattern || !params || !pattern.includes(":")) return undefined;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) =>
    SENSITIVE_PARAM.test(name) ? CENSORED : String(params[name] ?? `:${name}`),
  );
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: CENSORED },
      serializers: {
        req: (req: LoggedRequest) => {
          const { query } = splitTarget(req.url);
          const matched = routePath(req);
          return {
            method: req.method,
            url: matched ? `${matched}${redactQuery(query)}` : redactUrl(req.url),
            remoteAddress: req.ip,
            userAgent: req.headers?.["user-agent"],
          };
        },
      },
    },
    destination,
  );
}
