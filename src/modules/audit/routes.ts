import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { WorkspaceParams, type WorkspacesService } from "../workspaces/index.ts";
import { AuditEntry, AuditQuery } from "./schemas.ts";
import type { AuditService } from "./service.ts";

export const auditRoutes =
  (deps: { audit: AuditService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    app.get(
      "/workspaces/:workspace_id/audit",
      {
        config: { action: "audit.read" },
        preHandler: workspaceScope(deps.workspaces.lookup),
        schema: {
          tags: ["Audit"],
          security: SECURITY,
          description:
            "Admin or Owner. Newest first; `limit` (1-1000, default 100), `cursor` from the X-Next-Cursor header of " +
            "the previous page, filters `action` (e.g. team.created) and `actor` (a user or API key id).",
          params: WorkspaceParams,
          querystring: AuditQuery,
          response: { 200: Type.Array(AuditEntry), 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const page = await deps.audit.listForWorkspace(contextOf(request), {
          limit: q.limit ?? 100,
          cursor: q.cursor,
          action: q.action,
          actor: q.actor,
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );
  };
