// What every part of the secrets service shares: its dependencies and inputs, how a row is shown,
// how a caller is proved to reach an environment, and how a stored value is opened.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import { DecryptionError, type Keyring } from "../../crypto/data-keys.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import { MalformedReference, referenceLimitExceeded, referenceTargets } from "../../lib/references.ts";
import type { AuditEntryInput, AuditService, PlaceNames } from "../audit/index.ts";
import type { EnvironmentPath, EnvironmentRow, EnvironmentsService } from "../environments/index.ts";
import type { Plans } from "../workspaces/index.ts";
import { LIMITS } from "./schemas.ts";
import { repo } from "./store/index.ts";

export interface SecretsDeps {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  audit: Pick<
    AuditService,
    "recordMany" | "recordBatch" | "recordRead" | "list" | "aboutResources" | "aboutVersions"
  >;
  plans: Plans;
  environments: Pick<
    EnvironmentsService,
    "requireEnvironment" | "markEnvironmentChanged" | "referenced" | "ancestorsOf" | "heirsOf"
  >;
  /** Days a deleted secret stays recoverable (0: a delete is final). */
  deletedSecretsDays: number;
  /** The names of projects and environments (their modules answer), for search results. */
  placeNames: PlaceNames;
}

export interface SecretInput {
  key: string;
  value: string;
  description?: string | null;
  rotation_days?: number | null;
}

export interface SecretPatch {
  key?: string;
  value?: string;
  description?: string | null;
  rotation_days?: number | null;
}

export interface BulkUpdateItem {
  key: string;
  new_key?: string;
  value?: string;
  description?: string | null;
}

/** A ciphertext is bound to its secret and version: moved anywhere else, it fails to decrypt. */
/** Stamps audit entries with the environment (and its project) they happened in. */
export const inEnvironment = (
  environment: Pick<EnvironmentRow, "id" | "project_id" | "name">,
  entries: AuditEntryInput[],
): AuditEntryInput[] =>
  entries.map((entry) => ({
    ...entry,
    projectId: environment.project_id,
    environmentId: environment.id,
    environmentName: environment.name,
  }));

export const valueAad = (secretId: string, version: number) => `secret:${secretId}:${version}`;

/** 404 naming the ids an environment has not (a bulk delete's, a share link's). */
export const noSuchIds = (ids: string[]) =>
  new AppError("not_found", `No secret with these ids in this environment: ${ids.join(", ")}`, {
    body: { ids },
  });

export const conflict = (keys: string[]) =>
  new AppError(
    "conflict",
    `These keys already exist in this environment or repeat in the batch: ${keys.join(", ")}`,
    {
      body: { keys },
    },
  );

/** 422 for a value over the size limit or with a malformed reference (`${` not closed, a bad name). */
export function checkValues(
  values: (string | undefined)[],
  loc: (index: number) => (string | number)[],
): void {
  const issues = values.flatMap((value, index) => {
    if (value === undefined) return [];
    if (Buffer.byteLength(value, "utf8") > LIMITS.valueBytes) {
      return [
        {
          loc: loc(index),
          msg: "Value should be at most 64 KiB",
          type: "string_too_long",
          ctx: { max_length: LIMITS.valueBytes },
        },
      ];
    }
    try {
      referenceTargets(value);
    } catch (error) {
      if (!(error instanceof MalformedReference)) throw error;
      return [{ loc: loc(index), msg: error.message, type: "reference_malformed" }];
    }
    // Every read follows them: a bound keeps one value from costing thousands of lookups.
    const tooMany = referenceLimitExceeded(value);
    return tooMany ? [{ loc: loc(index), msg: tooMany, type: "too_many_references" }] : [];
  });
  if (issues.length > 0) throw new ValidationFailed(issues);
}

/**
 * What the row stores of a value's references. Lenient: a value put back from the past may predate
 * the syntax check, and a read keeps its malformed `${` as text too.
 */
export const storedTargets = (value: string) => {
  const targets = referenceTargets(value, "lenient");
  return targets === null ? null : JSON.stringify(targets);
};

export function duplicates(keys: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(keys.filter((key) => seen.has(key) || !seen.add(key)))];
}

/** A secret as reads and writes answer it (SecretRecord). */
export interface SecretView {
  id: string;
  key: string;
  value: string;
  /** The stored text, when references made `value` differ from it. */
  raw_value?: string;
  /** The environment it is inherited from, when it is not the reading environment's own. */
  inherited_from?: string;
  description: string | null;
  created_at: string;
  updated_at: string;
  current_version: number;
  environment_type: EnvironmentRow["environment_type"];
  last_rotated_at: string | null;
  rotation_days: number;
}

export function createSecretsCore(deps: SecretsDeps) {
  const { db, keyring } = deps;

  /**
   * `raw`: the stored text, when references made `value` differ from it. `origin`: the environment
   * the row is inherited from (its rotation policy applies; the record is read in `environment`).
   */
  function present(
    row: repo.SecretRow,
    value: string,
    environment: EnvironmentRow,
    raw?: string,
    origin?: EnvironmentRow,
  ): SecretView {
    // One literal of fixed shape (the list builds one per secret); the rare fields are added after.
    // The order of the properties on the wire is the schema's, whatever the order here.
    const record: SecretView = {
      id: row.id,
      key: row.key,
      value,
      description: row.description,
      created_at: row.created_at,
      updated_at: row.updated_at,
      current_version: row.current_version,
      environment_type: environment.environment_type,
      last_rotated_at: row.last_rotated_at,
      rotation_days: row.rotation_days ?? (origin ?? environment).default_policy,
    };
    if (raw !== undefined && raw !== value) record.raw_value = raw;
    if (origin) record.inherited_from = origin.id;
    return record;
  }

  /** The environment at the end of the path, after proving the caller may do `action` there. */
  async function environmentFor(
    ctx: RequestContext,
    path: EnvironmentPath,
    action: "secret.read" | "secret.write" | "secret.rollback" | "secret.restore",
  ) {
    const environment = await deps.environments.requireEnvironment(ctx.workspaceId, path, db);
    // Every write into an environment comes through here: its protection is asked with the role.
    await authorize(db, ctx, action, path, environment);
    return environment;
  }

  async function requireSecret(tx: Queryable, ctx: RequestContext, path: EnvironmentPath, secretId: string) {
    const secret = await repo.findSecret(tx, ctx.workspaceId, path.environmentId, secretId);
    if (!secret) throw notFound("Secret");
    return secret;
  }

  async function decryptRow(
    row: repo.SecretRow,
    ciphertext = row.ciphertext,
    version = row.current_version,
    q: Queryable = db,
  ) {
    return keyring.decrypt(q, row.workspace_id, ciphertext, valueAad(row.id, version));
  }

  async function decryptOrConflict(row: repo.SecretRow): Promise<string> {
    try {
      return await decryptRow(row);
    } catch (error) {
      if (error instanceof DecryptionError) {
        throw new AppError("decryption_failed", `The stored value of secret ${row.id} cannot be decrypted`);
      }
      throw error;
    }
  }

  return { present, environmentFor, requireSecret, decryptRow, decryptOrConflict };
}

export type SecretsCore = ReturnType<typeof createSecretsCore>;
