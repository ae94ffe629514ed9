// The audit trail: who did what, when, from where. Never a secret value, token or password:
// callers pass ids, names and version numbers only.

import type { Logger } from "pino";
import { authorize } from "../../auth/authorize.ts";
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import { inBatches } from "../../db/batches.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { uuidv7 } from "../../lib/uuid7.ts";
import { chainOperations } from "./chain-service.ts";
import { appendEntries, createChainKeys, type Unchained } from "./chain-writer.ts";
import { rememberedPlaceNames } from "./place-names.ts";
import * as repo from "./repo.ts";

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

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Newest first: by time, then by id (ids are time-ordered, so within a millisecond too). */
const newestFirst = (a: repo.AuditRow, b: repo.AuditRow) =>
  a.created_at === b.created_at ? compare(b.id, a.id) : compare(b.created_at, a.created_at);

export function presentEvent(row: repo.AuditRow) {
  return {
    id: row.id,
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    secret_id: row.secret_id,
    version: row.version,
    project_id: row.project_id,
    environment_id: row.environment_id,
    project_name: row.project_name,
    environment_name: row.environment_name,
    batch_id: row.batch_id,
    actor: {
      type: row.actor_type,
      id: row.actor_id,
      user_id: row.actor_user_id,
      name: row.actor_name,
      key: row.actor_key_id ? { id: row.actor_key_id, name: row.actor_key_name ?? "" } : null,
    },
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    details: JSON.parse(row.details) as Record<string, unknown>,
    created_at: row.created_at,
    chain:
      row.sequence !== null && row.prev_hmac !== null && row.hmac !== null
        ? { sequence: row.sequence, prev_hmac: row.prev_hmac, hmac: row.hmac }
        : null,
  };
}

/** What the workspace trail can be narrowed to. */
export interface TrailFilter {
  /** An action (`secret.created`), or every action of a resource (`secret.`). */
  action?: string;
  /** A person, one of their keys, or a service account. */
  actor?: string;
  project?: string;
  environment?: string;
  /** From this time on, and before that one. */
  since?: string;
  until?: string;
  /** The items of one bulk operation (its summary entry's id). */
  batch?: string;
  /** Which entries (repo.TrailView); by default `changes`, or `all` when `action` picks them. */
  view?: repo.TrailView;
}

const trailQuery = (filter: TrailFilter) => ({
  action: filter.action,
  actorId: filter.actor,
  projectId: filter.project,
  environmentId: filter.environment,
  since: filter.since,
  until: filter.until,
  batchId: filter.batch,
  // An action asked for by name is shown whatever it is; without one the list stays what it was
  // before reads and summaries were recorded (the trail people read asks for `operations`).
  view: filter.view ?? (filter.action ? "all" : "changes"),
});

/** How long the name of who read is remembered between rounds of reads (milliseconds). */
const REMEMBER_READERS_MS = 1_000;

/** Rows read per query while an export streams. */
const EXPORT_PAGE = 500;

/**
 * Fills in the names of the places entries happened in that their callers did not give: one
 * lookup per workspace the entries are in (an entry's own, else `workspaceId`).
 */
