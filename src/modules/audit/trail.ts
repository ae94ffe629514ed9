// Reading the trail: a workspace's pages and exports, and the entries about some resources or
// versions that other views (a secret's log, an environment's timeline) show.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { inBatches } from "../../db/batches.ts";
import type { Db } from "../../db/schema.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import * as repo from "./repo.ts";

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

/** Rows read per query while an export streams. */
const EXPORT_PAGE = 500;

export function trailReads(db: Db) {
  /** A page of entries, newest first, and the cursor of the next page (null at the end). */
  async function list(
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
  }

  return {
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
      return list({ ...query, workspaceId: ctx.workspaceId });
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

    list,
  };
}
