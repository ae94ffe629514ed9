// Projects inside a team: slug derived from the name and unique within the team, an active
// flag, and free-form metadata stored and returned as given.

import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { freeSlug, renamed } from "../../db/slugs.ts";
import { idsInWorkspace, namesInWorkspace } from "../../db/workspace-rows.ts";
import { notFound, ValidationFailed } from "../../errors.ts";
import { fieldChanges } from "../../lib/field-changes.ts";
import type { AuditService } from "../audit/index.ts";
import * as repo from "./repo.ts";

export interface ProjectsDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, "record">;
  /**
   * Throws 404 unless the team exists (the teams service; typed here so that teams, whose routes
   * list a team's projects, is not imported back).
   */
  teams: { requireTeam(workspaceId: string, teamId: string, tx?: Queryable): Promise<unknown> };
}

const MAX_METADATA_BYTES = 16 * 1024;

export function presentProject(row: repo.ProjectRow) {
  return {
    ...row,
    is_active: row.is_active === 1,
    proj_metadata: JSON.parse(row.proj_metadata) as Record<string, unknown>,
  };
}

function encodeMetadata(metadata: Record<string, unknown>): string {
  const text = JSON.stringify(metadata);
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) {
    throw new ValidationFailed([
      {
        loc: ["body", "proj_metadata"],
        msg: `Metadata should be at most ${MAX_METADATA_BYTES} bytes of JSON`,
        type: "too_long",
        ctx: { max_length: MAX_METADATA_BYTES },
      },
    ]);
  }
  return text;
}

export function createProjectsService({ db, clock, audit, teams }: ProjectsDeps) {
  const requireTeam = (q: Queryable, workspaceId: string, teamId: string) =>
    teams.requireTeam(workspaceId, teamId, q);

  async function requireProject(q: Queryable, workspaceId: string, teamId: string, projectId: string) {
    await requireTeam(q, workspaceId, teamId);
    const project = await repo.findProject(q, workspaceId, teamId, projectId);
    if (!project) throw notFound("Project");
    return project;
  }

  return {
    /** Of the ids, those naming projects of the workspace. */
    idsIn: (workspaceId: string, ids: readonly string[]) => idsInWorkspace(db, "projects", workspaceId, ids),

    /** The names of some projects of the workspace, by id, as the transaction `q` sees them. */
    namesIn: (q: Queryable, workspaceId: string, ids: readonly string[]) =>
      namesInWorkspace(q, "projects", workspaceId, ids),

    /** The project, if it sits under this team of this workspace; 404 otherwise. */
    requireProject: (workspaceId: string, teamId: string, projectId: string, tx: Queryable = db) =>
      requireProject(tx, workspaceId, teamId, projectId),

    /** The workspace's projects with this slug (slugs are unique per team, not per workspace). */
    withSlug: (workspaceId: string, slug: string) => repo.projectsWithSlug(db, workspaceId, slug),

    async list(ctx: RequestContext, teamId: string) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "team.read", { teamId });
      return (await repo.listProjects(db, ctx.workspaceId, teamId)).map(presentProject);
    },

    async get(ctx: RequestContext, teamId: string, projectId: string) {
      const project = await requireProject(db, ctx.workspaceId, teamId, projectId);
      await authorize(db, ctx, "project.read", { teamId, projectId });
      return presentProject(project);
    },

    async create(
      ctx: RequestContext,
      teamId: string,
      input: { name: string; proj_metadata?: Record<string, unknown> },
    ) {
      await requireTeam(db, ctx.workspaceId, teamId);
      await authorize(db, ctx, "project.create", { teamId });
      const metadata = encodeMetadata(input.proj_metadata ?? {});
      const name = input.name.trim();
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (tx) => {
          const now = clock.now().toISOString();
          const row: repo.ProjectRow = {
            id: randomUUID(),
            workspace_id: ctx.workspaceId,
            team_id: teamId,
            name,
            slug: await freeSlug(tx, "projects", name, { column: "team_id", id: teamId }),
            is_active: 1,
            proj_metadata: metadata,
            created_at: now,
            updated_at: now,
          };
          await repo.insertProject(tx, row);
          await audit.record(tx, ctx, {
            action: "project.created",
            resourceType: "project",
            resourceId: row.id,
            projectId: row.id,
            details: { name, team_id: teamId },
          });
          return presentProject(row);
        }),
      );
    },

    async update(
      ctx: RequestContext,
      teamId: string,
      projectId: string,
      patch: { name?: string; is_active?: boolean; proj_metadata?: Record<string, unknown> },
    ) {
      await requireProject(db, ctx.workspaceId, teamId, projectId);
      await authorize(db, ctx, "project.update", { teamId });
      const metadata = patch.proj_metadata === undefined ? undefined : encodeMetadata(patch.proj_metadata);
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (tx) => {
          const before = await requireProject(tx, ctx.workspaceId, teamId, projectId);
          const changes: Parameters<typeof repo.updateProject>[3] = { updated_at: clock.now().toISOString() };
          if (patch.name !== undefined) {
            const scope = { column: "team_id", id: teamId } as const;
            Object.assign(changes, await renamed(tx, "projects", patch.name, scope, projectId));
          }
          if (patch.is_active !== undefined) changes.is_active = patch.is_active ? 1 : 0;
          if (metadata !== undefined) changes.proj_metadata = metadata;
          await repo.updateProject(tx, ctx.workspaceId, projectId, changes);
          await audit.record(tx, ctx, {
            action: "project.updated",
            resourceType: "project",
            resourceId: projectId,
            projectId,
            details: {
              fields: Object.keys(patch).join(","),
              // Metadata is the project's own free-form data: that it changed, not what it holds.
              changes: fieldChanges(
                { name: before.name, is_active: before.is_active === 1 },
                { name: changes.name, is_active: patch.is_active },
              ),
            },
          });
          return presentProject(await requireProject(tx, ctx.workspaceId, teamId, projectId));
        }),
      );
    },

    async delete(ctx: RequestContext, teamId: string, projectId: string) {
      const project = await requireProject(db, ctx.workspaceId, teamId, projectId);
      await authorize(db, ctx, "project.delete", { teamId });
      await db.transaction().execute(async (tx) => {
        await repo.deleteProject(tx, ctx.workspaceId, projectId);
        await audit.record(tx, ctx, {
          action: "project.deleted",
          resourceType: "project",
          resourceId: projectId,
          projectId,
          projectName: project.name,
          details: { name: project.name },
        });
      });
      return { deleted: true, id: projectId };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
