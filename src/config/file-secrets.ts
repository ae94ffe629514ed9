// Secrets given as files (`<NAME>_FILE`) instead of in the environment.
import { readFileSync } from "node:fs";
import { ConfigError, type Env, read } from "./values.ts";

/**
 * The variables that hold a secret: each may instead name a file that holds it (`<NAME>_FILE`), the
 * way Docker and Kubernetes secrets and systemd credentials arrive, so that the secret stays out of
 * the process environment (`/proc/<pid>/environ`, `docker inspect`, a unit file).
 */
export const SECRET_VARIABLES = [
  "COFFER_MASTER_KEY",
  "COFFER_MASTER_KEY_PREVIOUS",
  "DATABASE_URL",
  "REDIS_URL",
  "SMTP_URL",
  "GOOGLE_CLIENT_SECRET",
  "GITHUB_CLIENT_SECRET",
  "COFFER_OIDC_CLIENT_SECRET",
  "COFFER_METRICS_TOKEN",
  "COFFER_AUDIT_STREAM_SECRET",
] as const;

/**
 * `env` with each `<NAME>_FILE` of SECRET_VARIABLES replaced by `<NAME>` = the file's content, less
 * one trailing newline (what `echo` and editors add), and which file each came from. An error names
 * the variable and the path, never the content.
 */
export function withFileSecrets(env: Env): { env: Env; files: Record<string, string> } {
  const resolved: Env = { ...env };
  const files: Record<string, string> = {};
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const path = read(env, fileVariable);
    if (path === undefined) continue;
    if (read(env, name) !== undefined) {
      throw new ConfigError(fileVariable, `cannot be set together with ${name}: unset one of them`);
    }
    let content: string;
    try {
      content = readFileSync(path, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      throw new ConfigError(fileVariable, `cannot read ${path} (${code})`);
    }
    const value = content.replace(/\r?\n$/, "");
    // An empty mounted secret must not read as "unset" (a master key file would then be generated).
    if (value.trim() === "") throw new ConfigError(fileVariable, `${path} is empty`);
    resolved[name] = value;
    files[name] = path;
  }
  return { env: resolved, files };
}
