// Which server a command talks to, and with which credential. A credential is bound to the URL it
// was issued for: it (and a session's refresh token) is only ever sent there. A `.coffer.json` is
// committed with the code, so anyone who can change a repository can change it: it may choose the
// server, but a server it names gets no credential issued for another one — the CLI refuses
// before sending anything.
import { randomBytes } from "node:crypto";
import {
  normaliseApiUrl,
  readCredentialsFile,
  type StoredCredential,
  updateCredential,
} from "./credentials.ts";
import { CliError, EXIT } from "./errors.ts";
import type { FoundProjectFile } from "./files.ts";

export const DEFAULT_API_URL = "http://127.0.0.1:8080";

export interface Target {
  apiUrl: string;
  /** Set when the URL came from this project file (and from nothing the user chose on this run). */
  projectFile?: string;
  /** Where the URL came from, for "cannot reach" messages: `--api-url`, `COFFER_API_URL`, a file. */
  source: string;
}

/** The URL the user chose: --api-url, else COFFER_API_URL. */
const chosenUrl = (flag: string | undefined) => flag ?? (process.env.COFFER_API_URL || undefined); // empty = unset

/** Where commands go when nothing names a server: the default stored server, else the built-in. */
const defaultUrl = () => readCredentialsFile().default ?? DEFAULT_API_URL;

/**
 * The address: --api-url, COFFER_API_URL, the nearest `.coffer.json` (commands that read one),
 * the default stored server, http://127.0.0.1:8080. Sign-in never takes it from a project file:
 * a password goes only where the user pointed it.
 */
export function resolveTarget(flag: string | undefined, found?: FoundProjectFile): Target {
  const chosen = chosenUrl(flag);
  if (chosen) return { apiUrl: normaliseApiUrl(chosen), source: flag ? "--api-url" : "COFFER_API_URL" };
  const fromProject = found?.project.api_url;
  if (typeof fromProject === "string") {
    try {
      return { apiUrl: normaliseApiUrl(fromProject), projectFile: found!.path, source: found!.path };
    } catch (error) {
      throw new CliError(`${found!.path}: api_url ${(error as Error).message}`, EXIT.usage);
    }
  }
  const stored = readCredentialsFile().default;
  return {
    apiUrl: normaliseApiUrl(stored ?? DEFAULT_API_URL),
    source: stored ? "the default server of `coffer login`" : "the built-in default; set COFFER_API_URL",
  };
}

export interface Binding {
  apiUrl: string;
  /** Where apiUrl came from (Target.source). */
  source: string;
  /** Whether `coffer run` keeps an offline copy with this credential (not an OIDC exchange's). */
  keepsCopies: boolean;
  credential: StoredCredential;
  /** Stored in the credentials file (refreshed tokens are written back), or COFFER_TOKEN. */
  stored: boolean;
  /** The secret the offline copy's key is derived from: stable for the life of the credential. */
  fallbackSecret(): string;
}

/** The credential for `target`, or a refusal (exit 3) that sends nothing anywhere. */
/** An OIDC token named on the command line (`coffer run --oidc-token-env NAME`), over COFFER_OIDC_TOKEN. */
const chosenOidc: { token?: string; serviceAccount?: string } = {};
export function chooseOidcToken(token: string, serviceAccount: string | undefined): void {
  chosenOidc.token = token;
  chosenOidc.serviceAccount = serviceAccount;
}

export function bind(target: Target, flag: string | undefined): Binding {
  const oidc = chosenOidc.token ?? process.env.COFFER_OIDC_TOKEN;
  if (oidc) return bindOidc(target, flag, oidc);
  const token = process.env.COFFER_TOKEN;
  if (token) return bindToken(target, flag, token);
  refuseNearMisses();
  return bindStored(target);
}

// Names people reach for when they mean COFFER_TOKEN (the SDK's `apiKey`, other tools' habits).
// A deploy key set under one of them must not be ignored in favour of whoever is signed in here:
// the command would act with the wrong credential, and say nothing.
const NEAR_MISSES = [
  "COFFER_API_KEY",
  "COFFER_KEY",
  "COFFER_API_TOKEN",
  "COFFER_ACCESS_TOKEN",
  "COFFER_AUTH_TOKEN",
  "COFFER_SERVICE_TOKEN",
  "COFFER_SERVICE_KEY",
];

