import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { principalOf } from "../../http/auth.ts";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, PageQuery, SECURITY, WorkspaceParams } from "../../http/schemas.ts";
import { actorOf, contextOf, scopeOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import {
  ChangeRoleBody,
  CreateWorkspaceBody,
  Deleted,
  MemberParams,
  MemberRecord,
  Removed,
  SwitchWorkspaceResponse,
  UpdateWorkspaceBody,
  WorkspaceRecord,
} from "./schemas.ts";
import type { WorkspacesService } from "./service.ts";

export const workspacesRoutes =
  (workspaces: WorkspacesService, accessTokenTtl: number): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["Workspaces"];
    const inWorkspace = workspaceScope(workspaces.lookup);
    // A member who does not meet the workspace's requirements may still read it, and leave it.
    const evenUnenrolled = workspaceScope(workspaces.lookup, () => true);
    const leavingOnly = workspaceScope(
      workspaces.lookup,
      (request) => (request.params as { user_id?: string }).user_id === principalOf(request).userId,
    );
    const route = workspaceRoutes(tags, inWorkspace);

    app.get(
      "/workspaces/",
      { schema: { tags, security: SECURITY, response: { 200: Type.Array(WorkspaceRecord), ...authErrors } } },
      async (request) => workspaces.listForUser(principalOf(request).userId),
    );

    app.post(
      "/workspaces/",
      {
        schema: {
          tags,
          security: SECURITY,
          body: CreateWorkspaceBody,
          response: { 201: WorkspaceRecord, ...authErrors },
        },
      },
      async (request, reply) => reply.code(201).send(await workspaces.create(actorOf(request), request.body)),
    );

    app.get(
      "/workspaces/current",
      {
        config: { action: "workspace.read" },
        preHandler: evenUnenrolled,
        schema: {
          tags,
          security: SECURITY,
          description:
            "The workspace this request is scoped to: X-Workspace-Id, else the credential's own scope.",
          response: { 200: WorkspaceRecord, ...memberErrors },
        },
      },
      async (request) => workspaces.get(contextOf(request)),
    );

    app.patch(
      "/workspaces/:workspace_id",
      route(
        "workspace.update",
        {
          description:
            "Owner only. `require_two_factor: true` makes two-factor sign-in a condition of reaching the workspace (409 " +
            "unless the Owner has it on); members without it get 403 two_factor_enrollment_required until they turn it on. " +
            "`require_sso: true` makes single sign-on one (409 sso_not_configured when the deployment has no OpenID Connect " +
            "provider, 409 sso_session_required unless the Owner made the request from a single sign-on session); other " +
            "sessions get 403 sso_required, API keys are not affected.",
          params: WorkspaceParams,
          body: UpdateWorkspaceBody,
          response: { 200: WorkspaceRecord, 409: ErrorBody, ...memberErrors },
        },
        ["workspace.sign_in_requirements", "workspace.relax_sign_in"],
      ),
      async (request) => workspaces.update(contextOf(request), request.body),
    );

    app.delete(
      "/workspaces/:workspace_id",
      route("workspace.delete", {
        description: "Owner only. Deletes every team, project, environment and secret beneath it.",
        params: WorkspaceParams,
        response: { 200: Deleted, ...memberErrors },
      }),
      async (request) => workspaces.delete(contextOf(request)),
    );

    app.get(
      "/workspaces/:workspace_id/members",
      route("workspace.read", {
        description:
          "Members with their roles, in the order they joined; optional `limit` and `cursor` (X-Next-Cursor).",
        params: WorkspaceParams,
        querystring: PageQuery,
        response: { 200: Type.Array(MemberRecord), ...memberErrors },
      }),
      async (request, reply) => {
        const page = await workspaces.members(contextOf(request), request.query);
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.patch(
      "/workspaces/:workspace_id/members/:user_id",
      route("member.update_role", {
        description: "Owner only. Changes a member's role; the last Owner cannot be demoted (409).",
        params: MemberParams,
        body: ChangeRoleBody,
        response: { 200: MemberRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request) => workspaces.changeRole(contextOf(request), request.params.user_id, request.body.role),
    );

    app.delete(
      "/workspaces/:workspace_id/members/:user_id",
      {
        config: { action: "member.remove" },
        preHandler: leavingOnly,
        schema: {
          tags,
          security: SECURITY,
          description:
            "Owner only, except that any member may remove themselves (leave). The last Owner cannot be removed (409).",
          params: MemberParams,
          response: { 200: Removed, 409: ErrorBody, ...memberErrors },
        },
      },
      async (request) => workspaces.removeMember(contextOf(request), request.params.user_id),
    );

    app.post(
      "/workspaces/:workspace_id/switch",
      route("workspace.switch", {
        description:
          "Makes this workspace the caller's current one (the scope of API keys and new sessions). " +
          "Called with a session token, it also answers a new access token carrying the workspace.",
        params: WorkspaceParams,
        response: { 200: SwitchWorkspaceResponse, ...memberErrors },
      }),
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
