// An environment's timeline: what happened to its secrets, newest first, so that a person can pick
// the moment just before an incident and restore to it (point-in-time.ts). The data says what a
// restore can act on — every version written (created, updated) and every deletion still
// recoverable — and the audit trail says who, and how (a rollback, a restore); it alone tells of
// renames, restores from Recently deleted and deletions undone since, which no restore can undo.
// Never a value. A paid capability, like version history.
import type { RequestContext } from "../../../auth/context.ts";
import { decodeCursor, encodeCursor } from "../../../lib/cursor.ts";
import { newestFirstPage, type Position, type Source } from "../../../lib/newest-first.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import { planOf } from "../../workspaces/index.ts";
import type { SecretsCore, SecretsDeps } from "../core.ts";
import type { TIMELINE_KINDS } from "../schemas.ts";
import * as repo from "./timeline-repo.ts";
import { VERSION_ACTIONS, wroteVersion } from "./version-authors.ts";

type Entry = Awaited<ReturnType<SecretsDeps["audit"]["aboutResources"]>>[number];

type Kind = (typeof TIMELINE_KINDS)[number];

type Row =
  | { from: "version"; at: string; row: repo.VersionWritten }
  | { from: "deletion"; at: string; row: repo.Deletion }
  | { from: "audit"; at: string; entry: Entry };

interface TimelineEvent extends Position {
  kind: Kind;
  secret_id: string;
  key: string;
  version: number | null;
  renamed: { from: string; to: string } | null;
  restored_to: string | null;
  /** A restore to just before it puts back what it changed. */
  undoable: boolean;
  actor: Entry["actor"] | null;
}

/** The entries that can tell of what leaves no trace in the data. */
const TRACELESS_ACTIONS = ["secret.updated", "secret.restored", "secret.deleted"];