function refuseNearMisses(): void {
  const set = NEAR_MISSES.filter((name) => process.env[name]);
  if (set.length === 0) return;
  const [name] = set;
  throw new CliError(
    `${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set, but the CLI reads its credential from ` +
      `COFFER_TOKEN only: set COFFER_TOKEN=$${name} (or unset ${name} to use the credential stored here). ` +
      "Nothing was sent.",
    EXIT.usage,
  );
}

/** The URL a credential from the environment belongs to (never a project file's). */
function environmentCredentialUrl(target: Target, flag: string | undefined, name: string): string {
  const url = normaliseApiUrl(chosenUrl(flag) ?? defaultUrl());
  if (target.projectFile && target.apiUrl !== url) {
    throw new CliError(
      `${target.projectFile} points to ${target.apiUrl}, but ${name} belongs to ${url} ` +
        "(COFFER_API_URL or --api-url; the default when neither is set): it is not sent anywhere else. " +
        `If ${target.apiUrl} is the right server, set COFFER_API_URL=${target.apiUrl}; otherwise fix ` +
        `api_url in ${target.projectFile}.`,
      EXIT.auth,
    );
  }
  return url;
}

// COFFER_OIDC_TOKEN (a CI job's ID token) is exchanged at the server COFFER_TOKEN would go to, for
// a key that lives minutes: nothing is stored, and no offline copy outlives the run.
function bindOidc(target: Target, flag: string | undefined, oidcToken: string): Binding {
  environmentCredentialUrl(target, flag, "COFFER_OIDC_TOKEN");
  const serviceAccount = chosenOidc.serviceAccount ?? (process.env.COFFER_SERVICE_ACCOUNT || undefined);
  // Only the named account's trusts are matched: the server refuses a token that names none.
  if (!serviceAccount) {
    throw new CliError(
      "an OIDC token is exchanged for a key of one service account: set COFFER_SERVICE_ACCOUNT (or " +
        "--service-account) to its id — the dashboard shows it on the account's page, and `coffer " +
        "ci-setup` prints it",
      EXIT.usage,
    );
  }
  return {
    apiUrl: target.apiUrl,
    source: target.source,
    keepsCopies: false,
    credential: { oidc_token: oidcToken, service_account_id: serviceAccount },
    stored: false,
    fallbackSecret: () => oidcToken,
  };
}

// COFFER_TOKEN (CI) belongs to COFFER_API_URL / --api-url, or the default URL when neither is set:
// a pull request's `.coffer.json` must not be able to send the job's token elsewhere.
function bindToken(target: Target, flag: string | undefined, token: string): Binding {
  environmentCredentialUrl(target, flag, "COFFER_TOKEN");
  // An access token has no secret that outlives it: a copy written under it does not survive its expiry.
  return {
    apiUrl: target.apiUrl,
    source: target.source,
    keepsCopies: true,
    credential: token.startsWith("sk-") ? { api_key: token } : { access_token: token },
    stored: false,
    fallbackSecret: () => token,
  };
}

function bindStored(target: Target): Binding {
  const { servers } = readCredentialsFile();
  const credential = servers[target.apiUrl];
  if (!credential || (!credential.api_key && !credential.access_token))
    throw notSignedIn(target, Object.keys(servers));
  const apiUrl = target.apiUrl;
  return {
    apiUrl,
    source: target.source,
    keepsCopies: true,
    credential,
    stored: true,
    fallbackSecret() {
      if (credential.api_key) return credential.api_key;
      // Sessions signed in before fallback keys existed get theirs on first use.
      if (!credential.fallback_key) {
        credential.fallback_key = newFallbackKey();
        updateCredential(apiUrl, { fallback_key: credential.fallback_key });
      }
      return credential.fallback_key;
    },
  };
}

export const newFallbackKey = () => randomBytes(32).toString("base64");

function notSignedIn(target: Target, signedIn: string[]): CliError {
  const yours = signedIn.length
    ? `you are signed in to ${signedIn.join(", ")}`
    : "you are not signed in anywhere";
  const login = `coffer login --api-url ${target.apiUrl}`;
  if (target.projectFile) {
    return new CliError(
      `${target.projectFile} points to ${target.apiUrl}, which you are not signed in to (${yours}); ` +
        "no credential is sent there. If you trust that server, sign in to it: " +
        `\`${login}\`; otherwise fix api_url in ${target.projectFile}.`,
      EXIT.auth,
    );
  }
  if (signedIn.length === 0)
    return new CliError("not signed in: run `coffer login` (or set COFFER_TOKEN)", EXIT.auth);
  return new CliError(`not signed in to ${target.apiUrl} (${yours}): run \`${login}\``, EXIT.auth);
}
