// The credentials file ($XDG_CONFIG_HOME/coffer/credentials.json, mode 0600): one credential per
// Coffer server, keyed by the server's normalised API URL, and which server is the default. A
// credential belongs to the URL it was issued for: nothing here hands one out for another URL.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CliError, EXIT } from "./errors.ts";
import { configDir } from "./files.ts";

export interface StoredCredential {
  email?: string;
  api_key?: string;
  access_token?: string;
  refresh_token?: string;
  /**
   * A session's offline-copy secret (32 random bytes, base64): the copy's key comes from it rather
   * than from the refresh token, which rotates on every refresh.
   */
  fallback_key?: string;
  /** A CI job's OIDC ID token (COFFER_OIDC_TOKEN), exchanged for a short-lived key on first use. */
  oidc_token?: string;
  /** The service account the OIDC token is exchanged for (only its trusts are matched). */
  service_account_id?: string;
}

export interface CredentialsFile {
  default?: string;
  servers: Record<string, StoredCredential>;
}

/**
 * The form URLs are compared in: scheme, lower-case host, port (none when it is the scheme's
 * default) and path without trailing slashes. Parsed, never compared as text, so that
 * `http://trusted@evil.example` is evil.example.
 */
export function normaliseApiUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CliError(`"${raw}" is not a URL (expected http(s)://host[:port][/path])`, EXIT.usage);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`"${raw}" is not an http(s) URL`, EXIT.usage);
  if (url.username || url.password || url.search || url.hash)
    throw new CliError(`"${raw}": an API URL carries no user name, password, query or fragment`, EXIT.usage);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

export const credentialsFile = () => join(configDir(), "credentials.json");

/** The file's content; the single-object format of earlier versions reads as its one server. */
export function readCredentialsFile(): CredentialsFile {
  const file = credentialsFile();
  if (!existsSync(file)) return { servers: {} };
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<CredentialsFile> & { api_url?: unknown };
  if (parsed.servers && typeof parsed.servers === "object")
    return { servers: parsed.servers, ...(parsed.default ? { default: parsed.default } : {}) };
  if (typeof parsed.api_url === "string") {
    const { api_url, ...credential } = parsed as StoredCredential & { api_url: string };
    const url = normaliseApiUrl(api_url);
    return { default: url, servers: { [url]: credential } };
  }
  return { servers: {} };
}

function writeCredentialsFile(content: CredentialsFile): string {
  const file = credentialsFile();
  if (Object.keys(content.servers).length === 0) {
    rmSync(file, { force: true });
    return file;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Written aside and renamed: two CLI runs refreshing at once never leave half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return file;
}

/** Stores a new sign-in for `apiUrl` (replacing that server's credential) and makes it the default. */
export function storeCredential(apiUrl: string, credential: StoredCredential): string {
  const content = readCredentialsFile();
  return writeCredentialsFile({ default: apiUrl, servers: { ...content.servers, [apiUrl]: credential } });
}

/** Changes fields of the credential stored for `apiUrl` (a refresh, a new offline-copy secret). */
export function updateCredential(apiUrl: string, change: Partial<StoredCredential>): void {
  const content = readCredentialsFile(); // read again: another run may have written meanwhile
  const current = content.servers[apiUrl];
  if (!current) return; // signed out meanwhile: nothing to keep
  writeCredentialsFile({ ...content, servers: { ...content.servers, [apiUrl]: { ...current, ...change } } });
}

/** Forgets `apiUrl`'s credential; when it was the default, there is no default any more. */
export function forgetCredential(apiUrl: string): boolean {
  const { default: current, servers } = readCredentialsFile();
  if (!servers[apiUrl]) return false;
  const { [apiUrl]: _, ...rest } = servers;
  writeCredentialsFile({ servers: rest, ...(current && current !== apiUrl ? { default: current } : {}) });
  return true;
}