const KIND_OF_ACTION: Record<string, Kind> = {
  "secret.created": "created",
  "secret.updated": "updated",
  "secret.rolled_back": "rolled_back",
  "secret.restored": "restored",
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The environment's secrets, live or recoverable: their keys, and when the recoverable ones went. */
type Known = Awaited<ReturnType<typeof repo.keysById>>;

/** A source read through `read`, its rows turned into timeline rows. */
const sourceOf = <R>(read: (window: repo.Window) => Promise<R[]>, row: (r: R) => Row): Source<Row> => ({
  older: async (before, limit) => (await read({ before, limit })).map(row),
  at: async (at) => (await read({ at })).map(row),
});

/** The event a row tells of, if any (an audit entry of what the data shows tells of none). */
function eventOf(row: Row, known: Known): TimelineEvent[] {
  const base = { renamed: null, restored_to: null, actor: null };
  if (row.from === "version") {
    const { secret_id, version, key } = row.row;
    const id = `${secret_id}.v${String(version).padStart(10, "0")}`;
    const kind = version === 1 ? "created" : "updated";
    return [{ ...base, id, at: row.at, kind, secret_id, key, version, undoable: true }];
  }
  if (row.from === "deletion") {
    const { secret_id, version, key } = row.row;
    const id = `${secret_id}.deleted`;
    return [{ ...base, id, at: row.at, kind: "deleted", secret_id, key, version, undoable: true }];
  }
  const { entry } = row;
  const secretId = entry.resource_id ?? "";
  const told = {
    ...base,
    id: entry.id,
    at: entry.created_at,
    secret_id: secretId,
    key: known.keys.get(secretId) ?? text(entry.details.key) ?? "",
    version: entry.version,
    restored_to: text(entry.details.restored_to),
    undoable: false,
    actor: entry.actor,
  };
  if (entry.action === "secret.deleted") {
    // The deletion a recoverable secret is in Recently deleted for is told by the data.
    const deletedAt = known.deletedAt.get(secretId);
    if (deletedAt !== undefined && entry.created_at >= deletedAt) return [];
    return [{ ...told, kind: "deleted", version: null }];
  }
  if (wroteVersion(entry)) return [];
  if (entry.action === "secret.restored") return [{ ...told, kind: "restored" }];
  const renamed = renameIn(entry);
  // An update that changed neither value nor key (a description, a rotation period) is left out.
  return renamed ? [{ ...told, kind: "renamed", renamed }] : [];
}

/** The key before and after, when the entry recorded a rename. */
function renameIn(entry: Entry) {
  const from = text(entry.details.previous_key);
  const to = text(entry.details.key);
  return from !== null && to !== null ? { from, to } : null;
}

export function createTimeline(deps: SecretsDeps, core: SecretsCore) {
  const { db, audit } = deps;

  /** Each version written and each deletion kept, from the data; what only the audit tells. */
  function sourcesFor(workspaceId: string, environmentId: string, ids: string[]): Source<Row>[] {
    return [
      ...(["live", "deleted"] as const).map((of) =>
        sourceOf(
          (window) => repo.versionsWritten(db, workspaceId, environmentId, window, of),
          (row): Row => ({ from: "version", at: row.at, row }),
        ),
      ),
      sourceOf(
        (window) => repo.deletions(db, workspaceId, environmentId, window),
        (row): Row => ({ from: "deletion", at: row.at, row }),
      ),
      sourceOf(
        async (window) =>
          ids.length === 0
            ? []
            : audit.aboutResources({ workspaceId, resourceIds: ids, actions: TRACELESS_ACTIONS, ...window }),
        (entry): Row => ({ from: "audit", at: entry.created_at, entry }),
      ),
    ];
  }

  /** Who wrote each version, and how (a rollback, a restore); who made each deletion. */
  async function withActors(workspaceId: string, environmentId: string, events: TimelineEvent[]) {
    const versions = events.filter((e) => e.undoable && e.kind !== "deleted");
    const deletions = events.filter((e) => e.undoable && e.kind === "deleted");
    const [written, deleted, emptied] = await Promise.all([
      versions.length === 0
        ? []
        : audit.aboutVersions({
            workspaceId,
            secretIds: [...new Set(versions.map((e) => e.secret_id))],
            versions: [...new Set(versions.map((e) => e.version!))],
            actions: VERSION_ACTIONS,
          }),
      deletions.length === 0
        ? []
        : audit.aboutResources({
            workspaceId,
            resourceIds: [...new Set(deletions.map((e) => e.secret_id))],
            actions: ["secret.deleted"],
          }),
      // A delete of every secret is one entry about the environment, naming the keys.
      deletions.length === 0
        ? []
        : audit.aboutResources({
            workspaceId,
            resourceIds: [environmentId],
            actions: ["environment.secrets_deleted"],
          }),
    ]);
    const writers = new Map<string, Entry>();
    for (const entry of written.filter(wroteVersion)) {
      const version = `${entry.secret_id}:${entry.version}`;
      if (!writers.has(version)) writers.set(version, entry);
    }
    // Oldest first: a deletion's entry is the first one written at or after it (same transaction).
    const deleters = [...deleted].reverse();
    const told = (event: TimelineEvent, entry: Entry | undefined) => {
      if (!entry) return;
      event.actor = entry.actor;
      event.restored_to = text(entry.details.restored_to);
    };
    for (const event of versions) {
      const entry = writers.get(`${event.secret_id}:${event.version}`);
      told(event, entry);
      if (!entry) continue;
      event.kind = KIND_OF_ACTION[entry.action] ?? event.kind;
      // A new value and a new key in one change: an update that renamed too.
      event.renamed = renameIn(entry);
    }
    const emptiers = [...emptied].reverse();
    for (const event of deletions) {
      told(
        event,
        deleters.find((d) => d.resource_id === event.secret_id && d.created_at >= event.at) ??
          emptiers.find(
            (d) => d.created_at >= event.at && text(d.details.keys)?.split(",").includes(event.key),
          ),
      );
    }
    return events;
  }

  return {
    /** A page of the environment's events, newest first, and the cursor of the next one (null at the end). */
    async timeline(
      ctx: RequestContext,
      path: EnvironmentPath,
      query: { limit: number; cursor?: string; before?: string },
    ) {
      await core.environmentFor(ctx, path, "secret.read");
      deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "version_history");
      const { workspaceId } = ctx;
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const known = await repo.keysById(db, workspaceId, path.environmentId);
      const page = await newestFirstPage(
        sourcesFor(workspaceId, path.environmentId, [...known.keys.keys()]),
        async (rows) => rows.flatMap((row) => eventOf(row, known)),
        { limit: query.limit, after: after && { at: after.createdAt, id: after.id }, before: query.before },
      );
      return {
        items: await withActors(workspaceId, path.environmentId, page.items),
        nextCursor: page.next ? encodeCursor({ created_at: page.next.at, id: page.next.id }) : null,
      };
    },
  };
}
