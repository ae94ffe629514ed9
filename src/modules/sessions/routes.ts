import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { asSignInMethod } from "../../auth/policy.ts";
import { principalOf } from "../../http/auth.ts";
import { accountRoutes } from "../../http/route-options.ts";
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
    const accountRoute = accountRoutes(tags);

    app.get(
      "/sessions/",
      { schema: { tags, security: SECURITY, response: { 200: Type.Array(SessionRecord), ...authErrors } } },
      async (request) => {
        const principal = principalOf(request);
        const rows = await sessions.listLive(principal.userId);
        return rows.map((s) => ({
          ...s,
          current: s.id === principal.sessionId,
          sign_in_method: asSignInMethod(s.sign_in_method),
        }));
      },
    );

    app.post(
      "/sessions/:session_id/",
      accountRoute("session.revoke", {
        description: "Revokes one session of the account. Needs a session (not an API key).",
        params: SessionParams,
        response: { 200: RevokedCount, 403: ErrorBody, 404: ErrorBody, ...authErrors },
      }),
      async (request) => ({
        revoked: await sessions.revokeOne(actorOf(request), request.params.session_id),
      }),
    );

    app.post(
      "/sessions/",
      accountRoute("session.revoke", {
        description: "Revokes every session of the account. Needs a session (not an API key).",
        response: { 200: RevokedCount, 403: ErrorBody, ...authErrors },
      }),
      async (request) => ({ revoked: await sessions.revokeAll(actorOf(request)) }),
    );
  };
