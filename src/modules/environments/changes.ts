// What an environment update asks of the policy and what its audit entry records.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Queryable } from "../../db/schema.ts";
import { fieldChanges } from "../../lib/field-changes.ts";
import type { EnvironmentPath } from "./core.ts";
import * as repo from "./repo.ts";

/**
 * What an update asks of the policy: renaming or re-tuning an environment (a Member's, unless it is
 * protected), changing what it inherits (Admin: what it runs with changes), changing its protection
 * (Admin). Saying what already holds changes nothing, so it asks nothing more.
 */
export async function authorizeUpdate(
  tx: Queryable,
  ctx: RequestContext,
  path: EnvironmentPath,
  before: repo.EnvironmentRow,
  patch: { parent_environment_id?: string | null; protected?: boolean },
) {
  const parentChanges =
    patch.parent_environment_id !== undefined && patch.parent_environment_id !== before.parent_environment_id;
  const protectionChanges = patch.protected !== undefined && patch.protected !== (before.protected === 1);
  const resource = { teamId: path.teamId };
  // Protection first: a Member lifting it hears that it needs Admin, not that it is protected.
  if (protectionChanges) await authorize(tx, ctx, "environment.protect", resource);
  await authorize(tx, ctx, "environment.create", resource, before);
  if (parentChanges) await authorize(tx, ctx, "environment.set_inheritance", resource, before);
  return { parentChanges, protectionChanges };
}

/** The audit details of a change of parent: the old and the new one, by id and name (null: none). */
export async function parentChange(
  tx: Queryable,
  workspaceId: string,
  before: repo.EnvironmentRow,
  parentId: string | null,
) {
  const name = async (id: string | null) =>
    id === null
      ? null
      : ((await repo.environmentInProject(tx, workspaceId, before.project_id, id))?.name ?? null);
  return {
    old_parent_environment_id: before.parent_environment_id,
    old_parent_environment_name: await name(before.parent_environment_id),
    parent_environment_id: parentId,
    parent_environment_name: await name(parentId),
  };
}

/**
 * An environment update's before and after, field by field, for its audit entry: the parent by
 * name (and id), since the trail outlives renames and readers know environments by name.
 */
export async function environmentChanges(
  tx: Queryable,
  workspaceId: string,
  projectId: string,
  before: {
    name: string;
    default_policy: number;
    parent_environment_id: string | null;
    references_from: string;
    protected: number;
  },
  after: {
    name?: string;
    default_policy?: number;
    parent_environment_id?: string | null;
    references_from?: string;
    protected?: number;
  },
) {
  const changes = fieldChanges(
    { ...before, protected: before.protected === 1 },
    {
      name: after.name,
      default_policy: after.default_policy,
      references_from: after.references_from,
      protected: after.protected === undefined ? undefined : after.protected === 1,
    },
  );
  const parentBefore = before.parent_environment_id;
  const parentAfter = after.parent_environment_id;
  if (parentAfter !== undefined && parentAfter !== parentBefore) {
    const names = new Map(
      (await repo.listEnvironments(tx, workspaceId, projectId)).map((e) => [e.id, e.name] as const),
    );
    const named = (id: string | null) => (id === null ? null : { id, name: names.get(id) ?? null });
    changes.parent = { from: named(parentBefore), to: named(parentAfter) };
  }
  return changes;
}
