// Who wrote a value, as stored with it, and where that writer stands now (security review, item
// 7): a reference that leaves its value's environment resolves only while the value's writer may
// read where it leads. The writer's role and teams come from the workspaces, teams and
// service-accounts modules; the decision is the policy's (`can`, with the writer's Membership).
import type { RequestContext } from "../../../auth/context.ts";
import { type KeyScope, type Membership, seesEveryTeam } from "../../../auth/policy.ts";
import type { Queryable, WriterColumns } from "../../../db/schema.ts";
import { serviceAccountStanding } from "../../service-accounts/index.ts";
import { teamIdsOf } from "../../teams/index.ts";
import { roleOf } from "../../workspaces/index.ts";

/** A value's writer: a person or a service account, and the narrowed key's scope it wrote through. */
export interface Writer {
  kind: "user" | "service_account";
  id: string;
  scope: KeyScope | null;
}

/** A writer's principal in the workspace now, without the scope it wrote through. */
export type Standing = Omit<Membership, "scope">;

/** The columns that record `ctx`'s principal (and the scope of the key it acts through) as a writer. */
export function writerColumns(ctx: RequestContext): WriterColumns {
  const { principal } = ctx;
  return {
    writer_kind: principal.serviceAccount ? "service_account" : "user",
    writer_id: principal.userId,
    // The scope as it is now: a later change of the key, or its revocation, changes nothing here.
    writer_scope: principal.scope ? JSON.stringify(principal.scope) : null,
  };
}

/** The writer the columns record; null when they record none (a value saved before they existed). */
export function writerOf(columns: WriterColumns): Writer | null {
  const { writer_kind: kind, writer_id: id, writer_scope: scope } = columns;
  if (id === null || (kind !== "user" && kind !== "service_account")) return null;
  return { kind, id, scope: scope === null ? null : (JSON.parse(scope) as KeyScope) };
}

/** One name per principal (a person or a service account), whatever scope they wrote through. */
export const principalName = (writer: Writer) => `${writer.kind}:${writer.id}`;

/**
 * The writer's principal in the workspace now: a person's role and teams, or a service account's;
 * null when it is no longer a member (or a service account that is gone or disabled).
 */
export async function standingOf(
  db: Queryable,
  workspaceId: string,
  writer: Writer,
): Promise<Standing | null> {
  if (writer.kind === "service_account")
    return (await serviceAccountStanding(db, workspaceId, writer.id)) ?? null;
  const role = await roleOf(db, workspaceId, writer.id);
  if (role === undefined) return null;
  // Admins and Owners see every team: their teams decide nothing.
  return seesEveryTeam({ role }) ? { role } : { role, teamIds: await teamIdsOf(db, workspaceId, writer.id) };
}

/** The standing in words, for a read's dependencies (a conditional read's tag changes with it). */
export const describeStanding = (standing: Standing | null) =>
  standing === null
    ? "-"
    : `${standing.role}/${standing.teamIds === undefined ? "*" : [...standing.teamIds].sort().join("+")}`;
