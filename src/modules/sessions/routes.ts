import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { principalOf } from "../../http/auth.ts";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
import { actorOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { RevokedCount, SessionParams, SessionRecord } from "./schemas.ts";
import type { SessionsService } from "./service.ts";

export const sessionsRoutes =
  (sessions: SessionsService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["Sessions"];

    app.get(
      "/sessions/",
      { schema: { tags, security: SECURITY, response: { 200: Type.Array(SessionRecord), ...authErrors } } },
      async (request) => {
        const principal = principalOf(request);
        const rows = await sessions.listLive(principal.userId);
        return rows.map((s) => ({ ...s, current: s.id === principal.sessionId }));
      },
    );

    app.post(
      "/sessions/:session_id/",
      {
        schema: {
          tags,
          security: SECURITY,
          params: SessionParams,
          response: { 200: RevokedCount, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => ({
        revoked: await sessions.revokeOne(actorOf(request), request.params.session_id),
      }),
    );

    app.post(
      "/sessions/",
      { schema: { tags, security: SECURITY, response: { 200: RevokedCount, ...authErrors } } },
      async (request) => ({ revoked: await sessions.revokeAll(actorOf(request)) }),
    );
  };
