// Environments inside a project: a type from a fixed list, a slug that follows the name, a
// rotation cadence (default_policy, days) that is accepted but never echoed, and optionally a
// parent in the same project whose secrets it inherits.

import { randomUUID } from "node:crypto";
import { authorize, permits } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { ReferenceSource } from "../../auth/policy.ts";
import type { Clock } from "../../clock.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { freeSlug, renamed } from "../../db/slugs.ts";
import { idsInWorkspace, namesInWorkspace } from "../../db/workspace-rows.ts";
import { AppError, notFound } from "../../errors.ts";
import type { AuditService } from "../audit/index.ts";
import type { ProjectsService } from "../projects/index.ts";
import { authorizeUpdate, environmentChanges, parentChange } from "./changes.ts";
import { type EnvironmentPath, type EnvironmentType, presentEnvironment } from "./core.ts";
import { ancestorsOf, checkParent, heirsOf } from "./inheritance.ts";
import * as repo from "./repo.ts";

// The module's other files and its front door import these from here, as before the split.
export { ENVIRONMENT_TYPES, type EnvironmentPath, type EnvironmentType, presentEnvironment } from "./core.ts";
export { MAX_INHERITANCE_DEPTH } from "./inheritance.ts";

export interface EnvironmentsDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, "record">;
  defaultRotationDays: number;
  projects: Pick<ProjectsService, "requireProject" | "withSlug">;
}

