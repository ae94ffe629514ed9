import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { ErrorBody } from "../../http/schemas.ts";
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
    const route = workspaceRoutes(["Teams"], workspaceScope(deps.workspaces.lookup));

    app.get(
      "/teams/:workspace_id/",
      route("team.list", {
        description: "Owners and Admins see every team; Viewers and Members only the teams they belong to.",
        params: TeamsParams,
        response: { 200: Type.Array(TeamRecord), ...memberErrors },
      }),
      async (request) => teams.list(contextOf(request)),
    );

    app.post(
      "/teams/:workspace_id/",
      route("team.create", {
        description: "Owner or Admin. Names are unique within the workspace (409).",
        params: TeamsParams,
        body: CreateTeamBody,
        response: { 201: TeamRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) => reply.code(201).send(await teams.create(contextOf(request), request.body)),
    );

    app.get(
      "/teams/:workspace_id/:team_id",
      route("team.read", { params: TeamParams, response: { 200: TeamRecord, ...memberErrors } }),
      async (request) => teams.get(contextOf(request), request.params.team_id),
    );

    app.patch(
      "/teams/:workspace_id/:team_id",
      route("team.update", {
        params: TeamParams,
        body: UpdateTeamBody,
        response: { 200: TeamRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request) => teams.update(contextOf(request), request.params.team_id, request.body),
    );

    app.delete(
      "/teams/:workspace_id/:team_id",
      route("team.delete", {
        description: "Removes the team with its projects, environments and secrets.",
        params: TeamParams,
        response: { 200: Deleted, ...memberErrors },
      }),
      async (request) => teams.delete(contextOf(request), request.params.team_id),
    );

    app.get(
      "/teams/:workspace_id/:team_id/projects",
      route("team.read", {
        params: TeamParams,
        response: { 200: Type.Array(ProjectRecord), ...memberErrors },
      }),
      async (request) => projects.list(contextOf(request), request.params.team_id),
    );

    app.get(
      "/teams/:workspace_id/:team_id/members",
      route("team.read", {
        params: TeamParams,
        response: { 200: Type.Array(TeamMemberRecord), ...memberErrors },
      }),
      async (request) => teams.members(contextOf(request), request.params.team_id),
    );

    app.post(
      "/teams/:workspace_id/:team_id/members",
      route("team.add_member", {
        description: "Owner or Admin. Adds a member of the workspace to the team.",
        params: TeamParams,
        body: AddTeamMemberBody,
        response: { 201: TeamMemberRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await teams.addMember(contextOf(request), request.params.team_id, request.body.user_id)),
    );

    app.delete(
      "/teams/:workspace_id/:team_id/members/:user_id",
      route("team.update", { params: TeamMemberParams, response: { 200: Removed, ...memberErrors } }),
      async (request) =>
        teams.removeMember(contextOf(request), request.params.team_id, request.params.user_id),
    );
  };
