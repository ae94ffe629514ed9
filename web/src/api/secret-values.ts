// Secret values, read at the moment someone uses one (show, copy, edit, download, a paste's diff)
// and never cached here: each answer is a read the audit trail records, kept by its caller only as
// long as it is shown. The table itself lists metadata (api/queries.ts), which reads no value.
import { apiErrorOf, type operations } from "coffer/client";
import { envFileOf } from "../lib/download.ts";
import { api } from "./client.ts";
import { ApiError, unwrap } from "./errors.ts";
import type { EnvPath, SecretMetadata } from "./queries.ts";

const ONE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}" as const;
const BY_KEY = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/by-key" as const;
const EXPORT = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/export" as const;
const BULK_DELETE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/bulk-delete" as const;

/** How many reads run at once when several values are needed. */
const PARALLEL_READS = 4;

export interface SecretValue {
  /** The value as the environment reads it (references resolved), or the stored text when read raw. */
  value: string;
  /** The stored text, when references make it differ from the value. */
  rawValue?: string;
  /** The version that was read: a row listing another one shows something newer. */
  version: number;
}

type Readable = Pick<SecretMetadata, "id" | "key" | "inherited_from">;

/**
 * One secret's value, a `secret.read` in the trail. An inherited secret is read by key in this
 * environment, so its references resolve as this environment reads them (a `${KEY}` it overrides
 * included), as the list used to show it; `raw` reads the stored text (what an edit starts from).
 */
export async function readSecretValue(
  path: EnvPath,
  secret: Readable,
  options: { raw?: boolean } = {},
): Promise<SecretValue> {
  const raw = options.raw ? { raw: true } : {};
  const record = secret.inherited_from
    ? await unwrap(api.GET(BY_KEY, { params: { path, query: { key: secret.key, ...raw } } }))
    : await unwrap(api.GET(ONE, { params: { path: { ...path, secret_id: secret.id }, query: raw } }));
  return { value: record.value, rawValue: record.raw_value, version: record.current_version };
}

/** The values of several secrets by key, a few reads at a time (each one recorded). */
export async function readSecretValues(
  path: EnvPath,
  secrets: readonly Readable[],
  options: { raw?: boolean } = {},
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const queue = [...secrets];
  const worker = async () => {
    for (let secret = queue.shift(); secret; secret = queue.shift()) {
      values.set(secret.key, (await readSecretValue(path, secret, options)).value);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
  return values;
}

type PartialExport = operations["exportEnvironment"]["responses"][207]["content"]["application/json"];

export interface EnvFile {
  text: string;
  /** Keys whose values no .env form carries unchanged. */
  leftOut: string[];
  /** Keys whose values cannot be read now (undecryptable, or a reference that does not resolve). */
  unreadable: string[];
}

/**
 * The whole environment as .env text, from the export endpoint: one read in the trail. When some
 * values cannot be read (a 207) the file holds the rest and names the others; a value no .env
 * form carries refuses the whole export (409 not_representable, thrown).
 */
export async function exportEnvFile(path: EnvPath, keyOf: (id: string) => string): Promise<EnvFile> {
  const { data, error, response } = await api.GET(EXPORT, {
    params: { path, query: { format: "dotenv" } },
    parseAs: "text",
  });
  if (!response.ok) throw apiErrorOf(response, error);
  if (response.status !== 207) return { text: data ?? "", leftOut: [], unreadable: [] };
  const { detail } = JSON.parse(data ?? "") as PartialExport;
  return { ...envFileOf(detail.succeeded), unreadable: detail.failed_ids.map(keyOf) };
}

/** The selected secrets as .env text, each value read on its own (so the trail names each). */
export async function selectedEnvFile(path: EnvPath, secrets: readonly Readable[]): Promise<EnvFile> {
  const read = await readSecretValues(path, secrets);
  const file = envFileOf(secrets.map((s) => ({ key: s.key, value: read.get(s.key) ?? "" })));
  return { ...file, unreadable: [] };
}

/**
 * What a refusal names under `field` when its code is `code` (the keys a 409 not_representable
 * names, the ids a bulk delete's 404 does), else nothing.
 */
export function namedBy(error: unknown, code: string, field: "keys" | "ids"): string[] {
  if (!(error instanceof ApiError) || error.code !== code) return [];
  const named = (error.body as Record<string, unknown> | null | undefined)?.[field];
  return Array.isArray(named) ? named.map(String) : [];
}

/** Deletes the secrets in one call, all or nothing (404 not_found names the ids that are gone). */
export const deleteSecrets = (path: EnvPath, ids: readonly string[]) =>
  unwrap(api.POST(BULK_DELETE, { params: { path }, body: { ids: [...ids] } }));
