// One capability's contract, read top to bottom: every variable loadConfig reads, as the table in config.ts lists them.
// loadConfig (DESIGN.md §7): the defaults of the table, and a bad value stops start-up with one
// error naming the variable.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_IN_PLANS, ConfigError, loadConfig, SECRET_VARIABLES } from "../src/config.ts";

/** The error loadConfig throws for this environment (the test fails when it throws none). */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("uses the defaults of DESIGN.md §7 when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "./data",
      databaseUrl: undefined,
      redisUrl: undefined,
      masterKey: undefined,
      debug: false,
      publicUrl: "http://localhost:8080",
      smtpUrl: undefined,
      mailFrom: "Coffer <no-reply@localhost>",
      rateLimitPerMinute: 600,
      defaultPlan: "free",
      defaultRotationDays: 90,
      accessTokenTtl: 900,
      refreshTokenTtl: 2592000,
      otpTtl: 600,
      inviteTtl: 604800,
      purgeInterval: 3600,
      purgeRetention: 604800,
      auditRetentionDays: 0,
      cookieSecure: false,
      logLevel: "info",
    });
  });

  it("reads the import sources from the platforms themselves, 10 s per call, unless told otherwise", () => {
    expect(loadConfig({}).imports).toEqual({
      railwayUrl: "https://backboard.railway.com/graphql/v2",
      vercelUrl: "https://api.vercel.com",
      renderUrl: "https://api.render.com",
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({
        COFFER_RAILWAY_API_URL: "http://127.0.0.1:9000/graphql",
        COFFER_VERCEL_API_URL: "http://127.0.0.1:9001/",
        COFFER_RENDER_API_URL: "https://render.proxy.internal",
        COFFER_IMPORT_TIMEOUT_MS: "2500",
      }).imports,
    ).toEqual({
      railwayUrl: "http://127.0.0.1:9000/graphql",
      vercelUrl: "http://127.0.0.1:9001",
      renderUrl: "https://render.proxy.internal",
      timeoutMs: 2500,
    });
  });

  it("has the built-in plans of DESIGN.md §5", () => {
    expect(loadConfig({}).plans).toEqual({
      free: { seats: 5, service_accounts: 2, version_history: false, share_links: false },
      pro: { seats: 50, service_accounts: 50, version_history: true, share_links: true },
      enterprise: { seats: null, service_accounts: null, version_history: true, share_links: true },
    });
    expect(BUILT_IN_PLANS).toEqual(loadConfig({}).plans);
  });

  it("treats empty and blank values as unset", () => {
    const config = loadConfig({ PORT: "", HOST: "   ", DEBUG: "", COFFER_RATE_LIMIT_PER_MINUTE: " " });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    expect(config.debug).toBe(false);
    expect(config.rateLimitPerMinute).toBe(600);
  });
});

