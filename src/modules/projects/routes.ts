import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { Deleted, type WorkspacesService } from "../workspaces/index.ts";
import {
  CreateProjectBody,
  ProjectParams,
  ProjectRecord,
  ProjectsParams,
  UpdateProjectBody,
} from "./schemas.ts";
import type { ProjectsService } from "./service.ts";

export const projectsRoutes =
  (deps: { projects: ProjectsService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { projects } = deps;
    const route = workspaceRoutes(["Projects"], workspaceScope(deps.workspaces.lookup));
    const base = "/projects/:workspace_id/:team_id";

    app.get(
      `${base}/`,
      route("team.read", {
        params: ProjectsParams,
        response: { 200: Type.Array(ProjectRecord), ...memberErrors },
      }),
      async (request) => projects.list(contextOf(request), request.params.team_id),
    );

    app.post(
      `${base}/`,
      route("project.create", {
        description: "Owner or Admin. The slug is derived from the name and unique within the team.",
        params: ProjectsParams,
        body: CreateProjectBody,
        response: { 201: ProjectRecord, ...memberErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await projects.create(contextOf(request), request.params.team_id, request.body)),
    );

    app.get(
      `${base}/:project_id`,
      route("project.read", {
        params: ProjectParams,
        response: { 200: ProjectRecord, ...memberErrors },
      }),
      async (request) => projects.get(contextOf(request), request.params.team_id, request.params.project_id),
    );

    app.patch(
      `${base}/:project_id`,
      route("project.update", {
        params: ProjectParams,
        body: UpdateProjectBody,
        response: { 200: ProjectRecord, ...memberErrors },
      }),
      async (request) =>
        projects.update(contextOf(request), request.params.team_id, request.params.project_id, request.body),
    );

    app.delete(
      `${base}/:project_id`,
      route("project.delete", {
        description: "Removes the project with its environments and secrets.",
        params: ProjectParams,
        response: { 200: Deleted, ...memberErrors },
      }),
      async (request) =>
        projects.delete(contextOf(request), request.params.team_id, request.params.project_id),
    );
  };
