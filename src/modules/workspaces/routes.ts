import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { can } from "../../auth/policy.ts";
import { AppError } from "../../errors.ts";
import { principalOf } from "../../http/auth.ts";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
import { scopeOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { MemberRecord, SwitchWorkspaceResponse, WorkspaceParams, WorkspaceRecord } from "./schemas.ts";
import type { WorkspacesService } from "./service.ts";

export const workspacesRoutes =
  (workspaces: WorkspacesService, accessTokenTtl: number): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["Workspaces"];
    const inWorkspace = workspaceScope(workspaces.lookup);
    const scoped = { 403: ErrorBody, 404: ErrorBody, ...authErrors };

    app.get(
      "/workspaces/",
      { schema: { tags, security: SECURITY, response: { 200: Type.Array(WorkspaceRecord), ...authErrors } } },
      async (request) => workspaces.listForUser(principalOf(request).userId),
    );

    app.get(
      "/workspaces/current",
      {
        preHandler: inWorkspace,
        schema: {
          tags,
          security: SECURITY,
          description:
            "The workspace this request is scoped to: X-Workspace-Id, else the credential's own scope.",
          response: { 200: WorkspaceRecord, ...scoped },
        },
      },
      async (request) => {
        const scope = scopeOf(request);
        return workspaces.get(scope.workspaceId, scope.role);
      },
    );

    app.get(
      "/workspaces/:workspace_id/members",
      {
        preHandler: inWorkspace,
        schema: {
          tags,
          security: SECURITY,
          params: WorkspaceParams,
          response: { 200: Type.Array(MemberRecord), ...scoped },
        },
      },
      async (request) => {
        const scope = scopeOf(request);
        if (!can({ role: scope.role }, "workspace.read")) throw new AppError("forbidden", "Not allowed");
        return workspaces.members(scope.workspaceId);
      },
    );

    app.post(
      "/workspaces/:workspace_id/switch",
      {
        preHandler: inWorkspace,
        schema: {
          tags,
          security: SECURITY,
          description:
            "Makes this workspace the caller's current one (the scope of API keys and new sessions). " +
            "Called with a session token, it also answers a new access token carrying the workspace.",
          params: WorkspaceParams,
          response: { 200: SwitchWorkspaceResponse, ...scoped },
        },
      },
      async (request) => {
        const { workspaceId } = scopeOf(request);
        const accessToken = await workspaces.switchTo(principalOf(request), workspaceId);
        return {
          workspace_id: workspaceId,
          access_token: accessToken,
          token_type: "bearer" as const,
          expires_in: accessToken ? accessTokenTtl : null,
        };
      },
    );
  };