describe("loadConfig values", () => {
  it("makes the refresh cookie Secure for an https public URL and not for an http one", () => {
    expect(loadConfig({ COFFER_PUBLIC_URL: "https://coffer.example.com" }).cookieSecure).toBe(true);
    expect(loadConfig({ COFFER_PUBLIC_URL: "http://coffer.example.com" }).cookieSecure).toBe(false);
  });

  it("lets COFFER_COOKIE_SECURE override the public URL's choice", () => {
    expect(
      loadConfig({ COFFER_PUBLIC_URL: "http://localhost:8080", COFFER_COOKIE_SECURE: "true" }).cookieSecure,
    ).toBe(true);
    expect(
      loadConfig({ COFFER_PUBLIC_URL: "https://coffer.example.com", COFFER_COOKIE_SECURE: "false" })
        .cookieSecure,
    ).toBe(false);
  });

  it("reads every number, flag and address it is given", () => {
    const key = randomBytes(32);
    const config = loadConfig({
      PORT: "9090",
      HOST: "0.0.0.0",
      COFFER_DATA_DIR: "/var/lib/coffer",
      DATABASE_URL: "postgres://coffer@db:5432/coffer",
      REDIS_URL: "redis://cache:6379",
      COFFER_MASTER_KEY: key.toString("base64"),
      DEBUG: "true",
      COFFER_RATE_LIMIT_PER_MINUTE: "120",
      COFFER_DEFAULT_PLAN: "pro",
      COFFER_OPERATORS: " Ops@Example.com, root@example.org,ops@example.com ",
      COFFER_DEFAULT_ROTATION_DAYS: "30",
      COFFER_ACCESS_TOKEN_TTL: "60",
      COFFER_REFRESH_TOKEN_TTL: "3600",
      COFFER_OTP_TTL: "120",
      COFFER_INVITE_TTL: "86400",
      COFFER_PURGE_INTERVAL: "0",
      COFFER_PURGE_RETENTION: "60",
      COFFER_AUDIT_RETENTION_DAYS: "365",
      LOG_LEVEL: "debug",
    });
    expect(config.operators).toEqual(["ops@example.com", "root@example.org"]);
    expect(config).toMatchObject({
      port: 9090,
      host: "0.0.0.0",
      dataDir: "/var/lib/coffer",
      databaseUrl: "postgres://coffer@db:5432/coffer",
      redisUrl: "redis://cache:6379",
      debug: true,
      rateLimitPerMinute: 120,
      defaultPlan: "pro",
      defaultRotationDays: 30,
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
      otpTtl: 120,
      inviteTtl: 86400,
      purgeInterval: 0,
      purgeRetention: 60,
      auditRetentionDays: 365,
      logLevel: "debug",
    });
    expect(config.masterKey?.equals(key)).toBe(true);
  });

  it("strips a trailing slash from the public URL so links never double it", () => {
    expect(loadConfig({ COFFER_PUBLIC_URL: "https://coffer.example.com/" }).publicUrl).toBe(
      "https://coffer.example.com",
    );
  });

  it("takes an operator's plan table from COFFER_PLANS, with the default plan chosen from it", () => {
    const config = loadConfig({
      COFFER_PLANS: JSON.stringify({
        team: { seats: 10, version_history: true, service_accounts: 3 },
        solo: { seats: 1 },
      }),
      COFFER_DEFAULT_PLAN: "solo",
    });
    expect(config.plans).toEqual({
      team: { seats: 10, service_accounts: 3, version_history: true, share_links: false },
      solo: { seats: 1, service_accounts: null, version_history: false, share_links: false },
    });
    expect(config.defaultPlan).toBe("solo");
  });
});

describe("COFFER_TRUST_PROXY", () => {
  it("trusts nobody by default, and reads a flag, a hop count or a list of addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ COFFER_TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ COFFER_TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ COFFER_TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
    ]);
  });
});

describe("COFFER_AUDIT_STREAMS", () => {
  it("has no streams by default", () => {
    expect(loadConfig({}).auditStreams.sinks).toEqual([]);
  });

  it("reads a file, syslog over UDP and TCP, and an HTTP endpoint", () => {
    const { sinks } = loadConfig({
      COFFER_AUDIT_STREAMS:
        "file:///var/log/coffer/audit.jsonl, syslog+udp://collector:514,syslog+tcp://[::1]:601,https://siem.example/in?x=1",
      COFFER_AUDIT_STREAM_SECRET: "a-signing-secret-of-some-length",
    }).auditStreams;
    expect(sinks).toEqual([
      { kind: "file", url: "file:///var/log/coffer/audit.jsonl", path: "/var/log/coffer/audit.jsonl" },
      { kind: "syslog", url: "syslog+udp://collector:514", transport: "udp", host: "collector", port: 514 },
      { kind: "syslog", url: "syslog+tcp://[::1]:601", transport: "tcp", host: "::1", port: 601 },
      { kind: "http", url: "https://siem.example/in?x=1" },
    ]);
  });

  it("requires the signing secret with an http(s) sink, naming both variables", () => {
    expect(() => loadConfig({ COFFER_AUDIT_STREAMS: "https://siem.example/in" })).toThrow(
      /^COFFER_AUDIT_STREAM_SECRET: .*COFFER_AUDIT_STREAMS/,
    );
  });

  it("never repeats credentials of a URL it refuses", () => {
    expect(() =>
      loadConfig({
        COFFER_AUDIT_STREAMS: "https://user:hunter2@siem.example/in",
        COFFER_AUDIT_STREAM_SECRET: "a-signing-secret-of-some-length",
      }),
    ).toThrow(/^COFFER_AUDIT_STREAMS: (?!.*hunter2)/);
  });
});

