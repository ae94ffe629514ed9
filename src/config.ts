// One file on purpose: every variable Coffer reads is named here (test/docs-tables.test.ts checks the docs).
// Every environment variable Coffer reads, parsed and validated once (DESIGN.md §7).
// A bad value throws ConfigError naming the variable; main.ts prints that one line and exits.
import { availableParallelism } from "node:os";
import { withFileSecrets } from "./config/file-secrets.ts";
import { boolean, ConfigError, type Env, integer, read, url, webUrl } from "./config/values.ts";
import { type ConnectionLimits, defaultMaxConnections } from "./http/connection-limits.ts";
import { parseCidr } from "./lib/cidr.ts";

// What the rest of the code imports from here.
export { SECRET_VARIABLES } from "./config/file-secrets.ts";
export { ConfigError } from "./config/values.ts";

export interface PlanAllowance {
  seats: number | null; // null = unlimited
  /** Service accounts a workspace may own (they take no seat); null = unlimited. */
  service_accounts: number | null;
  version_history: boolean;
  share_links: boolean;
}

export interface OAuthProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authUrl: string;
  tokenUrl: string;
  /** Google: the userinfo endpoint; GitHub: the API origin. */
  apiUrl: string;
}

/** Sign-in through any OpenID Connect provider, found through discovery (issue 23). */
export interface OidcProviderConfig {
  /** Exactly as the provider's discovery document names it (a trailing "/" is kept). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button calls it. */
  name: string;
  /** Space-separated; always includes openid. */
  scopes: string;
}

/** How webhook deliveries are sent and retried (issue 23). */
export interface WebhookSettings {
  /** Milliseconds between two looks at the delivery queue. */
  pollMs: number;
  /** Milliseconds one delivery may take, connecting and answering, before it counts as failed. */
  timeoutMs: number;
  /** Attempts of one delivery before it is given up. */
  maxAttempts: number;
  /** Backoff: the first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Seconds a webhook may fail without one success before it is disabled (0: never). */
  disableAfterSeconds: number;
  /** Deliveries in flight at once per process. */
  concurrency: number;
  /** Days finished deliveries stay in the log. */
  logDays: number;
}

/** Where COFFER_AUDIT_STREAMS sends the audit trail (docs/audit.md, "Streams"). */
export type AuditStreamSink =
  | { kind: "file"; url: string; path: string }
  | { kind: "syslog"; url: string; transport: "udp" | "tcp"; host: string; port: number }
  | { kind: "http"; url: string };

export interface AuditStreamSettings {
  sinks: AuditStreamSink[];
  /** The http(s) sinks' signing secret (required when there is one). */
  secret: string | undefined;
}

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  masterKey: Buffer | undefined;
  /** The key being rotated away from, held only while a rotation is under way. */
  previousMasterKey: Buffer | undefined;
  debug: boolean;
  publicUrl: string;
  /** Whether COFFER_PUBLIC_URL was given: share links otherwise take the address the user browsed. */
  publicUrlSet: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimitPerMinute: number;
  defaultPlan: string;
  plans: Record<string, PlanAllowance>;
  /** The instance's operators (COFFER_OPERATORS): account emails, lower-cased, who may set any workspace's plan. */
  operators: readonly string[];
  defaultRotationDays: number;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Seconds a rotated refresh token still yields its successor (DESIGN.md §4). */
  refreshReuseGrace: number;
  /** Seconds a session lives at most from its sign-in, however often it is refreshed. */
  sessionMaxAge: number;
  /** Failed sign-ins per account per 15 minutes before 429 (DESIGN.md §4). */
  loginFailuresPerAccount: number;
  /** Seconds a password-reset link stays usable. */
  passwordResetTtl: number;
  /** Server processes (1: this process serves; more: a primary forks that many workers). */
  workers: number;
  /** Seconds in-flight requests get to finish on SIGTERM/SIGINT before a forced exit. */
  shutdownGrace: number;
  /** Header and request timeouts and the connection cap of each serving process. */
  connections: ConnectionLimits;
  /** Seconds one PostgreSQL statement may take before the request answers 503 database_unavailable. */
  databaseQueryTimeout: number;
  /** Where the import sources live (overridable so tests run against local fakes), and how long to wait. */
  imports: { railwayUrl: string; vercelUrl: string; renderUrl: string; timeoutMs: number };
  /** Seconds between housekeeping runs (0: never). */
  purgeInterval: number;
  /** Seconds dead rows (expired sessions, spent codes, …) are kept before the purge deletes them. */
  purgeRetention: number;
  /** Days audit entries are kept (0: for ever). */
  auditRetentionDays: number;
  /** Days a deleted secret stays recoverable (0: a delete is final). */
  deletedSecretsDays: number;
  otpTtl: number;
  inviteTtl: number;
  cookieSecure: boolean;
  google: OAuthProviderConfig;
  github: OAuthProviderConfig;
  /** Unset when COFFER_OIDC_ISSUER is. */
  oidc: OidcProviderConfig | undefined;
  railwayApiUrl: string;
  vercelApiUrl: string;
  renderApiUrl: string;
  logLevel: string;
  /** Bearer token that turns GET /metrics on (unset: metrics off). */
  metricsToken: string | undefined;
  webhooks: WebhookSettings;
  /** Private networks outbound requests (webhooks) may reach anyway (CIDRs); every other one is refused. */
  outboundAllowedNetworks: string[];
  /** The SECRET_VARIABLES whose value came from their `<NAME>_FILE`. */
  secretsFromFiles: string[];
  /** The PEM certificate chain and private key Coffer serves HTTPS with (reread on SIGHUP); unset: plain HTTP. */
  tls: TlsFiles | undefined;
  /** Whose X-Forwarded-For to believe: nobody (false), any hop (true), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Where the audit trail is streamed to (COFFER_AUDIT_STREAMS; none by default). */
  auditStreams: AuditStreamSettings;
}

