import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
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
    const tags = ["Projects"];
    const preHandler = workspaceScope(deps.workspaces.lookup);
    const errors = { 403: ErrorBody, 404: ErrorBody, ...authErrors };
    const base = "/projects/:workspace_id/:team_id";

    app.get(
      `${base}/`,
      {
        config: { action: "team.read" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: ProjectsParams,
          response: { 200: Type.Array(ProjectRecord), ...errors },
        },
      },
      async (request) => projects.list(contextOf(request), request.params.team_id),
    );

    app.post(
      `${base}/`,
      {
        config: { action: "project.create" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Owner or Admin. The slug is derived from the name and unique within the team.",
          params: ProjectsParams,
          body: CreateProjectBody,
          response: { 201: ProjectRecord, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await projects.create(contextOf(request), request.params.team_id, request.body)),
    );

    app.get(
      `${base}/:project_id`,
      {
        config: { action: "project.read" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: ProjectParams,
          response: { 200: ProjectRecord, ...errors },
        },
      },
      async (request) => projects.get(contextOf(request), request.params.team_id, request.params.project_id),
    );

    app.patch(
      `${base}/:project_id`,
      {
        config: { action: "project.update" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: ProjectParams,
          body: UpdateProjectBody,
          response: { 200: ProjectRecord, ...errors },
        },
      },
      async (request) =>
        projects.update(contextOf(request), request.params.team_id, request.params.project_id, request.body),
    );

    app.delete(
      `${base}/:project_id`,
      {
        config: { action: "project.delete" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Removes the project with its environments and secrets.",
          params: ProjectParams,
          response: { 200: Deleted, ...errors },
        },
      },
      async (request) =>
        projects.delete(contextOf(request), request.params.team_id, request.params.project_id),
    );
  };
