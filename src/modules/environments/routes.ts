import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import Type from "typebox";
import type { Action } from "../../auth/policy.ts";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { ErrorBody } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { Deleted, type WorkspacesService } from "../workspaces/index.ts";
import {
  CreateEnvironmentBody,
  EnvironmentParams,
  EnvironmentRecord,
  EnvironmentsParams,
  UpdateEnvironmentBody,
} from "./schemas.ts";
import type { EnvironmentPath, EnvironmentsService } from "./service.ts";

/** The team → project → environment ids of a route under /environments/… or /secrets/…. */
export const pathOf = (request: FastifyRequest): EnvironmentPath => {
  const p = request.params as { team_id: string; project_id: string; environment_id: string };
  return { teamId: p.team_id, projectId: p.project_id, environmentId: p.environment_id };
};

/** What creating or changing an environment may also take: a parent to inherit from, protection (Admin). */
const INHERITANCE_AND_PROTECTION: Action[] = ["environment.set_inheritance", "environment.protect"];

export const environmentsRoutes =
  (deps: { environments: EnvironmentsService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { environments } = deps;
    const tags = ["Environments"];
    const preHandler = workspaceScope(deps.workspaces.lookup);
    const route = workspaceRoutes(tags, preHandler);
    const base = "/environments/:workspace_id/:team_id/:project_id";

    app.get(
      `${base}/`,
      route("project.read", {
        params: EnvironmentsParams,
        response: { 200: Type.Array(EnvironmentRecord), ...memberErrors },
      }),
      async (request) =>
        environments.list(contextOf(request), request.params.team_id, request.params.project_id),
    );

    app.post(
      `${base}/`,
      route(
        "environment.create",
        {
          description:
            "Member or above, in the team; a parent or `protected: true` needs Admin. default_policy (days) defaults to COFFER_DEFAULT_ROTATION_DAYS and is never echoed. " +
            "parent_environment_id: an environment of the same project whose secrets this one inherits (422 if not in the " +
            "project, more than 3 levels deep, or circular). references_from: which other environments' values may " +
            "reference this one (default `anywhere`).",
          params: EnvironmentsParams,
          body: CreateEnvironmentBody,
          response: { 201: EnvironmentRecord, ...memberErrors },
        },
        INHERITANCE_AND_PROTECTION,
      ),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await environments.create(
              contextOf(request),
              request.params.team_id,
              request.params.project_id,
              request.body,
            ),
          ),
    );

    app.get(
      `${base}/:environment_id`,
      route("project.read", {
        params: EnvironmentParams,
        response: { 200: EnvironmentRecord, ...memberErrors },
      }),
      async (request) => environments.get(contextOf(request), pathOf(request)),
    );

    app.patch(
      `${base}/:environment_id/`,
      route(
        "environment.create",
        {
          description:
            "Renames the environment (the slug follows), changes its rotation policy, sets or clears (null) the " +
            "parent it inherits secrets from (Admin: the audit entry names the old and the new parent), says " +
            "which other environments' values may reference it (references_from: `anywhere`, `project`, " +
            "`nowhere`), or protects it (`protected`, Admin). On a protected environment every change needs " +
            "Admin (403 `environment_protected`).",
          params: EnvironmentParams,
          body: UpdateEnvironmentBody,
          response: { 200: EnvironmentRecord, ...memberErrors },
        },
        INHERITANCE_AND_PROTECTION,
      ),
      async (request) => environments.update(contextOf(request), pathOf(request), request.body),
    );

    app.delete(
      `${base}/:environment_id`,
      route("environment.delete", {
        description:
          "Admin or Owner. Deletes the environment and every secret in it; 409 (naming them) while other " +
          "environments inherit from it.",
        params: EnvironmentParams,
        response: { 200: Deleted, 409: ErrorBody, ...memberErrors },
      }),
      async (request) => environments.delete(contextOf(request), pathOf(request)),
    );
  };
