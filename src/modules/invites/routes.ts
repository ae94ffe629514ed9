import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, PageQuery, WorkspaceParams } from "../../http/schemas.ts";
import { clientOf, contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { Deleted, type WorkspacesService } from "../workspaces/index.ts";
import {
  AcceptBody,
  Accepted,
  InviteParams,
  InviteRecord,
  ListedInvite,
  SendInviteBody,
  SentInvite,
  TokenQuery,
  ValidatedInvite,
} from "./schemas.ts";
import type { InvitesService } from "./service.ts";

export const invitesRoutes =
  (deps: {
    invites: InvitesService;
    workspaces: WorkspacesService;
    tokenRateLimit: object;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { invites } = deps;
    const tags = ["Invites"];
    const route = workspaceRoutes(tags, workspaceScope(deps.workspaces.lookup));
    const tokenErrors = { 404: ErrorBody, 410: ErrorBody, 422: authErrors[422], 429: ErrorBody };

    app.post(
      "/invite/validate",
      {
        config: { public: true, rateLimit: deps.tokenRateLimit },
        schema: {
          tags,
          description:
            "Checks an invite token with no side effects. 410 when it expired or was already used.",
          querystring: TokenQuery,
          response: { 200: ValidatedInvite, ...tokenErrors },
        },
      },
      async (request) => invites.validate(request.query.token),
    );

    app.post(
      "/invite/accept",
      {
        config: { optionalAuth: true, rateLimit: deps.tokenRateLimit },
        schema: {
          tags,
          description:
            "Joins the workspace with the invite's role and team. A new address gets an account (name and password " +
            "required); an existing account proves itself with its password (and its two-factor code as `otp` when it " +
            "has two-factor sign-in) or its credential. A higher role or " +
            "another team than the invite's is refused (403).",
          body: AcceptBody,
          response: { 200: Accepted, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, ...tokenErrors },
        },
      },
      async (request) => invites.accept(request.body, request.principal, clientOf(request)),
    );

    app.post(
      "/invite/reject",
      {
        config: { public: true, rateLimit: deps.tokenRateLimit },
        schema: {
          tags,
          description:
            "Declines the invite; no credential needed. Returns the Invite record with status rejected.",
          querystring: TokenQuery,
          response: { 200: InviteRecord, ...tokenErrors },
        },
      },
      async (request) => invites.reject(request.query.token, clientOf(request)),
    );

    app.post(
      "/invite/:workspace_id",
      route("member.invite", {
        description:
          "Owner only. Mails an invite link (COFFER_PUBLIC_URL/invite?token=…). Counts against the seat limit " +
          "(402 seat_limit_reached when full). mail_sent false means the mail failed: re-send it.",
        params: WorkspaceParams,
        body: SendInviteBody,
        response: { 201: SentInvite, 402: ErrorBody, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) => reply.code(201).send(await invites.create(contextOf(request), request.body)),
    );

    app.get(
      "/invite/:workspace_id",
      route("invite.list", {
        description: "Admin or Owner. Newest first with statuses; `limit`, `cursor` (X-Next-Cursor).",
        params: WorkspaceParams,
        querystring: PageQuery,
        response: { 200: Type.Array(ListedInvite), ...memberErrors },
      }),
      async (request, reply) => {
        const page = await invites.list(contextOf(request), {
          limit: request.query.limit ?? 100,
          cursor: request.query.cursor,
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.post(
      "/invite/:workspace_id/:invite_id/resend",
      route("member.invite", {
        description: "Owner only. A new link and a new expiry; the previous link stops working.",
        params: InviteParams,
        response: { 200: SentInvite, 410: ErrorBody, ...memberErrors },
      }),
      async (request) => invites.resend(contextOf(request), request.params.invite_id),
    );

    app.delete(
      "/invite/:workspace_id/:invite_id",
      route("invite.withdraw", {
        description: "Owner only. Withdraws the invite (its seat is freed).",
        params: InviteParams,
        response: { 200: Deleted, ...memberErrors },
      }),
      async (request) => invites.revoke(contextOf(request), request.params.invite_id),
    );
  };