export function createEnvironmentsService(deps: EnvironmentsDeps) {
  const { db, clock, audit, projects } = deps;
  const requireProject = (q: Queryable, workspaceId: string, teamId: string, projectId: string) =>
    projects.requireProject(workspaceId, teamId, projectId, q);
  const markEnvironmentChanged = (tx: Queryable, workspaceId: string, environmentId: string) =>
    repo.bumpRevision(tx, workspaceId, environmentId);

  async function requireEnvironment(q: Queryable, workspaceId: string, path: EnvironmentPath) {
    // The row carries its whole chain, so one read proves it on the hot path (every secrets call);
    // only a miss walks the chain to say which link is wrong.
    const environment = await repo.findEnvironment(q, { workspaceId, ...path });
    if (environment) return environment;
    await requireProject(q, workspaceId, path.teamId, path.projectId);
    throw notFound("Environment");
  }

  return {
    /**
     * The environment, if the whole chain workspace → team → project → environment holds; 404
     * otherwise (in the caller's transaction, if given).
     */
    requireEnvironment: (workspaceId: string, path: EnvironmentPath, tx: Queryable = db) =>
      requireEnvironment(tx, workspaceId, path),

    /**
     * Records that what the environment's secrets read as changed (a secret written or deleted, or
     * the environment's own fields that the secrets show). Call it first in the writing
     * transaction: on PostgreSQL it takes the environment's row lock, and taking it before any
     * secret row keeps concurrent writers in one lock order.
     */
    markEnvironmentChanged: (workspaceId: string, environmentId: string, tx: Queryable) =>
      markEnvironmentChanged(tx, workspaceId, environmentId),

    /**
     * The environment a reference names from `from`: by slug in the same project, or by project
     * and environment slug in the workspace (a project slug several teams use is taken from
     * `from`'s team, else it names nothing). Undefined when there is none.
     */
    async referenced(
      workspaceId: string,
      from: Pick<repo.EnvironmentRow, "team_id" | "project_id">,
      target: { project?: string; environment: string },
    ): Promise<repo.EnvironmentRow | undefined> {
      let projectId = from.project_id;
      if (target.project !== undefined) {
        const found = await projects.withSlug(workspaceId, target.project);
        const chosen = found.length === 1 ? found[0] : found.find((p) => p.team_id === from.team_id);
        if (!chosen) return undefined;
        projectId = chosen.id;
      }
      return repo.environmentWithSlug(db, workspaceId, projectId, target.environment);
    },

    /** The environments `environment` inherits from, nearest first (at most MAX_INHERITANCE_DEPTH). */
    ancestorsOf: (workspaceId: string, environment: repo.EnvironmentRow, q: Queryable = db) =>
      ancestorsOf(q, workspaceId, environment),

    /**
     * The environments that inherit from `environment`, directly or through others: parents before
     * their children.
     */
    heirsOf: (workspaceId: string, environment: repo.EnvironmentRow, q: Queryable = db) =>
      heirsOf(q, workspaceId, environment),

    /** The project an environment of the workspace belongs to (undefined: no such environment). */
    async projectOf(workspaceId: string, environmentId: string): Promise<string | undefined> {
      return (await repo.environmentById(db, workspaceId, environmentId))?.project_id;
    },

    /** Of the ids, those naming environments of the workspace. */
    idsIn: (workspaceId: string, ids: readonly string[]) =>
      idsInWorkspace(db, "environments", workspaceId, ids),

    /** The names of some environments of the workspace, by id, as the transaction `q` sees them. */
    namesIn: (q: Queryable, workspaceId: string, ids: readonly string[]) =>
      namesInWorkspace(q, "environments", workspaceId, ids),

    /**
     * The environments a key narrowed to projects or environments reaches in the request's
     * workspace and may read now (its holder's role and teams still count): what GET /keys/current
     * answers, so a deploy job needs no project file to find its one environment.
     */
    async reachedByKey(
      ctx: RequestContext,
      narrowed: { projectIds: readonly string[] | null; environmentIds: readonly string[] | null },
    ) {
      const rows = await repo.environmentsNamedOrIn(
        db,
        ctx.workspaceId,
        narrowed.environmentIds ?? [],
        narrowed.projectIds ?? [],
      );
      const mayRead = await permits(db, ctx, "secret.read");
      return rows.filter((row) =>
        mayRead({ teamId: row.team_id, projectId: row.project_id, environmentId: row.id }),
      );
    },

    async list(ctx: RequestContext, teamId: string, projectId: string) {
      await requireProject(db, ctx.workspaceId, teamId, projectId);
      await authorize(db, ctx, "project.read", { teamId, projectId });
      return (await repo.listEnvironments(db, ctx.workspaceId, projectId)).map(presentEnvironment);
    },

    async get(ctx: RequestContext, path: EnvironmentPath) {
      const environment = await requireEnvironment(db, ctx.workspaceId, path);
      await authorize(db, ctx, "project.read", path);
      return presentEnvironment(environment);
    },

    async create(
      ctx: RequestContext,
      teamId: string,
      projectId: string,
      input: {
        name: string;
        environment_type: EnvironmentType;
        default_policy?: number;
        parent_environment_id?: string | null;
        references_from?: ReferenceSource;
        protected?: boolean;
      },
    ) {
      await requireProject(db, ctx.workspaceId, teamId, projectId);
      await authorize(db, ctx, "environment.create", { teamId });
      if (input.parent_environment_id) await authorize(db, ctx, "environment.set_inheritance", { teamId });
      if (input.protected) await authorize(db, ctx, "environment.protect", { teamId });
      const name = input.name.trim();
      const id = randomUUID();
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (tx) => {
          const parent = input.parent_environment_id ?? null;
          if (parent !== null) {
            checkParent(await repo.listEnvironments(tx, ctx.workspaceId, projectId), id, parent);
          }
          const now = clock.now().toISOString();
          const row: repo.EnvironmentRow = {
            id,
            workspace_id: ctx.workspaceId,
            team_id: teamId,
            project_id: projectId,
            name,
            slug: await freeSlug(tx, "environments", name, { column: "project_id", id: projectId }),
            environment_type: input.environment_type,
            default_policy: input.default_policy ?? deps.defaultRotationDays,
            revision: 0,
            parent_environment_id: parent,
            references_from: input.references_from ?? "anywhere",
            protected: input.protected ? 1 : 0,
            created_at: now,
            updated_at: now,
          };
          await repo.insertEnvironment(tx, row);
          await audit.record(tx, ctx, {
            action: "environment.created",
            resourceType: "environment",
            resourceId: row.id,
            projectId,
            environmentId: row.id,
            details: {
              name,
              environment_type: row.environment_type,
              project_id: projectId,
              ...(parent ? { parent_environment_id: parent } : {}),
              ...(input.references_from ? { references_from: input.references_from } : {}),
              ...(input.protected ? { protected: true } : {}),
            },
          });
          return presentEnvironment(row);
        }),
      );
    },

    async update(
      ctx: RequestContext,
      path: EnvironmentPath,
      patch: {
        name?: string;
        default_policy?: number;
        parent_environment_id?: string | null;
        references_from?: ReferenceSource;
        protected?: boolean;
      },
    ) {
      await requireEnvironment(db, ctx.workspaceId, path);
      return retryOnUniqueViolation(() =>
        db.transaction().execute(async (tx) => {
          // default_policy is every secret's rotation_days fallback: the secrets read differently.
          await markEnvironmentChanged(tx, ctx.workspaceId, path.environmentId);
          // Asked under the environment's lock (taken above): what changes is what it is now.
          const before = await requireEnvironment(tx, ctx.workspaceId, path);
          const asked = await authorizeUpdate(tx, ctx, path, before, patch);
          const changes: Parameters<typeof repo.updateEnvironment>[3] = {
            updated_at: clock.now().toISOString(),
          };
          if (patch.name !== undefined) {
            const scope = { column: "project_id", id: path.projectId } as const;
            Object.assign(changes, await renamed(tx, "environments", patch.name, scope, path.environmentId));
          }
          if (patch.default_policy !== undefined) changes.default_policy = patch.default_policy;
          if (asked.parentChanges && patch.parent_environment_id !== undefined) {
            if (patch.parent_environment_id !== null) {
              checkParent(
                await repo.listEnvironments(tx, ctx.workspaceId, path.projectId),
                path.environmentId,
                patch.parent_environment_id,
              );
            }
            changes.parent_environment_id = patch.parent_environment_id;
          }
          // What references into it resolve to changes: the revision moved above, so do their tags.
          if (patch.references_from !== undefined) changes.references_from = patch.references_from;
          if (asked.protectionChanges) changes.protected = patch.protected ? 1 : 0;
          await repo.updateEnvironment(tx, ctx.workspaceId, path.environmentId, changes);
          await audit.record(tx, ctx, {
            action: "environment.updated",
            resourceType: "environment",
            resourceId: path.environmentId,
            projectId: path.projectId,
            environmentId: path.environmentId,
            details: {
              fields: Object.keys(patch).join(","),
              ...(asked.parentChanges
                ? await parentChange(tx, ctx.workspaceId, before, changes.parent_environment_id ?? null)
                : {}),
              ...(asked.protectionChanges ? { protected: changes.protected === 1 } : {}),
              changes: await environmentChanges(tx, ctx.workspaceId, path.projectId, before, changes),
            },
          });
          return presentEnvironment(await requireEnvironment(tx, ctx.workspaceId, path));
        }),
      );
    },

    async delete(ctx: RequestContext, path: EnvironmentPath) {
      const environment = await requireEnvironment(db, ctx.workspaceId, path);
      await authorize(db, ctx, "environment.delete", { teamId: path.teamId }, environment);
      await db.transaction().execute(async (tx) => {
        const heirs = (await repo.listEnvironments(tx, ctx.workspaceId, path.projectId)).filter(
          (e) => e.parent_environment_id === path.environmentId,
        );
        if (heirs.length > 0) {
          throw new AppError(
            "conflict",
            `These environments inherit from this one: ${heirs.map((e) => e.name).join(", ")}; ` +
              "give them another parent (or none) first",
            { body: { ids: heirs.map((e) => e.id) } },
          );
        }
        await repo.deleteEnvironment(tx, ctx.workspaceId, path.environmentId);
        await audit.record(tx, ctx, {
          action: "environment.deleted",
          resourceType: "environment",
          resourceId: path.environmentId,
          projectId: path.projectId,
          environmentId: path.environmentId,
          environmentName: environment.name,
          details: { name: environment.name },
        });
      });
      return { deleted: true, id: path.environmentId };
    },
  };
}

export type EnvironmentsService = ReturnType<typeof createEnvironmentsService>;
