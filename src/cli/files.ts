// Where the CLI keeps things: credentials in the user's config dir (mode 0600), the project's ids
// in `.coffer.json`, found by walking up from the current directory, and the encrypted fallback
// copy of an environment's secrets for `coffer run --fallback`.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

export interface Credentials {
  api_url: string;
  api_key?: string;
  access_token?: string;
  refresh_token?: string;
  email?: string;
}

export interface ProjectFile {
  api_url: string;
  workspace_id: string;
  team_id: string;
  project_id: string;
  environment_id: string;
}

export const PROJECT_FILE = ".coffer.json";

export function configDir(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "coffer");
}

const credentialsFile = () => join(configDir(), "credentials.json");

export function readCredentials(): Credentials | undefined {
  const file = credentialsFile();
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as Credentials;
}

export function writeCredentials(credentials: Credentials): string {
  const file = credentialsFile();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function removeCredentials(): boolean {
  const file = credentialsFile();
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

/** The nearest `.coffer.json` at or above `from`. */
export function findProjectFile(from = process.cwd()): { path: string; project: ProjectFile } | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, PROJECT_FILE);
    if (existsSync(candidate))
      return { path: candidate, project: JSON.parse(readFileSync(candidate, "utf8")) };
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function writeProjectFile(project: ProjectFile, dir = process.cwd()): string {
  const path = join(dir, PROJECT_FILE);
  writeFileSync(path, `${JSON.stringify(project, null, 2)}\n`);
  return path;
}

// The fallback copy: AES-256-GCM under a key derived from the credential, so the file is useless
// without the credential that wrote it.
const fallbackFile = (environmentId: string) => join(configDir(), "fallback", `${environmentId}.enc`);
const fallbackKey = (credential: string) =>
  Buffer.from(hkdfSync("sha256", credential, Buffer.alloc(0), "coffer-cli/fallback/v1", 32));

/** What `coffer run --fallback` keeps: the values, and the list's ETag to ask "changed since?". */
export interface FallbackCopy {
  etag?: string;
  values: Record<string, string>;
}

export function saveFallback(environmentId: string, credential: string, copy: FallbackCopy): void {
  const file = fallbackFile(environmentId);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", fallbackKey(credential), nonce);
  const body = Buffer.concat([cipher.update(JSON.stringify(copy), "utf8"), cipher.final()]);
  writeFileSync(file, Buffer.concat([nonce, cipher.getAuthTag(), body]), { mode: 0o600 });
}

export function loadFallback(environmentId: string, credential: string): FallbackCopy | undefined {
  const file = fallbackFile(environmentId);
  if (!existsSync(file)) return undefined;
  const data = readFileSync(file);
  try {
    const decipher = createDecipheriv("aes-256-gcm", fallbackKey(credential), data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    const copy = JSON.parse(
      Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8"),
    ) as Partial<FallbackCopy>;
    return copy.values && typeof copy.values === "object" ? (copy as FallbackCopy) : undefined;
  } catch {
    return undefined; // written with another credential, or damaged
  }
}
