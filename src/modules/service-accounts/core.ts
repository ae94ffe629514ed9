// Service accounts (issue 21): a workspace's identities for automation. They have a role and teams
// like a member, take no seat (the plan caps how many), never sign in, and outlive any person.
// Admins and Owners manage them, from a session (auth/policy.ts: service_account.*).
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { type CacheObserver, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import type { AuditService } from "../audit/index.ts";
import type { ScopeTargets } from "../keys/index.ts";
import { findTeam } from "../teams/index.ts";
import { lockWorkspace, planOf } from "../workspaces/index.ts";
import * as repo from "./repo.ts";

export interface ServiceAccountsDeps {
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  audit: Pick<AuditService, "record">;
  serviceAccountLimit(plan: string): number | null;
  scopeTargets: ScopeTargets;
  observeCache?: CacheObserver;
  /** The private networks an OIDC issuer (and its keys) may be on: COFFER_OUTBOUND_ALLOW. */
  allowedNetworks: readonly string[];
  /** Where why an issuer could not be used is said (never to the caller: it would map the network). */
  logger: Logger;
}

export function createServiceAccountsCore(deps: ServiceAccountsDeps) {
  const { db, clock, audit } = deps;

  const present = (row: repo.AccountRow, teamIds: string[]) => ({
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    description: row.description,
    role: row.role,
    team_ids: teamIds,
    created_by: row.created_by,
    disabled: row.disabled_at !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  async function requireAccount(q: Queryable, ctx: RequestContext, id: string) {
    const row = await repo.findAccount(q, ctx.workspaceId, id);
    if (!row) throw notFound("Service account");
    return row;
  }

  async function presentOne(q: Queryable, row: repo.AccountRow) {
    return present(row, (await repo.teamIdsOf(q, [row.id])).get(row.id) ?? []);
  }

  /** 403 for a role above the caller's own: nobody hands out more than they hold. */
  function checkRole(ctx: RequestContext, role: number) {
    if (role > ctx.role) {
      throw new AppError("forbidden", "A service account cannot be given a role above your own");
    }
  }

  async function checkTeams(q: Queryable, ctx: RequestContext, teamIds: readonly string[]) {
    const issues = [];
    for (const [index, teamId] of teamIds.entries()) {
      if (!(await findTeam(q, ctx.workspaceId, teamId))) {
        issues.push({
          loc: ["body", "team_ids", index],
          msg: "Not a team of this workspace",
          type: "value_error",
          input: teamId,
        });
      }
    }
    if (issues.length > 0) throw new ValidationFailed(issues);
  }

  async function checkName(q: Queryable, ctx: RequestContext, name: string, except?: string) {
    if (await repo.nameTaken(q, ctx.workspaceId, name, except)) {
      throw new AppError("conflict", `A service account named "${name}" already exists in this workspace`);
    }
  }

  return {
    present,
    requireAccount,
    presentOne,

    async list(ctx: RequestContext) {
      await authorize(db, ctx, "service_account.list");
      const rows = await repo.listAccounts(db, ctx.workspaceId);
      const teams = await repo.teamIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => present(row, teams.get(row.id) ?? []));
    },

    async get(ctx: RequestContext, id: string) {
      await authorize(db, ctx, "service_account.list");
      return presentOne(db, await requireAccount(db, ctx, id));
    },

    async create(
      ctx: RequestContext,
      input: { name: string; description?: string | null; role: number; team_ids?: string[] },
    ) {
      await authorize(db, ctx, "service_account.grant");
      checkRole(ctx, input.role);
      const now = clock.now().toISOString();
      const row: repo.AccountRow = {
        id: randomUUID(),
        workspace_id: ctx.workspaceId,
        name: input.name,
        description: input.description ?? null,
        role: input.role,
        created_by: ctx.principal.userId,
        disabled_at: null,
        created_at: now,
        updated_at: now,
      };
      return db.transaction().execute(async (tx) => {
        // One at a time per workspace, so the plan's last place is handed out once.
        await lockWorkspace(tx, ctx.workspaceId);
        const plan = await planOf(tx, ctx.workspaceId);
        const limit = deps.serviceAccountLimit(plan);
        const used = await repo.countAccounts(tx, ctx.workspaceId);
        if (limit !== null && used >= limit) {
          throw new AppError(
            "plan_required",
            `The ${plan} plan allows ${limit} service accounts and ${used} exist; upgrade the workspace for more`,
          );
        }
        await checkName(tx, ctx, input.name);
        await checkTeams(tx, ctx, input.team_ids ?? []);
        await repo.insertAccount(tx, row);
        await repo.setTeams(tx, row.id, input.team_ids ?? [], now);
        await audit.record(tx, ctx, {
          action: "service_account.created",
          resourceType: "service_account",
          resourceId: row.id,
          details: { name: row.name, role: row.role, teams: (input.team_ids ?? []).length },
        });
        return presentOne(tx, row);
      });
    },

    async update(
      ctx: RequestContext,
      id: string,
      patch: {
        name?: string;
        description?: string | null;
        role?: number;
        team_ids?: string[];
        disabled?: boolean;
      },
    ) {
      await authorize(db, ctx, "service_account.grant");
      const current = await requireAccount(db, ctx, id);
      checkRole(ctx, current.role);
      if (patch.role !== undefined) checkRole(ctx, patch.role);
      const now = clock.now().toISOString();
      const changes: Parameters<typeof repo.updateAccount>[2] = { updated_at: now };
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.role !== undefined) changes.role = patch.role;
      if (patch.disabled !== undefined)
        changes.disabled_at = patch.disabled ? (current.disabled_at ?? now) : null;
      const updated = await db.transaction().execute(async (tx) => {
        // Renames go one at a time per workspace, as creations do: a name is taken once.
        await lockWorkspace(tx, ctx.workspaceId);
        if (patch.name !== undefined) await checkName(tx, ctx, patch.name, id);
        if (patch.team_ids !== undefined) {
          await checkTeams(tx, ctx, patch.team_ids);
          await repo.setTeams(tx, id, patch.team_ids, now);
        }
        await repo.updateAccount(tx, id, changes);
        await audit.record(tx, ctx, {
          action: "service_account.updated",
          resourceType: "service_account",
          resourceId: id,
          details: { fields: Object.keys(patch).join(",") },
        });
        return presentOne(tx, await requireAccount(tx, ctx, id));
      });
      // Its keys' cached principals carry the role, the teams and the disabled flag.
      await deps.bus.publish(tags.serviceAccount(id));
      return updated;
    },

    /** Deletes the account with its keys and trusts: every key answers 401 at once. */
    async delete(ctx: RequestContext, id: string) {
      await authorize(db, ctx, "service_account.revoke");
      const current = await requireAccount(db, ctx, id);
      checkRole(ctx, current.role);
      await db.transaction().execute(async (tx) => {
        await repo.deleteAccount(tx, id);
        await audit.record(tx, ctx, {
          action: "service_account.deleted",
          resourceType: "service_account",
          resourceId: id,
          details: { name: current.name },
        });
      });
      await deps.bus.publish(tags.serviceAccount(id));
      return { message: "Service account deleted" };
    },
  };
}

export type ServiceAccountsCore = ReturnType<typeof createServiceAccountsCore>;
