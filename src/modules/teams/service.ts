// Teams inside a workspace, and who belongs to them. Viewers and Members see only their teams.
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { seesEveryTeam } from "../../auth/policy.ts";
import type { Clock } from "../../clock.ts";
import { isUniqueViolation } from "../../db/connect.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { fullName } from "../../lib/names.ts";
import type { AuditService } from "../audit/index.ts";
import { roleOf } from "../workspaces/index.ts";
import * as repo from "./repo.ts";

export interface TeamsDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, "record">;
}

/** The team, if it exists in this workspace; 404 otherwise (another tenant's id included). */
async function requireTeam(db: Queryable, workspaceId: string, teamId: string): Promise<repo.TeamRow> {
  const team = await repo.findTeam(db, workspaceId, teamId);
  if (!team) throw notFound("Team");
  return team;
}

const duplicateName = (name: string) =>
  new AppError("conflict", `A team named "${name}" already exists in this workspace`);

export function createTeamsService({ db, clock, audit }: TeamsDeps) {
  async function guarded<T>(work: () => Promise<T>, name?: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
  }

  return {
    /** The team, if it exists in this workspace; 404 otherwise (in the caller's transaction, if given). */
    requireTeam: (workspaceId: string, teamId: string, tx: Queryable = db) =>
      requireTeam(tx, workspaceId, teamId),

    async list(ctx: RequestContext) {
      await authorize(db, ctx, "team.list");
      return repo.listTeams(db, ctx.workspaceId, seesEveryTeam(ctx) ? undefined : ctx.principal.userId);
    },

    async create(ctx: RequestContext, input: { name: string; avatar_url?: string | null }) {
      await authorize(db, ctx, "team.create");
      const name = input.name.trim();
      return guarded(
        () =>
          db.transaction().execute(async (tx) => {
            if (await repo.teamNameTaken(tx, ctx.workspaceId, name)) throw duplicateName(name);
            const now = clock.now().toISOString();
            const row: repo.TeamRow = {
              id: randomUUID(),
              workspace_id: ctx.workspaceId,
              name,
              avatar_url: input.avatar_url ?? null,
              created_at: now,
              updated_at: now,
            };
            await repo.insertTeam(tx, row);
            await audit.record(tx, ctx, {
              action: "team.created",
              resourceType: "team",
              resourceId: row.id,
              details: { name },
            });
            return row;
          }),
        name,
      );
    },

    async get(ctx: RequestContext, teamId: string) {
      const team = await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.read", { teamId });
      return team;
    },

    async update(ctx: RequestContext, teamId: string, patch: { name?: string; avatar_url?: string | null }) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.update", { teamId });
      const name = patch.name?.trim();
      return guarded(
        () =>
          db.transaction().execute(async (tx) => {
            if (name !== undefined && (await repo.teamNameTaken(tx, ctx.workspaceId, name, teamId))) {
              throw duplicateName(name);
            }
            const changes: Parameters<typeof repo.updateTeam>[3] = { updated_at: clock.now().toISOString() };
            if (name !== undefined) changes.name = name;
            if (patch.avatar_url !== undefined) changes.avatar_url = patch.avatar_url;
            await repo.updateTeam(tx, ctx.workspaceId, teamId, changes);
            await audit.record(tx, ctx, {
              action: "team.updated",
              resourceType: "team",
              resourceId: teamId,
              details: { fields: Object.keys(patch).join(",") },
            });
            return requireTeam(tx, ctx.workspaceId, teamId);
          }),
        name,
      );
    },

    async delete(ctx: RequestContext, teamId: string) {
      const team = await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.delete", { teamId });
      await db.transaction().execute(async (tx) => {
        await repo.deleteTeam(tx, ctx.workspaceId, teamId);
        await audit.record(tx, ctx, {
          action: "team.deleted",
          resourceType: "team",
          resourceId: teamId,
          details: { name: team.name },
        });
      });
      return { deleted: true, id: teamId };
    },

    async members(ctx: RequestContext, teamId: string) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.read", { teamId });
      const rows = await repo.teamMembers(db, ctx.workspaceId, teamId);
      return rows.map((m) => ({ ...m, name: fullName(m) }));
    },

    async addMember(ctx: RequestContext, teamId: string, userId: string) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.add_member", { teamId });
      if ((await roleOf(db, ctx.workspaceId, userId)) === undefined) throw notFound("Workspace member");
      const conflict = new AppError("conflict", "This person is already a member of the team");
      try {
        await db.transaction().execute(async (tx) => {
          if (await repo.isTeamMember(tx, teamId, userId)) throw conflict;
          await repo.addTeamMember(tx, {
            team_id: teamId,
            user_id: userId,
            workspace_id: ctx.workspaceId,
            created_at: clock.now().toISOString(),
          });
          await audit.record(tx, ctx, {
            action: "team_member.added",
            resourceType: "team",
            resourceId: teamId,
            details: { user_id: userId },
          });
        });
      } catch (error) {
        throw isUniqueViolation(error) ? conflict : error;
      }
      const members = await this.members(ctx, teamId);
      return members.find((m) => m.user_id === userId)!;
    },

    async removeMember(ctx: RequestContext, teamId: string, userId: string) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.update", { teamId });
      await db.transaction().execute(async (tx) => {
        if ((await repo.removeTeamMember(tx, ctx.workspaceId, teamId, userId)) === 0)
          throw notFound("Team member");
        await audit.record(tx, ctx, {
          action: "team_member.removed",
          resourceType: "team",
          resourceId: teamId,
          details: { user_id: userId },
        });
      });
      return { removed: true, user_id: userId };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
