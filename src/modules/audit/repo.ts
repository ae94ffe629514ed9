// Audit entries: written inside the transaction of the change they record; read newest first.
import type { AuditEventsTable, Queryable } from "../../db/schema.ts";

export type AuditRow = AuditEventsTable;

export async function insertEvent(db: Queryable, row: AuditRow): Promise<void> {
  await db.insertInto("audit_events").values(row).execute();
}

// 15 columns a row: 500 rows stay well under every engine's bound-parameter limit.
const BATCH = 500;

export async function insertEvents(db: Queryable, rows: AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto("audit_events")
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** A deleted secret's own log goes with it (spec: "deletes one secret with its versions and log"). */
export async function deleteSecretEvents(
  db: Queryable,
  workspaceId: string,
  secretIds: string[],
): Promise<void> {
  if (secretIds.length === 0) return;
  await db
    .deleteFrom("audit_events")
    .where("workspace_id", "=", workspaceId)
    .where("secret_id", "in", secretIds)
    .execute();
}

export interface AuditQuery {
  workspaceId: string;
  limit: number;
  /** Entries strictly older than this (created_at, id) position. */
  before?: { createdAt: string; id: string };
  action?: string;
  actorId?: string;
  secretId?: string;
}

export function listEvents(db: Queryable, q: AuditQuery) {
  let query = db.selectFrom("audit_events").selectAll().where("workspace_id", "=", q.workspaceId);
  if (q.action) query = query.where("action", "=", q.action);
  if (q.actorId)
    query = query.where((eb) =>
      eb.or([eb("actor_id", "=", q.actorId!), eb("actor_user_id", "=", q.actorId!)]),
    );
  if (q.secretId) query = query.where("secret_id", "=", q.secretId);
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

export async function actorName(
  db: Queryable,
  actor: { apiKeyId: string | null; userId: string },
): Promise<string> {
  if (actor.apiKeyId) {
    const key = await db
      .selectFrom("api_keys")
      .select("name")
      .where("id", "=", actor.apiKeyId)
      .executeTakeFirst();
    if (key) return key.name;
  }
  const user = await db.selectFrom("users").select("email").where("id", "=", actor.userId).executeTakeFirst();
  return user?.email ?? "unknown";
}
