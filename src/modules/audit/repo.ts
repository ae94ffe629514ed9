// Audit entries: written inside the transaction of the change they record; read newest first.
import { BATCH, deleteUntilDone, inBatches } from "../../db/batches.ts";
import type { AuditEventsTable, Queryable } from "../../db/schema.ts";

export type AuditRow = AuditEventsTable;

export async function insertEvent(db: Queryable, row: AuditRow): Promise<void> {
  await db.insertInto("audit_events").values(row).execute();
}

export async function insertEvents(db: Queryable, rows: AuditRow[]): Promise<void> {
  await inBatches(rows, (batch) => db.insertInto("audit_events").values(batch).execute());
}

export interface AuditQuery {
  workspaceId: string;
  limit: number;
  /** Entries strictly older than this (created_at, id) position. */
  before?: { createdAt: string; id: string };
  /** Actions (`secret.created`) or every action of a resource (`secret.`), comma-separated. */
  action?: string;
  actorId?: string;
  secretId?: string;
  projectId?: string;
  environmentId?: string;
  /** created_at >= since, created_at < until (ISO times). */
  since?: string;
  until?: string;
  /** The items of one bulk operation (the view does not apply). */
  batchId?: string;
  view: TrailView;
}

/**
 * Which entries a list shows. `operations`: one per operation (a bulk operation's summary, not its
 * items), reads and sign-ins included — the trail as people read it. `changes`: the changes as
 * they were recorded one by one (each item of a bulk operation, no summary of a bulk create or
 * update, no reads or sign-ins) — what the trail was before it had either. `all`: every entry.
 */
export type TrailView = "operations" | "changes" | "all";

/** Reads of values and sign-ins: what happened that changed nothing. */
export const ACCESS_ACTIONS = [
  "secret.read",
  "environment.secrets_read",
  "user.signed_in",
  "user.sign_in_failed",
];
/** Summaries whose items are each a change of their own (the `changes` view shows the items). */
const SUMMARIES_OF_CHANGES = ["environment.secrets_created", "environment.secrets_updated"];

export function listEvents(db: Queryable, q: AuditQuery) {
  let query = db.selectFrom("audit_events").selectAll().where("workspace_id", "=", q.workspaceId);
  if (q.action) {
    const actions = q.action.split(",");
    // The schema lets no `%` through; a `_` matching any one character only widens a prefix harmlessly.
    query = query.where((eb) =>
      eb.or(
        actions.map((action) =>
          action.endsWith(".") ? eb("action", "like", `${action}%`) : eb("action", "=", action),
        ),
      ),
    );
  }
  if (q.actorId)
    query = query.where((eb) =>
      eb.or([eb("actor_id", "=", q.actorId!), eb("actor_user_id", "=", q.actorId!)]),
    );
  if (q.secretId) query = query.where("secret_id", "=", q.secretId);
  if (q.projectId) query = query.where("project_id", "=", q.projectId);
  if (q.environmentId) query = query.where("environment_id", "=", q.environmentId);
  if (q.since) query = query.where("created_at", ">=", q.since);
  if (q.until) query = query.where("created_at", "<", q.until);
  if (q.batchId) query = query.where("batch_id", "=", q.batchId);
  else if (q.view === "operations") query = query.where("batch_id", "is", null);
  else if (q.view === "changes")
    query = query.where("action", "not in", [...ACCESS_ACTIONS, ...SUMMARIES_OF_CHANGES]);
  if (q.before) {
    const { createdAt, id } = q.before;
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", createdAt),
        eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).execute();
}

/** Which entries about some resources to read (the service asks BATCH ids at a time): older than a moment, or at one. */
export interface ResourceQuery {
  workspaceId: string;
  resourceIds: string[];
  actions: string[];
  /** Entries strictly older than this (the newest when absent), at most `limit` of them. */
  before?: string;
  limit?: number;
  /** Instead: every entry written at exactly this moment. */
  at?: string;
}

export function listForResources(db: Queryable, q: ResourceQuery) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", q.workspaceId)
    .where("resource_id", "in", q.resourceIds)
    .where("action", "in", q.actions)
    .$if(q.at !== undefined, (query) => query.where("created_at", "=", q.at!))
    .$if(q.at === undefined && q.before !== undefined, (query) => query.where("created_at", "<", q.before!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .$if(q.at === undefined && q.limit !== undefined, (query) => query.limit(q.limit!))
    .execute();
}

/** Entries that name versions of some secrets (at most BATCH ids): any of `versions`, one of `actions`. */
export function listForVersions(
  db: Queryable,
  q: { workspaceId: string; secretIds: string[]; versions: number[]; actions: string[] },
) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", q.workspaceId)
    .where("secret_id", "in", q.secretIds)
    .where("version", "in", q.versions)
    .where("action", "in", q.actions)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Entries written before `cutoff` (audit retention). */
export function purgeEvents(db: Queryable, cutoff: string): Promise<number> {
  return deleteUntilDone(() =>
    db
      .deleteFrom("audit_events")
      .where("id", "in", (eb) =>
        eb.selectFrom("audit_events").select("id").where("created_at", "<", cutoff).limit(BATCH),
      )
      .executeTakeFirst(),
  );
}