export const BUILT_IN_PLANS: Record<string, PlanAllowance> = {
  free: { seats: 5, service_accounts: 2, version_history: false, share_links: false },
  pro: { seats: 50, service_accounts: 50, version_history: true, share_links: true },
  enterprise: { seats: null, service_accounts: null, version_history: true, share_links: true },
};

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function trustProxy(env: Env): boolean | number | string[] {
  const raw = read(env, "COFFER_TRUST_PROXY");
  if (raw === undefined) return false;
  if (["true", "false"].includes(raw.toLowerCase())) return raw.toLowerCase() === "true";
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) {
    throw new ConfigError(
      "COFFER_TRUST_PROXY",
      "expected true, false, a hop count, or addresses/CIDRs separated by commas",
    );
  }
  return entries;
}

function outboundAllowedNetworks(env: Env): string[] {
  const raw = read(env, "COFFER_OUTBOUND_ALLOW");
  if (raw === undefined) return [];
  return raw.split(",").map((entry) => {
    const range = parseCidr(entry);
    if (!range)
      throw new ConfigError("COFFER_OUTBOUND_ALLOW", `"${entry.trim()}" is not an address or CIDR range`);
    return range;
  });
}

function tlsFiles(env: Env): TlsFiles | undefined {
  const certFile = read(env, "COFFER_TLS_CERT_FILE");
  const keyFile = read(env, "COFFER_TLS_KEY_FILE");
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined)
    throw new ConfigError(
      "COFFER_TLS_CERT_FILE",
      "is required with COFFER_TLS_KEY_FILE: set both, or neither",
    );
  if (keyFile === undefined)
    throw new ConfigError(
      "COFFER_TLS_KEY_FILE",
      "is required with COFFER_TLS_CERT_FILE: set both, or neither",
    );
  return { certFile, keyFile };
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const OIDC_VARIABLES = [
  "COFFER_OIDC_ISSUER",
  "COFFER_OIDC_CLIENT_ID",
  "COFFER_OIDC_CLIENT_SECRET",
  "COFFER_OIDC_NAME",
  "COFFER_OIDC_SCOPES",
];

function oidcIssuer(env: Env): string | undefined {
  const raw = read(env, "COFFER_OIDC_ISSUER");
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError("COFFER_OIDC_ISSUER", "is not a valid URL");
  }
  // Plain HTTP would let anyone on the path forge who signs in; loopback is for development and tests.
  const loopback = parsed.protocol === "http:" && LOOPBACK_HOSTS.test(parsed.hostname);
  if (parsed.protocol !== "https:" && !loopback) {
    throw new ConfigError(
      "COFFER_OIDC_ISSUER",
      "must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])",
    );
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError("COFFER_OIDC_ISSUER", "must have no query, fragment or credentials");
  }
  return raw;
}

