// Instance administration (issue 36, item 8): what the people who run this Coffer server
// (COFFER_OPERATORS) do across workspaces — list them, set their plans — and the plan change the
// admin command line shares. It owns no table: workspaces, accounts and audit through their front doors.
import type { ActorContext } from "../../auth/context.ts";
import {
  INSTANCE_ACTIONS,
  type InstanceAction,
  instanceActionAllowed,
  isInstanceOperator,
} from "../../auth/policy.ts";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { uuidv7 } from "../../lib/uuid7.ts";
import { findUser } from "../accounts/index.ts";
import { insertOperatorEvent } from "../audit/index.ts";
import {
  countMembers,
  everyWorkspace,
  findWorkspace,
  type Plans,
  updateWorkspace,
  type WorkspaceRow,
} from "../workspaces/index.ts";

/** Who changed a plan: an operator's signed-in account, or the admin command line. */
export type PlanChanger =
  | { account: { id: string; email: string }; ipAddress: string | null; userAgent: string | null }
  | { commandLine: true };

/** The name the trail shows for a change made with `coffer-server admin` (not the shell's user). */
export const COMMAND_LINE_OPERATOR = "operator (command line)";

/** Records an operator's change to a workspace in its trail, in the caller's transaction. */
export async function recordOperatorEvent(
  tx: Queryable,
  masterKeys: MasterKeys,
  event: {
    workspaceId: string;
    action: string;
    details: Record<string, unknown>;
    by: PlanChanger;
    now: string;
  },
): Promise<void> {
  const { workspaceId, action, details, by, now } = event;
  const who =
    "account" in by
      ? {
          actor_id: by.account.id,
          actor_user_id: by.account.id,
          actor_name: by.account.email,
          ip_address: by.ipAddress,
          user_agent: by.userAgent,
        }
      : {
          // The shell's user (often root) says nothing about who operates: the trail names the tool.
          actor_id: "admin-cli",
          actor_user_id: "",
          actor_name: COMMAND_LINE_OPERATOR,
          ip_address: null,
          user_agent: null,
        };
  await insertOperatorEvent(tx, masterKeys, {
    id: uuidv7(),
    workspace_id: workspaceId,
    action,
    resource_type: "workspace",
    resource_id: workspaceId,
    secret_id: null,
    version: null,
    actor_type: "operator",
    ...who,
    actor_key_id: null,
    actor_key_name: null,
    details: JSON.stringify(details),
    project_id: null,
    environment_id: null,
    project_name: null,
    environment_name: null,
    batch_id: null,
    created_at: now,
  });
}

/** Sets the workspace's plan and records it in its trail, in the caller's transaction. */
export async function changePlan(
  tx: Queryable,
  masterKeys: MasterKeys,
  workspace: Pick<WorkspaceRow, "id" | "plan">,
  plan: string,
  by: PlanChanger,
  now: string,
): Promise<void> {
  await updateWorkspace(tx, workspace.id, { plan, updated_at: now });
  const details = { previous_plan: workspace.plan, plan };
  await recordOperatorEvent(tx, masterKeys, {
    workspaceId: workspace.id,
    action: "workspace.plan_changed",
    details,
    by,
    now,
  });
}

/** Without `limit`, the instance's workspaces come this many at a time. */
const INSTANCE_PAGE = 100;

export interface InstanceAdminDeps {
  db: Db;
  clock: Clock;
  plans: Plans;
  /** COFFER_OPERATORS: the accounts (emails) that run this instance. */
  operators: readonly string[];
  masterKeys: MasterKeys;
}

/** The instance-admin page's use cases; each answers 404 unless the caller is an operator (policy.ts). */
export function createInstanceAdmin({ db, clock, plans, operators, masterKeys }: InstanceAdminDeps) {
  /** The caller's account, when it may take the action; else 404, like a path that does not exist. */
  async function operatorOf(
    actor: ActorContext,
    action: InstanceAction,
    proveSecondFactor: () => Promise<void>,
  ) {
    const user = await findUser(db, actor.principal.userId);
    const account = user && { email: user.email, emailVerified: user.email_verified_at !== null };
    if (!account || !instanceActionAllowed(account, actor.principal, operators)) {
      throw new AppError("not_found", "Not Found");
    }
    if (INSTANCE_ACTIONS[action].secondFactor) await proveSecondFactor();
    return { id: user.id, email: user.email };
  }

  const present = (row: {
    id: string;
    name: string;
    slug: string;
    plan: string;
    created_at: string;
    members: number | string;
  }) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    members: Number(row.members),
    seat_limit: plans.seatLimit(row.plan),
    created_at: row.created_at,
  });

  return {
    /** Whether the account is one of the instance's operators (GET /auth/me says so to the dashboard). */
    isOperator: (user: { email: string; email_verified_at: string | null }) =>
      isInstanceOperator({ email: user.email, emailVerified: user.email_verified_at !== null }, operators),

    async list(actor: ActorContext, query: { limit?: number; cursor?: string }) {
      await operatorOf(actor, "instance.list_workspaces", async () => {});
      const limit = query.limit ?? INSTANCE_PAGE;
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await everyWorkspace(db, { limit: limit + 1, after });
      return pageOf(rows.map(present), limit);
    },

    /** The instance's plans and what each allows (what the page offers, and says is paid). */
    async plans(actor: ActorContext) {
      await operatorOf(actor, "instance.list_workspaces", async () => {});
      return plans.table();
    },

    async setPlan(
      actor: ActorContext,
      workspaceId: string,
      plan: string,
      proveSecondFactor: () => Promise<void>,
    ) {
      const operator = await operatorOf(actor, "instance.set_plan", proveSecondFactor);
      if (!plans.names.includes(plan)) {
        throw new ValidationFailed([
          { loc: ["body", "plan"], msg: `Not a plan; one of ${plans.names.join(", ")}`, type: "value_error" },
        ]);
      }
      return db.transaction().execute(async (tx) => {
        const workspace = await findWorkspace(tx, workspaceId);
        if (!workspace) throw notFound("Workspace");
        if (workspace.plan !== plan) {
          const by = { account: operator, ipAddress: actor.ipAddress, userAgent: actor.userAgent };
          await changePlan(tx, masterKeys, workspace, plan, by, clock.now().toISOString());
        }
        return present({ ...workspace, plan, members: await countMembers(tx, workspace.id) });
      });
    },
  };
}

export type InstanceAdmin = ReturnType<typeof createInstanceAdmin>;
