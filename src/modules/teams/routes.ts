import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { ProjectRecord, type ProjectsService } from "../projects/index.ts";
import { Deleted, Removed, type WorkspacesService } from "../workspaces/index.ts";
import {
  AddTeamMemberBody,
  CreateTeamBody,
  TeamMemberParams,
  TeamMemberRecord,
  TeamParams,
  TeamRecord,
  TeamsParams,
  UpdateTeamBody,
} from "./schemas.ts";
import type { TeamsService } from "./service.ts";

export const teamsRoutes =
  (deps: {
    teams: TeamsService;
    projects: ProjectsService;
    workspaces: WorkspacesService;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { teams, projects } = deps;
    const tags = ["Teams"];
    const preHandler = workspaceScope(deps.workspaces.lookup);
    const errors = { 403: ErrorBody, 404: ErrorBody, ...authErrors };

    app.get(
      "/teams/:workspace_id/",
      {
        config: { action: "team.list" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Owners and Admins see every team; Viewers and Members only the teams they belong to.",
          params: TeamsParams,
          response: { 200: Type.Array(TeamRecord), ...errors },
        },
      },
      async (request) => teams.list(contextOf(request)),
    );

    app.post(
      "/teams/:workspace_id/",
      {
        config: { action: "team.create" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Owner or Admin. Names are unique within the workspace (409).",
          params: TeamsParams,
          body: CreateTeamBody,
          response: { 201: TeamRecord, 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await teams.create(contextOf(request), request.body)),
    );

    app.get(
      "/teams/:workspace_id/:team_id",
      {
        config: { action: "team.read" },
        preHandler,
        schema: { tags, security: SECURITY, params: TeamParams, response: { 200: TeamRecord, ...errors } },
      },
      async (request) => teams.get(contextOf(request), request.params.team_id),
    );

    app.patch(
      "/teams/:workspace_id/:team_id",
      {
        config: { action: "team.update" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: TeamParams,
          body: UpdateTeamBody,
          response: { 200: TeamRecord, 409: ErrorBody, ...errors },
        },
      },
      async (request) => teams.update(contextOf(request), request.params.team_id, request.body),
    );

    app.delete(
      "/teams/:workspace_id/:team_id",
      {
        config: { action: "team.delete" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Removes the team with its projects, environments and secrets.",
          params: TeamParams,
          response: { 200: Deleted, ...errors },
        },
      },
      async (request) => teams.delete(contextOf(request), request.params.team_id),
    );

    app.get(
      "/teams/:workspace_id/:team_id/projects",
      {
        config: { action: "team.read" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: TeamParams,
          response: { 200: Type.Array(ProjectRecord), ...errors },
        },
      },
      async (request) => projects.list(contextOf(request), request.params.team_id),
    );

    app.get(
      "/teams/:workspace_id/:team_id/members",
      {
        config: { action: "team.read" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          params: TeamParams,
          response: { 200: Type.Array(TeamMemberRecord), ...errors },
        },
      },
      async (request) => teams.members(contextOf(request), request.params.team_id),
    );

    app.post(
      "/teams/:workspace_id/:team_id/members",
      {
        config: { action: "team.add_member" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description: "Owner or Admin. Adds a member of the workspace to the team.",
          params: TeamParams,
          body: AddTeamMemberBody,
          response: { 201: TeamMemberRecord, 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await teams.addMember(contextOf(request), request.params.team_id, request.body.user_id)),
    );

    app.delete(
      "/teams/:workspace_id/:team_id/members/:user_id",
      {
        config: { action: "team.update" },
        preHandler,
        schema: { tags, security: SECURITY, params: TeamMemberParams, response: { 200: Removed, ...errors } },
      },
      async (request) =>
        teams.removeMember(contextOf(request), request.params.team_id, request.params.user_id),
    );
  };