function oidcProvider(env: Env): OidcProviderConfig | undefined {
  const issuer = oidcIssuer(env);
  const clientId = read(env, "COFFER_OIDC_CLIENT_ID");
  const clientSecret = read(env, "COFFER_OIDC_CLIENT_SECRET");
  const name = read(env, "COFFER_OIDC_NAME") ?? "Single sign-on";
  const scopes = (read(env, "COFFER_OIDC_SCOPES") ?? "openid email profile").split(/\s+/);
  if (issuer === undefined) {
    const stray = OIDC_VARIABLES.find((variable) => read(env, variable) !== undefined);
    if (stray)
      throw new ConfigError(stray, "is set but COFFER_OIDC_ISSUER is not: set it too, or unset this");
    return undefined;
  }
  if (clientId === undefined)
    throw new ConfigError("COFFER_OIDC_CLIENT_ID", "is required with COFFER_OIDC_ISSUER");
  if (clientSecret === undefined)
    throw new ConfigError("COFFER_OIDC_CLIENT_SECRET", "is required with COFFER_OIDC_ISSUER");
  if (name.length > 60) throw new ConfigError("COFFER_OIDC_NAME", "must be at most 60 characters");
  if (!scopes.includes("openid")) throw new ConfigError("COFFER_OIDC_SCOPES", 'must include "openid"');
  if (scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new ConfigError("COFFER_OIDC_SCOPES", "expected scope names separated by spaces");
  }
  return { issuer, clientId, clientSecret, name, scopes: scopes.join(" ") };
}

function webhookSettings(env: Env): WebhookSettings {
  return {
    pollMs: integer(env, "COFFER_WEBHOOK_POLL_MS", 1000, 10, 60_000),
    timeoutMs: integer(env, "COFFER_WEBHOOK_TIMEOUT_MS", 10_000, 100, 60_000),
    maxAttempts: integer(env, "COFFER_WEBHOOK_MAX_ATTEMPTS", 12, 1, 50),
    retryBaseMs: integer(env, "COFFER_WEBHOOK_RETRY_BASE_MS", 10_000, 0, 3_600_000),
    retryMaxMs: integer(env, "COFFER_WEBHOOK_RETRY_MAX_MS", 21_600_000, 0, 86_400_000),
    disableAfterSeconds: integer(env, "COFFER_WEBHOOK_DISABLE_AFTER", 259_200, 0, 31_536_000),
    concurrency: integer(env, "COFFER_WEBHOOK_CONCURRENCY", 8, 1, 256),
    logDays: integer(env, "COFFER_WEBHOOK_LOG_DAYS", 30, 1, 3650),
  };
}

const STREAMS = "COFFER_AUDIT_STREAMS";

/** One sink of COFFER_AUDIT_STREAMS: a JSON-lines file, syslog over UDP or TCP, or an HTTP endpoint. */
function auditStreamSink(raw: string): AuditStreamSink {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(
      STREAMS,
      `"${raw}" is not a URL (expected file://, syslog+udp://, syslog+tcp://, https:// or http://)`,
    );
  }
  const shown = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  switch (parsed.protocol) {
    case "file:": {
      if (parsed.host !== "" || parsed.search || parsed.hash || !parsed.pathname.startsWith("/")) {
        throw new ConfigError(
          STREAMS,
          `"${shown}": a file sink is file:///absolute/path (no host, query or fragment)`,
        );
      }
      if (parsed.pathname.endsWith("/"))
        throw new ConfigError(STREAMS, `"${shown}" names a directory, not a file`);
      return { kind: "file", url: parsed.href, path: decodeURIComponent(parsed.pathname) };
    }
    case "syslog+udp:":
    case "syslog+tcp:": {
      const port = Number(parsed.port);
      if (parsed.hostname === "" || !Number.isInteger(port) || port < 1 || port > 65535) {
        throw new ConfigError(STREAMS, `"${shown}": a syslog sink is ${parsed.protocol}//host:port`);
      }
      if (
        parsed.username ||
        parsed.password ||
        (parsed.pathname !== "" && parsed.pathname !== "/") ||
        parsed.search
      ) {
        throw new ConfigError(
          STREAMS,
          `"${shown}": a syslog sink is ${parsed.protocol}//host:port, nothing more`,
        );
      }
      return {
        kind: "syslog",
        url: `${parsed.protocol}//${parsed.host}`,
        transport: parsed.protocol === "syslog+udp:" ? "udp" : "tcp",
        host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
        port,
      };
    }
    case "https:":
    case "http:":
      if (parsed.username || parsed.password) {
        throw new ConfigError(
          STREAMS,
          `"${shown}": put no credentials in the URL (requests are signed with COFFER_AUDIT_STREAM_SECRET)`,
        );
      }
      return { kind: "http", url: parsed.href };
    default:
      throw new ConfigError(
        STREAMS,
        `"${shown}": unknown scheme ${parsed.protocol} (expected file://, syslog+udp://, syslog+tcp://, https:// or http://)`,
      );
  }
}