describe("COFFER_WORKERS", () => {
  it("is one process by default, the number of cores for auto, or the number given", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ COFFER_WORKERS: "auto" }).workers).toBe(Math.min(availableParallelism(), 64));
    expect(loadConfig({ COFFER_WORKERS: "AUTO" }).workers).toBe(Math.min(availableParallelism(), 64));
    expect(loadConfig({ COFFER_WORKERS: "1" }).workers).toBe(1);
    expect(loadConfig({ COFFER_WORKERS: "4" }).workers).toBe(4);
    expect(loadConfig({ COFFER_WORKERS: "64" }).workers).toBe(64);
  });
});

describe("COFFER_OIDC_* (single sign-on)", () => {
  const complete = {
    COFFER_OIDC_ISSUER: "https://idp.example.com/realms/acme",
    COFFER_OIDC_CLIENT_ID: "coffer",
    COFFER_OIDC_CLIENT_SECRET: "s3cret",
  };

  it("is off when nothing is set, and reads a complete configuration with its defaults", () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(complete).oidc).toEqual({
      issuer: "https://idp.example.com/realms/acme",
      clientId: "coffer",
      clientSecret: "s3cret",
      name: "Single sign-on",
      scopes: "openid email profile",
    });
  });

  it("keeps the issuer exactly as written (a trailing slash is part of some issuers), and reads name and scopes", () => {
    const config = loadConfig({
      ...complete,
      COFFER_OIDC_ISSUER: "https://auth.example.com/application/o/coffer/",
      COFFER_OIDC_NAME: "Acme SSO",
      COFFER_OIDC_SCOPES: "openid  email profile groups",
    });
    expect(config.oidc).toMatchObject({
      issuer: "https://auth.example.com/application/o/coffer/",
      name: "Acme SSO",
      scopes: "openid email profile groups",
    });
  });

  it("allows plain http for loopback issuers only", () => {
    for (const issuer of ["http://127.0.0.1:9000", "http://localhost:8081/realms/dev", "http://[::1]:9000"]) {
      expect(loadConfig({ ...complete, COFFER_OIDC_ISSUER: issuer }).oidc?.issuer).toBe(issuer);
    }
  });

  it.each([
    ["COFFER_OIDC_ISSUER", { ...complete, COFFER_OIDC_ISSUER: "http://idp.example.com" }],
    ["COFFER_OIDC_ISSUER", { ...complete, COFFER_OIDC_ISSUER: "http://10.0.0.5" }],
    ["COFFER_OIDC_ISSUER", { ...complete, COFFER_OIDC_ISSUER: "idp.example.com" }],
    ["COFFER_OIDC_ISSUER", { ...complete, COFFER_OIDC_ISSUER: "https://idp.example.com/?tenant=a" }],
    ["COFFER_OIDC_CLIENT_ID", { COFFER_OIDC_ISSUER: complete.COFFER_OIDC_ISSUER }],
    ["COFFER_OIDC_CLIENT_SECRET", { ...complete, COFFER_OIDC_CLIENT_SECRET: "" }],
    ["COFFER_OIDC_CLIENT_ID", { COFFER_OIDC_CLIENT_ID: "coffer", COFFER_OIDC_CLIENT_SECRET: "s" }],
    ["COFFER_OIDC_NAME", { COFFER_OIDC_NAME: "Acme SSO" }],
    ["COFFER_OIDC_NAME", { ...complete, COFFER_OIDC_NAME: "x".repeat(61) }],
    ["COFFER_OIDC_SCOPES", { ...complete, COFFER_OIDC_SCOPES: "email profile" }],
    ["COFFER_OIDC_SCOPES", { ...complete, COFFER_OIDC_SCOPES: 'openid "email"' }],
  ] as Array<[string, Record<string, string>]>)("refuses, naming %s, %j", (variable, env) => {
    const error = configErrorFor(env);
    expect(error.variable).toBe(variable);
    expect(error.message).not.toContain("s3cret");
  });
});

const secretsDir = mkdtempSync(join(tmpdir(), "coffer-secret-files-"));
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));
let secretFiles = 0;

