// An audit entry as services give it and the row it becomes: who acted, as the trail names them,
// and where it happened, by name as well as id.
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import type { Queryable } from "../../db/schema.ts";
import { uuidv7 } from "../../lib/uuid7.ts";
import type { Unchained } from "./chain-writer.ts";
import type * as repo from "./repo.ts";

/**
 * Where the trail finds the names of who acted, in the writer's transaction: the keys and accounts
 * modules own those tables (app.ts hands their queries in).
 */
export interface ActorNames {
  keyName(q: Queryable, keyId: string): Promise<string | undefined>;
  emailOf(q: Queryable, userId: string): Promise<string | undefined>;
}

/** Who acted, as the trail names them: the key's name, else the person's address. */
async function actorName(
  q: Queryable,
  names: ActorNames,
  actor: { apiKeyId: string | null; apiKeyName?: string; userId: string },
): Promise<string> {
  const key = actor.apiKeyName ?? (actor.apiKeyId ? await names.keyName(q, actor.apiKeyId) : undefined);
  return key ?? (await names.emailOf(q, actor.userId)) ?? "unknown";
}

/** A person acting, through a session or one of their keys (the trail names the key). */
async function personActor(q: Queryable, names: ActorNames, principal: RequestContext["principal"]) {
  const name = await actorName(q, names, principal);
  return {
    actor_type: principal.apiKeyId ? "api_key" : "user",
    actor_id: principal.apiKeyId ?? principal.userId,
    actor_user_id: principal.userId,
    actor_name: name,
    actor_key_id: principal.apiKeyId,
    actor_key_name: principal.apiKeyId ? name : null,
  };
}

export interface AuditEntryInput {
  /** `<resource>.<past-tense verb>`, e.g. `team.created`. */
  action: string;
  resourceType: string;
  resourceId: string | null;
  secretId?: string | null;
  version?: number | null;
  /** Flat facts, and an update's before and after (`changes`: {field: {from, to}}); never a secret's value. */
  details?: Record<
    string,
    string | number | boolean | null | Readonly<Record<string, Readonly<{ from: unknown; to: unknown }>>>
  >;
  /** Overrides the context's workspace (e.g. a workspace created outside any scope). */
  workspaceId?: string;
  /** Where it happened, for events inside a project (webhook and trail filters read them). */
  projectId?: string | null;
  environmentId?: string | null;
  /**
   * Their names, when the caller has them at hand or they are gone already (a deletion): otherwise
   * the trail looks them up as of the event.
   */
  projectName?: string | null;
  environmentName?: string | null;
}

/** The names of projects and environments by id (the modules that own them answer). */
export type PlaceNames = (
  q: Queryable,
  workspaceId: string,
  ids: { projectIds: string[]; environmentIds: string[] },
) => Promise<{ projects: Map<string, string>; environments: Map<string, string> }>;

/** Told of every entry inside the transaction that records it (webhooks queue their deliveries). */
export type AuditListener = (tx: Queryable, rows: readonly repo.AuditRow[]) => Promise<void>;

/**
 * Fills in the names of the places entries happened in that their callers did not give: one
 * lookup per workspace the entries are in (an entry's own, else `workspaceId`).
 */
export async function withPlaceNames(
  q: Queryable,
  names: PlaceNames | undefined,
  workspaceId: string | undefined,
  entries: AuditEntryInput[],
): Promise<AuditEntryInput[]> {
  if (!names) return entries;
  const wanted = new Map<string, { projectIds: Set<string>; environmentIds: Set<string> }>();
  for (const entry of entries) {
    const workspace = entry.workspaceId ?? workspaceId;
    const project = entry.projectId && entry.projectName === undefined ? entry.projectId : undefined;
    const environment =
      entry.environmentId && entry.environmentName === undefined ? entry.environmentId : undefined;
    if (!workspace || (!project && !environment)) continue;
    const ids = wanted.get(workspace) ?? { projectIds: new Set(), environmentIds: new Set() };
    if (project) ids.projectIds.add(project);
    if (environment) ids.environmentIds.add(environment);
    wanted.set(workspace, ids);
  }
  if (wanted.size === 0) return entries;
  const found = new Map<string, Awaited<ReturnType<PlaceNames>>>();
  for (const [workspace, ids] of wanted) {
    found.set(
      workspace,
      await names(q, workspace, { projectIds: [...ids.projectIds], environmentIds: [...ids.environmentIds] }),
    );
  }
  return entries.map((entry) => {
    const known = found.get(entry.workspaceId ?? workspaceId ?? "");
    return {
      ...entry,
      projectName:
        entry.projectName ?? (entry.projectId ? known?.projects.get(entry.projectId) : null) ?? null,
      environmentName:
        entry.environmentName ??
        (entry.environmentId ? known?.environments.get(entry.environmentId) : null) ??
        null,
    };
  });
}

/** Who acted, as the entry's actor columns say it. */
export async function actorColumns(q: Queryable, actorNames: ActorNames, actor: AuditActor) {
  const { principal } = actor;
  return principal
    ? principal.serviceAccount
      ? {
          // The service account acts; the key is how.
          actor_type: "service_account",
          actor_id: principal.serviceAccount.id,
          actor_user_id: principal.serviceAccount.id,
          actor_name: principal.serviceAccount.name,
          actor_key_id: principal.apiKeyId,
          actor_key_name: principal.apiKeyName ?? null,
        }
      : personActor(q, actorNames, principal)
    : actor.system
      ? {
          actor_type: "system",
          actor_id: "",
          actor_user_id: "",
          actor_name: actor.system,
          actor_key_id: null,
          actor_key_name: null,
        }
      : {
          actor_type: "anonymous",
          actor_id: "",
          actor_user_id: "",
          actor_name: "anonymous",
          actor_key_id: null,
          actor_key_name: null,
        };
}

export type ActorColumns = Awaited<ReturnType<typeof actorColumns>>;

/**
 * The rows of some entries (`batched`: the first entry sums up the operation and the others are
 * its items), their places named unless given.
 */
export async function rowsOf(
  q: Queryable,
  sources: { actorNames: ActorNames; placeNames: PlaceNames | undefined; now: () => string },
  actor: AuditActor & { workspaceId?: string },
  given: AuditEntryInput[],
  options: { batched?: boolean; createdAt?: string; who?: ActorColumns } = {},
): Promise<Unchained[]> {
  const entries = await withPlaceNames(q, sources.placeNames, actor.workspaceId, given);
  const who = options.who ?? (await actorColumns(q, sources.actorNames, actor));
  const createdAt = options.createdAt ?? sources.now();
  // uuidv7 ids grow: the summary sorts after its items at the same moment, so it reads first.
  const ids = entries.map(() => uuidv7());
  if (options.batched) ids.unshift(ids.pop()!);
  const batchId = options.batched ? ids[0]! : null;
  return entries.map((entry, index): Unchained => {
    const workspaceId = entry.workspaceId ?? actor.workspaceId;
    if (!workspaceId) throw new Error(`audit entry ${entry.action} has no workspace`);
    return {
      id: ids[index]!,
      workspace_id: workspaceId,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      secret_id: entry.secretId ?? null,
      version: entry.version ?? null,
      ...who,
      ip_address: actor.ipAddress,
      user_agent: actor.userAgent,
      details: JSON.stringify(entry.details ?? {}),
      project_id: entry.projectId ?? null,
      environment_id: entry.environmentId ?? null,
      project_name: entry.projectName ?? null,
      environment_name: entry.environmentName ?? null,
      batch_id: index > 0 ? batchId : null,
      created_at: createdAt,
    };
  });
}