function auditStreams(env: Env): AuditStreamSettings {
  const raw = read(env, "COFFER_AUDIT_STREAMS");
  const secret = read(env, "COFFER_AUDIT_STREAM_SECRET");
  if (raw === undefined) return { sinks: [], secret };
  const sinks = raw.split(",").map((entry) => {
    if (entry.trim() === "")
      throw new ConfigError(STREAMS, "has an empty entry (two commas, or one at an end)");
    return auditStreamSink(entry.trim());
  });
  const urls = sinks.map((sink) => sink.url);
  const twice = urls.find((url, index) => urls.indexOf(url) !== index);
  if (twice !== undefined) throw new ConfigError(STREAMS, `names ${twice} twice`);
  if (sinks.some((sink) => sink.kind === "http")) {
    if (secret === undefined) {
      throw new ConfigError(
        "COFFER_AUDIT_STREAM_SECRET",
        `is required when ${STREAMS} names an http(s) sink (its requests are signed with it)`,
      );
    }
    if (secret.length < 16)
      throw new ConfigError("COFFER_AUDIT_STREAM_SECRET", "must be at least 16 characters");
  }
  return { sinks, secret };
}

/** More workers than this only adds contention (one SQLite writer, one pool per worker). */
export const MAX_WORKERS = 64;

function workers(env: Env): number {
  const raw = read(env, "COFFER_WORKERS");
  if (raw?.toLowerCase() === "auto") return Math.min(availableParallelism(), MAX_WORKERS);
  if (raw !== undefined && !/^\d+$/.test(raw)) {
    throw new ConfigError(
      "COFFER_WORKERS",
      `expected "auto" or a whole number from 1 to ${MAX_WORKERS}, got "${raw}"`,
    );
  }
  return integer(env, "COFFER_WORKERS", 1, 1, MAX_WORKERS);
}

function metricsToken(env: Env): string | undefined {
  const raw = read(env, "COFFER_METRICS_TOKEN");
  if (raw === undefined) return undefined;
  // Long enough that guessing is hopeless: /metrics has no rate limit of its own.
  if (raw.length < 32 || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(
      "COFFER_METRICS_TOKEN",
      "must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)",
    );
  }
  return raw;
}

function masterKey(env: Env, name = "COFFER_MASTER_KEY"): Buffer | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const key = Buffer.from(raw, "base64");
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) {
    throw new ConfigError(name, "must be the base64 encoding of exactly 32 bytes");
  }
  return key;
}

/** COFFER_OPERATORS: comma-separated account emails (compared without case). */
function operators(env: Env): string[] {
  const text = read(env, "COFFER_OPERATORS");
  if (text === undefined) return [];
  const emails = text
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== "");
  const bad = emails.find((email) => !/^[^\s@,]+@[^\s@,]+$/.test(email) || email.length > 254);
  if (bad !== undefined) throw new ConfigError("COFFER_OPERATORS", `"${bad}" is not an email address`);
  return [...new Set(emails)];
}

function plans(env: Env): Record<string, PlanAllowance> {
  const raw = read(env, "COFFER_PLANS");
  if (raw === undefined) return BUILT_IN_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError("COFFER_PLANS", "is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError("COFFER_PLANS", 'expected an object like {"free": {"seats": 5, ...}}');
  }
  const result: Record<string, PlanAllowance> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new ConfigError("COFFER_PLANS", `plan "${name}": expected an object like {"seats": 5, ...}`);
    }
    const v = value as Record<string, unknown>;
    for (const flag of ["version_history", "share_links"]) {
      if (v[flag] !== undefined && typeof v[flag] !== "boolean") {
        throw new ConfigError("COFFER_PLANS", `plan "${name}": ${flag} must be true or false`);
      }
    }
    const seats = v.seats ?? null;
    if (seats !== null && (typeof seats !== "number" || !Number.isInteger(seats) || seats < 1)) {
      throw new ConfigError("COFFER_PLANS", `plan "${name}": seats must be a positive integer or null`);
    }
    const serviceAccounts = v.service_accounts ?? null;
    if (
      serviceAccounts !== null &&
      (typeof serviceAccounts !== "number" || !Number.isInteger(serviceAccounts) || serviceAccounts < 0)
    ) {
      throw new ConfigError(
        "COFFER_PLANS",
        `plan "${name}": service_accounts must be a whole number (0 or more) or null`,
      );
    }
    result[name] = {
      seats: seats as number | null,
      service_accounts: serviceAccounts as number | null,
      version_history: v.version_history === true,
      share_links: v.share_links === true,
    };
  }
  if (Object.keys(result).length === 0) throw new ConfigError("COFFER_PLANS", "names no plan");
  return result;
}