/** Writes `content` to a new file and returns its path. */
function secretFile(content: string, name = "secret"): string {
  const path = join(secretsDir, `${name}-${++secretFiles}`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

/** A value each secret variable accepts, with a marker the tests look for in error messages. */
function validValue(name: (typeof SECRET_VARIABLES)[number]): string {
  switch (name) {
    case "COFFER_MASTER_KEY":
    case "COFFER_MASTER_KEY_PREVIOUS":
      return randomBytes(32).toString("base64");
    case "DATABASE_URL":
      return "postgres://coffer:s3cretpass@db.internal:5432/coffer";
    case "REDIS_URL":
      return "redis://:s3cretpass@cache.internal:6379";
    case "SMTP_URL":
      return "smtps://mailer:s3cretpass@smtp.internal:465";
    case "COFFER_METRICS_TOKEN":
      return `s3cret${"x".repeat(40)}`;
    default:
      return "s3cretpass-client-secret";
  }
}

// Single sign-on reads its secret only with an issuer and a client id.
const OIDC = { COFFER_OIDC_ISSUER: "https://idp.example.com", COFFER_OIDC_CLIENT_ID: "coffer" };

describe("<NAME>_FILE", () => {
  it("reads every secret of the configuration from its file, without the newline that ends the file", () => {
    const values = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, validValue(name)]));
    const env = Object.fromEntries(
      SECRET_VARIABLES.map((name) => [`${name}_FILE`, secretFile(`${values[name]}\n`, name)]),
    );
    const config = loadConfig({ ...OIDC, ...env });
    expect(config.masterKey?.toString("base64")).toBe(values.COFFER_MASTER_KEY);
    expect(config.previousMasterKey?.toString("base64")).toBe(values.COFFER_MASTER_KEY_PREVIOUS);
    expect(config.databaseUrl).toBe(values.DATABASE_URL);
    expect(config.redisUrl).toBe(values.REDIS_URL);
    expect(config.smtpUrl).toBe(values.SMTP_URL);
    expect(config.google.clientSecret).toBe(values.GOOGLE_CLIENT_SECRET);
    expect(config.github.clientSecret).toBe(values.GITHUB_CLIENT_SECRET);
    expect(config.oidc?.clientSecret).toBe(values.COFFER_OIDC_CLIENT_SECRET);
    expect(config.metricsToken).toBe(values.COFFER_METRICS_TOKEN);
    expect(config.auditStreams.secret).toBe(values.COFFER_AUDIT_STREAM_SECRET);
    expect(config.secretsFromFiles.sort()).toEqual([...SECRET_VARIABLES].sort());
  });

  it("takes a file without a final newline, or ending in CRLF, as it is less that ending", () => {
    const token = `t${"k".repeat(40)}`;
    for (const content of [token, `${token}\n`, `${token}\r\n`]) {
      expect(loadConfig({ COFFER_METRICS_TOKEN_FILE: secretFile(content) }).metricsToken).toBe(token);
    }
  });

  it.each(SECRET_VARIABLES.map((name) => [name]))("refuses %s together with its _FILE", (name) => {
    const error = configErrorFor({
      ...OIDC,
      [name]: validValue(name),
      [`${name}_FILE`]: secretFile(validValue(name)),
    });
    expect(error.variable).toBe(`${name}_FILE`);
    expect(error.message).toBe(`${name}_FILE: cannot be set together with ${name}: unset one of them`);
  });

  it("a file that cannot be read, or is empty: one line naming the variable and the path", () => {
    const missing = join(secretsDir, "absent");
    expect(configErrorFor({ DATABASE_URL_FILE: missing }).message).toBe(
      `DATABASE_URL_FILE: cannot read ${missing} (ENOENT)`,
    );
    const directory = mkdtempSync(join(secretsDir, "directory-"));
    expect(configErrorFor({ COFFER_MASTER_KEY_FILE: directory }).message).toBe(
      `COFFER_MASTER_KEY_FILE: cannot read ${directory} (EISDIR)`,
    );
    // Empty must not read as unset: the master key would then be generated anew.
    const empty = secretFile("\n");
    expect(configErrorFor({ COFFER_MASTER_KEY_FILE: empty }).message).toBe(
      `COFFER_MASTER_KEY_FILE: ${empty} is empty`,
    );
  });

  it("a value in a file that is not valid: the _FILE variable and the path are named, the value never", () => {
    const key = secretFile("s3cretpass but not a key\n");
    const keyError = configErrorFor({ COFFER_MASTER_KEY_FILE: key });
    expect(keyError.variable).toBe("COFFER_MASTER_KEY_FILE");
    expect(keyError.message).toBe(
      `COFFER_MASTER_KEY_FILE: the value in ${key} must be the base64 encoding of exactly 32 bytes`,
    );
    const url = secretFile("mysql://coffer:s3cretpass@db.internal/coffer\n");
    const urlError = configErrorFor({ DATABASE_URL_FILE: url });
    expect(urlError.message).toBe(
      `DATABASE_URL_FILE: the value in ${url} must start with postgres:// or postgresql://`,
    );
    const token = configErrorFor({ COFFER_METRICS_TOKEN_FILE: secretFile("s3cretpass") });
    expect(token.variable).toBe("COFFER_METRICS_TOKEN_FILE");
    for (const error of [keyError, urlError, token]) expect(error.message).not.toContain("s3cret");
  });
});

