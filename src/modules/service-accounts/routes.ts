// Service accounts over HTTP (issue 21): /workspaces/{workspace_id}/service-accounts…, for Admins and
// Owners from a session, and the public OIDC exchange.
import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { ErrorBody } from "../../http/schemas.ts";
import { clientOf, contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { WorkspacesService } from "../workspaces/index.ts";
import {
  AccountKeyParams,
  AccountKeyRecord,
  AccountParams,
  AccountsParams,
  CreateAccountBody,
  CreateAccountKeyBody,
  CreatedAccountKey,
  CreateTrustBody,
  ExchangeBody,
  ExchangedToken,
  ServiceAccountRecord,
  TrustParams,
  TrustRecord,
  UpdateAccountBody,
} from "./schemas.ts";
import type { ServiceAccountsService } from "./service.ts";

const Message = Type.Object({ message: Type.String() });
const BASE = "/workspaces/:workspace_id/service-accounts";

export const serviceAccountsRoutes =
  (deps: { serviceAccounts: ServiceAccountsService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { serviceAccounts: accounts } = deps;
    const route = workspaceRoutes(["Service accounts"], workspaceScope(deps.workspaces.lookup));

    app.get(
      BASE,
      route("service_account.list", {
        description: "The workspace's service accounts. Admins and Owners.",
        params: AccountsParams,
        response: { 200: Type.Array(ServiceAccountRecord), ...memberErrors },
      }),
      async (request) => accounts.list(contextOf(request)),
    );

    app.post(
      BASE,
      route("service_account.grant", {
        description:
          "Creates a service account with a role (at most Admin, and never above the caller's) and teams. It takes no seat; the plan caps how many a workspace has (402 plan_required). Names are unique in the workspace (409).",
        params: AccountsParams,
        body: CreateAccountBody,
        response: { 201: ServiceAccountRecord, 402: ErrorBody, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) => reply.code(201).send(await accounts.create(contextOf(request), request.body)),
    );

    app.get(
      `${BASE}/:service_account_id`,
      route("service_account.list", {
        params: AccountParams,
        response: { 200: ServiceAccountRecord, ...memberErrors },
      }),
      async (request) => accounts.get(contextOf(request), request.params.service_account_id),
    );

    app.patch(
      `${BASE}/:service_account_id`,
      route("service_account.grant", {
        description:
          "Changes the name, description, role, teams, or disables it (its keys answer 401 service_account_disabled until enabled again).",
        params: AccountParams,
        body: UpdateAccountBody,
        response: { 200: ServiceAccountRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request) => accounts.update(contextOf(request), request.params.service_account_id, request.body),
    );

    app.delete(
      `${BASE}/:service_account_id`,
      route("service_account.revoke", {
        description: `Deletes the service account with its keys and trusts; every key answers 401 at once.`,
        params: AccountParams,
        response: { 200: Message, ...memberErrors },
      }),
      async (request) => accounts.delete(contextOf(request), request.params.service_account_id),
    );

    app.get(
      `${BASE}/:service_account_id/keys`,
      route("service_account.list", {
        description: "The account's live keys, newest first, with their scope and last use; never a token.",
        params: AccountParams,
        response: { 200: Type.Array(AccountKeyRecord), ...memberErrors },
      }),
      async (request) => accounts.keys.list(contextOf(request), request.params.service_account_id),
    );

    app.post(
      `${BASE}/:service_account_id/keys`,
      route("service_account.grant", {
        description:
          "Mints a key of the service account (sk-svc-…; the token is in this answer only), bound to this workspace and optionally narrowed: projects or environments, read-only access, client address ranges, a lifetime.",
        params: AccountParams,
        body: CreateAccountKeyBody,
        response: { 201: CreatedAccountKey, ...memberErrors },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await accounts.keys.mint(contextOf(request), request.params.service_account_id, request.body),
          ),
    );

    app.post(
      `${BASE}/:service_account_id/keys/:key_id/revoke`,
      route("service_account.revoke", {
        description: `Revokes a key of the service account; it answers 401 api_key_revoked at once.`,
        params: AccountKeyParams,
        response: { 200: AccountKeyRecord, ...memberErrors },
      }),
      async (request) =>
        accounts.keys.revoke(contextOf(request), request.params.service_account_id, request.params.key_id),
    );

    app.get(
      `${BASE}/:service_account_id/trusts`,
      route("service_account.list", {
        description: "The OIDC issuers the account trusts.",
        params: AccountParams,
        response: { 200: Type.Array(TrustRecord), ...memberErrors },
      }),
      async (request) => accounts.trusts.list(contextOf(request), request.params.service_account_id),
    );

    app.post(
      `${BASE}/:service_account_id/trusts`,
      route("service_account.grant", {
        description:
          "Trusts an OIDC issuer: its tokens whose aud is `audience` and whose sub (and `claims`) match the patterns can be exchanged at POST /auth/oidc/exchange for a key of this account that lives `token_minutes`, narrowed by the trust's scope.",
        params: AccountParams,
        body: CreateTrustBody,
        response: { 201: TrustRecord, ...memberErrors },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await accounts.trusts.add(contextOf(request), request.params.service_account_id, request.body),
          ),
    );

    app.delete(
      `${BASE}/:service_account_id/trusts/:trust_id`,
      route("service_account.revoke", {
        description: `Removes a trust: its issuer's tokens are no longer exchanged.`,
        params: TrustParams,
        response: { 200: Message, ...memberErrors },
      }),
      async (request) =>
        accounts.trusts.remove(
          contextOf(request),
          request.params.service_account_id,
          request.params.trust_id,
        ),
    );
  };

/** POST /auth/oidc/exchange: public (the OIDC token is the credential), rate limited like sign-in. */
export const oidcExchangeRoute =
  (deps: { serviceAccounts: ServiceAccountsService; rateLimit: object }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    app.post(
      "/auth/oidc/exchange",
      {
        config: { public: true, rateLimit: deps.rateLimit },
        schema: {
          tags: ["Service accounts"],
          security: [],
          description:
            "Exchanges an OIDC ID token (GitHub Actions, GitLab CI, a Kubernetes service-account token…) for a short-lived key of the service account named by `service_account_id` (required: only that account's trusts are matched, never another workspace's): verified against the issuer's published keys, exp/nbf/iss/aud checked, sub and claims matched against the trust, each token exchanged once. 401 oidc_token_rejected / oidc_token_replayed; 502 oidc_issuer_unavailable (one message, whatever went wrong reading the issuer).",
          body: ExchangeBody,
          response: { 200: ExchangedToken, 401: ErrorBody, 502: ErrorBody },
        },
      },
      async (request) => deps.serviceAccounts.exchangeOidcToken(request.body, clientOf(request)),
    );
  };