/**
 * The address Coffer listens on, as a URL people can open: share links, mail links and OAuth
 * redirects point there unless COFFER_PUBLIC_URL says otherwise.
 */
export function listenUrl(host: string, port: number, tls = false): string {
  // Loopback and every-interface addresses are best opened as localhost (DESIGN.md §7's default).
  const local = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(host);
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `${tls ? "https" : "http"}://${name}:${port}`;
}

export function loadConfig(environment: Env = process.env): Config {
  const { env, files } = withFileSecrets(environment);
  try {
    return { ...parseConfig(env), secretsFromFiles: Object.keys(files) };
  } catch (error) {
    const path = error instanceof ConfigError ? files[error.variable] : undefined;
    if (path === undefined) throw error;
    // Name the variable the operator set, and the file; the value itself is never repeated.
    throw new ConfigError(
      `${(error as ConfigError).variable}_FILE`,
      `the value in ${path} ${(error as ConfigError).reason}`,
    );
  }
}

function parseConfig(env: Env): Omit<Config, "secretsFromFiles"> {
  const port = integer(env, "PORT", 8080, 0, 65535);
  const host = read(env, "HOST") ?? "127.0.0.1";
  const tls = tlsFiles(env);
  const publicUrl = webUrl(env, "COFFER_PUBLIC_URL", listenUrl(host, port, tls !== undefined));
  // Links to http:// would lead nowhere: a server that speaks TLS refuses plain HTTP.
  if (tls && publicUrl.startsWith("http:")) {
    throw new ConfigError("COFFER_PUBLIC_URL", "must start with https:// when COFFER_TLS_CERT_FILE is set");
  }
  const planTable = plans(env);
  const defaultPlan = read(env, "COFFER_DEFAULT_PLAN") ?? "free";
  if (!(defaultPlan in planTable)) {
    throw new ConfigError(
      "COFFER_DEFAULT_PLAN",
      `"${defaultPlan}" is not one of ${Object.keys(planTable).join(", ")}`,
    );
  }
  const logLevel = read(env, "LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}`);
  }
  const mailFrom = read(env, "MAIL_FROM") ?? "Coffer <no-reply@localhost>";
  const workerCount = workers(env);
  const headersTimeout = integer(env, "COFFER_HEADERS_TIMEOUT", 10, 1, 300);
  const requestTimeout = integer(env, "COFFER_REQUEST_TIMEOUT", 60, 1, 3600);
  if (headersTimeout > requestTimeout) {
    throw new ConfigError("COFFER_HEADERS_TIMEOUT", "cannot be longer than COFFER_REQUEST_TIMEOUT");
  }
  // Each worker binds the port itself: port 0 would give each one a port of its own.
  if (workerCount > 1 && port === 0) {
    throw new ConfigError(
      "PORT",
      "0 (any free port) cannot be shared by several COFFER_WORKERS: name a port",
    );
  }
  return {
    port,
    host,
    workers: workerCount,
    shutdownGrace: integer(env, "COFFER_SHUTDOWN_GRACE", 10, 1, 3600),
    databaseQueryTimeout: integer(env, "COFFER_DB_QUERY_TIMEOUT", 5, 1, 300),
    connections: {
      headersTimeout,
      requestTimeout,
      maxConnections: integer(env, "COFFER_MAX_CONNECTIONS", defaultMaxConnections(), 1, 1_000_000),
    },
    dataDir: read(env, "COFFER_DATA_DIR") ?? "./data",
    databaseUrl: url(env, "DATABASE_URL", undefined, ["postgres:", "postgresql:"]),
    redisUrl: url(env, "REDIS_URL", undefined, ["redis:", "rediss:"]),
    masterKey: masterKey(env),
    previousMasterKey: masterKey(env, "COFFER_MASTER_KEY_PREVIOUS"),
    debug: boolean(env, "DEBUG", false),
    publicUrl,
    publicUrlSet: read(env, "COFFER_PUBLIC_URL") !== undefined,
    smtpUrl: url(env, "SMTP_URL", undefined, ["smtp:", "smtps:"]),
    mailFrom,
    rateLimitPerMinute: integer(env, "COFFER_RATE_LIMIT_PER_MINUTE", 600, 1),
    defaultPlan,
    plans: planTable,
    operators: operators(env),
    defaultRotationDays: integer(env, "COFFER_DEFAULT_ROTATION_DAYS", 90, 1, 36500),
    accessTokenTtl: integer(env, "COFFER_ACCESS_TOKEN_TTL", 900, 1),
    refreshTokenTtl: integer(env, "COFFER_REFRESH_TOKEN_TTL", 2592000, 1),
    refreshReuseGrace: integer(env, "COFFER_REFRESH_REUSE_GRACE_SECONDS", 10, 0, 300),
    sessionMaxAge: integer(env, "COFFER_SESSION_MAX_AGE", 2592000, 60, 31_536_000),
    loginFailuresPerAccount: integer(env, "COFFER_LOGIN_FAILURES_PER_ACCOUNT", 10, 1, 100_000),
    passwordResetTtl: integer(env, "COFFER_PASSWORD_RESET_TTL", 1800, 60, 86_400),
    otpTtl: integer(env, "COFFER_OTP_TTL", 600, 1),
    inviteTtl: integer(env, "COFFER_INVITE_TTL", 604800, 1),
    imports: {
      railwayUrl: webUrl(env, "COFFER_RAILWAY_API_URL", "https://backboard.railway.com/graphql/v2"),
      vercelUrl: webUrl(env, "COFFER_VERCEL_API_URL", "https://api.vercel.com"),
      renderUrl: webUrl(env, "COFFER_RENDER_API_URL", "https://api.render.com"),
      timeoutMs: integer(env, "COFFER_IMPORT_TIMEOUT_MS", 10_000, 100, 120_000),
    },
    // At most a week: a timer cannot wait longer than 24.8 days (Node fires a longer one at once).
    purgeInterval: integer(env, "COFFER_PURGE_INTERVAL", 3600, 0, 604_800),
    purgeRetention: integer(env, "COFFER_PURGE_RETENTION", 604800, 0, 315_360_000),
    auditRetentionDays: integer(env, "COFFER_AUDIT_RETENTION_DAYS", 0, 0, 36500),
    deletedSecretsDays: integer(env, "COFFER_DELETED_SECRETS_DAYS", 30, 0, 36500),
    cookieSecure: boolean(env, "COFFER_COOKIE_SECURE", !publicUrl.startsWith("http://")),
    google: {
      clientId: read(env, "GOOGLE_CLIENT_ID"),
      clientSecret: read(env, "GOOGLE_CLIENT_SECRET"),
      authUrl: webUrl(env, "COFFER_GOOGLE_AUTH_URL", "https://accounts.google.com/o/oauth2/v2/auth"),
      tokenUrl: webUrl(env, "COFFER_GOOGLE_TOKEN_URL", "https://oauth2.googleapis.com/token"),
      apiUrl: webUrl(env, "COFFER_GOOGLE_USERINFO_URL", "https://openidconnect.googleapis.com/v1/userinfo"),
    },
    github: {
      clientId: read(env, "GITHUB_CLIENT_ID"),
      clientSecret: read(env, "GITHUB_CLIENT_SECRET"),
      authUrl: webUrl(env, "COFFER_GITHUB_AUTH_URL", "https://github.com/login/oauth/authorize"),
      tokenUrl: webUrl(env, "COFFER_GITHUB_TOKEN_URL", "https://github.com/login/oauth/access_token"),
      apiUrl: webUrl(env, "COFFER_GITHUB_API_URL", "https://api.github.com"),
    },
    oidc: oidcProvider(env),
    railwayApiUrl: webUrl(env, "COFFER_RAILWAY_API_URL", "https://backboard.railway.com/graphql/v2"),
    vercelApiUrl: webUrl(env, "COFFER_VERCEL_API_URL", "https://api.vercel.com"),
    renderApiUrl: webUrl(env, "COFFER_RENDER_API_URL", "https://api.render.com"),
    logLevel,
    webhooks: webhookSettings(env),
    outboundAllowedNetworks: outboundAllowedNetworks(env),
    trustProxy: trustProxy(env),
    tls,
    metricsToken: metricsToken(env),
    auditStreams: auditStreams(env),
  };
}