describe("COFFER_TLS_CERT_FILE / COFFER_TLS_KEY_FILE", () => {
  const pair = { COFFER_TLS_CERT_FILE: "/etc/coffer/tls.crt", COFFER_TLS_KEY_FILE: "/etc/coffer/tls.key" };

  it("serves plain HTTP when neither is set", () => {
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it("with both: links default to https:// on the listen address, the refresh cookie is Secure", () => {
    const config = loadConfig({ ...pair, PORT: "8443" });
    expect(config.tls).toEqual({ certFile: "/etc/coffer/tls.crt", keyFile: "/etc/coffer/tls.key" });
    expect(config.publicUrl).toBe("https://localhost:8443");
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({ ...pair, COFFER_PUBLIC_URL: "https://coffer.example.com" }).publicUrl).toBe(
      "https://coffer.example.com",
    );
  });

  it("refuses one without the other, and an http:// public URL while serving TLS", () => {
    expect(configErrorFor({ COFFER_TLS_CERT_FILE: "/etc/coffer/tls.crt" }).message).toBe(
      "COFFER_TLS_KEY_FILE: is required with COFFER_TLS_CERT_FILE: set both, or neither",
    );
    expect(configErrorFor({ COFFER_TLS_KEY_FILE: "/etc/coffer/tls.key" }).message).toBe(
      "COFFER_TLS_CERT_FILE: is required with COFFER_TLS_KEY_FILE: set both, or neither",
    );
    expect(configErrorFor({ ...pair, COFFER_PUBLIC_URL: "http://coffer.example.com" }).message).toBe(
      "COFFER_PUBLIC_URL: must start with https:// when COFFER_TLS_CERT_FILE is set",
    );
  });
});

describe("loadConfig refuses bad values, naming the variable", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "-1" }],
    ["PORT", { PORT: "0", COFFER_WORKERS: "2" }],
    ["COFFER_DB_QUERY_TIMEOUT", { COFFER_DB_QUERY_TIMEOUT: "0" }],
    ["COFFER_HEADERS_TIMEOUT", { COFFER_HEADERS_TIMEOUT: "0" }],
    ["COFFER_HEADERS_TIMEOUT", { COFFER_HEADERS_TIMEOUT: "90", COFFER_REQUEST_TIMEOUT: "60" }],
    ["COFFER_MAX_CONNECTIONS", { COFFER_MAX_CONNECTIONS: "none" }],
    ["DEBUG", { DEBUG: "maybe" }],
    ["COFFER_MASTER_KEY", { COFFER_MASTER_KEY: "short" }],
    ["COFFER_MASTER_KEY", { COFFER_MASTER_KEY: randomBytes(16).toString("base64") }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["DATABASE_URL", { DATABASE_URL: "not a url" }],
    ["REDIS_URL", { REDIS_URL: "http://cache:6379" }],
    ["COFFER_PUBLIC_URL", { COFFER_PUBLIC_URL: "ftp://coffer.example.com" }],
    ["COFFER_DEFAULT_PLAN", { COFFER_DEFAULT_PLAN: "gold" }],
    ["COFFER_DEFAULT_PLAN", { COFFER_PLANS: '{"team": {"seats": 3}}' }],
    ["COFFER_OPERATORS", { COFFER_OPERATORS: "ops@example.com, the ops team" }],
    ["COFFER_OPERATORS", { COFFER_OPERATORS: "ops" }],
    ["COFFER_PLANS", { COFFER_PLANS: "{" }],
    ["COFFER_PLANS", { COFFER_PLANS: "[]" }],
    ["COFFER_PLANS", { COFFER_PLANS: "{}" }],
    ["COFFER_PLANS", { COFFER_PLANS: '{"free": {"seats": 0}}' }],
    ["COFFER_PLANS", { COFFER_PLANS: '{"free": 5}' }],
    ["COFFER_PLANS", { COFFER_PLANS: '{"free": {"seats": 5, "version_history": "yes"}}' }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["COFFER_RATE_LIMIT_PER_MINUTE", { COFFER_RATE_LIMIT_PER_MINUTE: "0" }],
    ["COFFER_RATE_LIMIT_PER_MINUTE", { COFFER_RATE_LIMIT_PER_MINUTE: "1.5" }],
    ["COFFER_ACCESS_TOKEN_TTL", { COFFER_ACCESS_TOKEN_TTL: "15m" }],
    ["COFFER_DEFAULT_ROTATION_DAYS", { COFFER_DEFAULT_ROTATION_DAYS: "0" }],
    ["COFFER_COOKIE_SECURE", { COFFER_COOKIE_SECURE: "sometimes" }],
    ["COFFER_TRUST_PROXY", { COFFER_TRUST_PROXY: "the load balancer" }],
    ["COFFER_RAILWAY_API_URL", { COFFER_RAILWAY_API_URL: "backboard.railway.com/graphql/v2" }],
    ["COFFER_VERCEL_API_URL", { COFFER_VERCEL_API_URL: "ftp://api.vercel.com" }],
    ["COFFER_RENDER_API_URL", { COFFER_RENDER_API_URL: "not a url" }],
    ["COFFER_IMPORT_TIMEOUT_MS", { COFFER_IMPORT_TIMEOUT_MS: "10s" }],
    ["COFFER_IMPORT_TIMEOUT_MS", { COFFER_IMPORT_TIMEOUT_MS: "50" }],
    ["COFFER_PURGE_INTERVAL", { COFFER_PURGE_INTERVAL: "-1" }],
    ["COFFER_PURGE_INTERVAL", { COFFER_PURGE_INTERVAL: "hourly" }],
    ["COFFER_PURGE_INTERVAL", { COFFER_PURGE_INTERVAL: "2592000" }],
    ["COFFER_PURGE_RETENTION", { COFFER_PURGE_RETENTION: "7d" }],
    ["COFFER_PURGE_RETENTION", { COFFER_PURGE_RETENTION: "1000000000000" }],
    ["COFFER_AUDIT_RETENTION_DAYS", { COFFER_AUDIT_RETENTION_DAYS: "-30" }],
    ["COFFER_AUDIT_RETENTION_DAYS", { COFFER_AUDIT_RETENTION_DAYS: "40000" }],
    ["COFFER_WORKERS", { COFFER_WORKERS: "0" }],
    ["COFFER_WORKERS", { COFFER_WORKERS: "65" }],
    ["COFFER_WORKERS", { COFFER_WORKERS: "-2" }],
    ["COFFER_WORKERS", { COFFER_WORKERS: "2.5" }],
    ["COFFER_WORKERS", { COFFER_WORKERS: "all" }],
  ] as Array<[string, Record<string, string>]>)(
    "throws a ConfigError starting with %s for %j",
    (variable, env) => {
      const error = configErrorFor(env);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.variable).toBe(variable);
      expect(error.message.startsWith(`${variable}: `)).toBe(true);
    },
  );

  it("keeps the message to one line", () => {
    const error = configErrorFor({ COFFER_PLANS: "{" });
    expect(error.message).not.toContain("\n");
  });
});