async function withPlaceNames(
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

export function createAuditService({
  db,
  clock,
  logger,
  masterKeys,
  actorNames,
}: {
  db: Db;
  clock: Clock;
  logger?: Logger;
  masterKeys: MasterKeys;
  actorNames: ActorNames;
}) {
  const listeners: AuditListener[] = [];
  const chainKeys = createChainKeys(masterKeys);
  let placeNames: PlaceNames | undefined;
  const readPlaceNames = rememberedPlaceNames(() => placeNames);

  /** Who acted, as the entry's actor columns say it. */
  async function actorColumns(q: Queryable, actor: AuditActor) {
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

  /**
   * The rows of some entries (`batched`: the first entry sums up the operation and the others are
   * its items), their places named unless given.
   */
  async function rowsOf(
    q: Queryable,
    actor: AuditActor & { workspaceId?: string },
    given: AuditEntryInput[],
    options: { batched?: boolean; createdAt?: string; who?: Awaited<ReturnType<typeof actorColumns>> } = {},
  ): Promise<Unchained[]> {
    const entries = await withPlaceNames(q, placeNames, actor.workspaceId, given);
    const who = options.who ?? (await actorColumns(q, actor));
    const createdAt = options.createdAt ?? clock.now().toISOString();
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

  /** Inserts entries and tells the listeners, in the caller's transaction. */
  async function write(
    tx: Queryable,
    actor: AuditActor & { workspaceId?: string },
    given: AuditEntryInput[],
    options: { batched?: boolean } = {},
  ) {
    if (given.length === 0) return;
    await insert(tx, await rowsOf(tx, actor, given, options));
  }

  /** Chains and inserts rows, and tells the listeners, in the caller's transaction. */
  async function insert(tx: Queryable, unchained: Unchained[]) {
    const rows = await appendEntries(tx, chainKeys, unchained, clock.now().toISOString());
    for (const listener of listeners) await listener(tx, rows);
  }

  // Reads of values are recorded by group commit: a read's response waits for its entry, and the
  // reads that arrive while one insert is being committed share the next one, so that a busy node
  // pays one insert (one commit, on PostgreSQL one WAL flush) per round, not one per read. A value
  // never leaves unrecorded: when the insert fails (the database away, the disk full), every read
  // in it fails with the failure's answer.
  //
  // The same read by the same caller from the same address and user agent, repeated within one
  // round (a client polling, every replica of a deploy reading one secret), is one entry that says
  // how many times (`details.times`) and when the last was (`details.last_at`).
  interface Waiting {
    actor: AuditActor & { workspaceId?: string };
    entries: AuditEntryInput[];
    at: string;
    times: number;
    lastAt: string;
    settle: { resolve: () => void; reject: (error: unknown) => void }[];
  }
  const soon = new Map<string, Waiting>();
  let round: Promise<void> | undefined;
  // Who read, as the entries name them, remembered for a second across rounds (as place names are:
  // place-names.ts); a change's entry always asks.
  const readers = new Map<string, { who: Awaited<ReturnType<typeof actorColumns>>; until: number }>();

  async function writeReads(batch: Waiting[]): Promise<void> {
    // One lookup per actor and one per workspace's places for the whole batch.
    const named = await withPlaceNames(
      db,
      readPlaceNames,
      undefined,
      batch.flatMap((item) =>
        item.entries.map((entry) => ({
          ...entry,
          workspaceId: entry.workspaceId ?? item.actor.workspaceId,
          details:
            item.times === 1 ? entry.details : { ...entry.details, times: item.times, last_at: item.lastAt },
        })),
      ),
    );
    const rows: Unchained[] = [];
    let index = 0;
    const at = Date.now();
    if (readers.size > 10_000) readers.clear();
    for (const item of batch) {
      const p = item.actor.principal;
      const id = `${p?.userId}|${p?.apiKeyId}|${p?.apiKeyName}|${p?.serviceAccount?.id}|${item.actor.system}`;
      const known = readers.get(id);
      let who = known && known.until > at ? known.who : undefined;
      if (!who) {
        who = await actorColumns(db, item.actor);
        readers.set(id, { who, until: at + REMEMBER_READERS_MS });
      }
      const entries = named.slice(index, index + item.entries.length);
      index += item.entries.length;
      rows.push(...(await rowsOf(db, item.actor, entries, { who, createdAt: item.at })));
    }
    await db.transaction().execute(async (tx) => insert(tx, rows));
  }

  /** Commits what waits, round after round, until nothing does. */
  async function commitRounds(): Promise<void> {
    // Requests of the same turn of the event loop join the first round.
    await new Promise((resolve) => setImmediate(resolve));
    while (soon.size > 0) {
      const batch = [...soon.values()];
      soon.clear();
      try {
        await writeReads(batch);
        for (const item of batch) for (const waiter of item.settle) waiter.resolve();
      } catch (error) {
        logger?.warn(
          { err: error, reads: batch.length },
          "recording reads in the audit trail failed: the reads fail",
        );
        for (const item of batch) for (const waiter of item.settle) waiter.reject(error);
      }
    }
    round = undefined;
  }

  /** A read waiting for the next round, merged with its repeats. */
  function waitFor(item: Omit<Waiting, "settle">): Promise<void> {
    const p = item.actor.principal;
    const same = JSON.stringify([
      item.actor.workspaceId,
      p?.userId,
      p?.apiKeyId,
      p?.serviceAccount?.id,
      item.actor.system,
      item.actor.ipAddress,
      item.actor.userAgent,
      item.entries,
    ]);
    const settled = new Promise<void>((resolve, reject) => {
      const waiting = soon.get(same);
      if (waiting) {
        waiting.times += item.times;
        waiting.lastAt = item.lastAt > waiting.lastAt ? item.lastAt : waiting.lastAt;
        waiting.settle.push({ resolve, reject });
      } else {
        soon.set(same, { ...item, settle: [{ resolve, reject }] });
      }
    });
    round ??= commitRounds();
    return settled;
  }

  /** Settles the reads waiting now (closing). */
  async function flushReads(): Promise<void> {
    await round;
  }

  return {
    /** Adds a listener (at start-up): it runs in the recording transaction, so it stands or falls with it. */
    listen(listener: AuditListener) {
      listeners.push(listener);
    },

    /**
     * Records reads of values, committed with the others waiting (see above) outside any
     * transaction: resolves once the entry is committed, rejects when it could not be. The caller
     * answers the values only after it resolves.
     */
    recordRead(actor: AuditActor & { workspaceId?: string }, entries: AuditEntryInput[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      const at = clock.now().toISOString();
      return waitFor({ actor, entries, at, times: 1, lastAt: at });
    },

    flushReads,

    /** How entries name their project and environment (at start-up: those modules come later). */
    namePlacesWith(names: PlaceNames) {
      placeNames = names;
    },

    /** Records one entry inside the caller's transaction, so the change and its record stand or fall together. */
    async record(tx: Queryable, actor: AuditActor & { workspaceId?: string }, entry: AuditEntryInput) {
      await this.recordMany(tx, actor, [entry]);
    },

    /**
     * Records an account-level event (an API key, a session, the account itself) in each of the
     * given workspaces, the user's own: every workspace a credential can reach sees what became
     * of it.
     */
    async recordInWorkspaces(
      tx: Queryable,
      actor: AuditActor,
      workspaceIds: string[],
      entry: AuditEntryInput,
    ) {
      await this.recordMany(
        tx,
        actor,
        workspaceIds.map((workspaceId) => ({ ...entry, workspaceId })),
      );
    },

    /** Records several entries at once (several writes), resolving the actor's name a single time. */
    async recordMany(
      tx: Queryable,
      actor: AuditActor & { workspaceId?: string },
      entries: AuditEntryInput[],
    ) {
      await write(tx, actor, entries);
    },

    /**
     * Records a bulk operation: one summary entry, which the workspace trail shows (with a count and
     * the keys), and an item per secret under it, which the secret's log, the environment's
     * timeline and the webhooks read.
     */
    async recordBatch(
      tx: Queryable,
      actor: AuditActor & { workspaceId?: string },
      summary: AuditEntryInput,
      items: AuditEntryInput[],
    ) {
      await write(tx, actor, [summary, ...items], { batched: true });
    },

    /**
     * Entries about some resources (an environment's secrets, for its timeline), newest first:
     * the `limit` newest older than `before`, or every one written at exactly `at`. The caller has
     * authorized the read of those resources.
     */
    async aboutResources(query: repo.ResourceQuery) {
      const rows: repo.AuditRow[] = [];
      await inBatches(query.resourceIds, async (resourceIds) => {
        rows.push(...(await repo.listForResources(db, { ...query, resourceIds })));
      });
      rows.sort(newestFirst);
      return (query.at === undefined && query.limit !== undefined ? rows.slice(0, query.limit) : rows).map(
        presentEvent,
      );
    },

    /** Entries that name some versions of some secrets (who wrote each version, and how). */
    async aboutVersions(query: {
      workspaceId: string;
      secretIds: string[];
      versions: number[];
      actions: string[];
    }) {
      const rows: repo.AuditRow[] = [];
      await inBatches(query.secretIds, async (secretIds) => {
        rows.push(...(await repo.listForVersions(db, { ...query, secretIds })));
      });
      return rows.map(presentEvent);
    },

    /** The workspace-wide trail, for Admins and Owners. */
    async listForWorkspace(ctx: RequestContext, query: TrailFilter & { limit: number; cursor?: string }) {
      await authorize(db, ctx, "audit.read");
      return this.list({ ...query, workspaceId: ctx.workspaceId });
    },

    /**
     * The workspace-wide trail for an export: every entry the filter selects, newest first, at
     * most `max` of them, read a page at a time.
     */
    async *exportForWorkspace(ctx: RequestContext, filter: TrailFilter, max: number) {
      await authorize(db, ctx, "audit.read");
      let before: { createdAt: string; id: string } | undefined;
      let left = max;
      while (left > 0) {
        const rows = await repo.listEvents(db, {
          // A download is for people: every operation, reads and sign-ins included, unless asked.
          ...trailQuery({ ...filter, view: filter.view ?? (filter.action ? "all" : "operations") }),
          workspaceId: ctx.workspaceId,
          limit: Math.min(EXPORT_PAGE, left),
          before,
        });
        for (const row of rows) yield presentEvent(row);
        const last = rows.at(-1);
        if (!last || rows.length < Math.min(EXPORT_PAGE, left)) return;
        left -= rows.length;
        before = { createdAt: last.created_at, id: last.id };
      }
    },

    /** A page of entries, newest first, and the cursor of the next page (null at the end). */
    async list(
      query: TrailFilter & {
        workspaceId: string;
        limit: number;
        cursor?: string;
        secretId?: string;
      },
    ) {
      const rows = await repo.listEvents(db, {
        ...trailQuery(query),
        workspaceId: query.workspaceId,
        limit: query.limit + 1,
        before: query.cursor ? decodeCursor(query.cursor) : undefined,
        secretId: query.secretId,
        // A secret's own log holds what happened to it, in bulk operations too.
        ...(query.secretId !== undefined ? { view: "all" as const } : {}),
      });
      const page = pageOf(rows, query.limit);
      return { items: page.items.map(presentEvent), nextCursor: page.nextCursor };
    },

    ...chainOperations({ db, clock, chainKeys, record: (tx, ctx, entries) => write(tx, ctx, entries) }),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** The ids of the workspaces a user belongs to (the workspaces module answers it). */
export type MemberWorkspaces = (q: Queryable, userId: string) => Promise<string[]>;

/** What account-level services need to record their events. */
export interface AccountAudit {
  audit: Pick<AuditService, "recordInWorkspaces">;
  memberWorkspaces: MemberWorkspaces;
}

/** Records an account-level event in every workspace the acting user belongs to. */
export async function recordAccountEvent(
  accountAudit: AccountAudit,
  tx: Queryable,
  actor: AuditActor & { principal: RequestContext["principal"] },
  entry: AuditEntryInput,
): Promise<void> {
  const workspaces = await accountAudit.memberWorkspaces(tx, actor.principal.userId);
  await accountAudit.audit.recordInWorkspaces(tx, actor, workspaces, entry);
}
