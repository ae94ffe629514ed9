// The audit trail: who did what, when, from where. Never a secret value, token or password:
// callers pass ids, names and version numbers only. This factory records; entries.ts shapes the
// rows, read-rounds.ts records reads, trail.ts reads the trail back.

import type { Logger } from "pino";
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { chainOperations } from "./chain-service.ts";
import { appendEntries, createChainKeys, type Unchained } from "./chain-writer.ts";
import {
  type ActorNames,
  type AuditEntryInput,
  type AuditListener,
  type PlaceNames,
  rowsOf,
} from "./entries.ts";
import { rememberedPlaceNames } from "./place-names.ts";
import { createReadRounds } from "./read-rounds.ts";
import { trailReads } from "./trail.ts";

// The module's other files and its front door import these from here, as before the split.
export type { ActorNames, AuditEntryInput, AuditListener, PlaceNames } from "./entries.ts";
export { presentEvent, type TrailFilter } from "./trail.ts";

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

  const now = () => clock.now().toISOString();
  const sources = () => ({ actorNames, placeNames, now });

  /** Inserts entries and tells the listeners, in the caller's transaction. */
  async function write(
    tx: Queryable,
    actor: AuditActor & { workspaceId?: string },
    given: AuditEntryInput[],
    options: { batched?: boolean } = {},
  ) {
    if (given.length === 0) return;
    await insert(tx, await rowsOf(tx, sources(), actor, given, options));
  }

  /**
   * Chains and inserts rows, and tells the listeners, in the caller's transaction; a caller without
   * one (a refused sign-in) gets one of its own: the head's lock lasts only as long as the
   * transaction, and two writers holding the same head would take the same place in the chain.
   */
  async function insert(tx: Queryable, unchained: Unchained[]): Promise<void> {
    if (!tx.isTransaction) return db.transaction().execute((own) => insert(own, unchained));
    const rows = await appendEntries(tx, chainKeys, unchained, clock.now().toISOString());
    for (const listener of listeners) await listener(tx, rows);
  }

  const rounds = createReadRounds({ db, logger, sources, readPlaceNames, insert });

  return {
    /** Adds a listener (at start-up): it runs in the recording transaction, so it stands or falls with it. */
    listen(listener: AuditListener) {
      listeners.push(listener);
    },

    /**
     * Records reads of values, committed with the others waiting (read-rounds.ts) outside any
     * transaction: resolves once the entry is committed, rejects when it could not be. The caller
     * answers the values only after it resolves.
     */
    recordRead(actor: AuditActor & { workspaceId?: string }, entries: AuditEntryInput[]): Promise<void> {
      if (entries.length === 0) return Promise.resolve();
      const at = clock.now().toISOString();
      return rounds.waitFor({ actor, entries, at, times: 1, lastAt: at });
    },

    flushReads: rounds.flushReads,

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

    ...trailReads(db),

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
