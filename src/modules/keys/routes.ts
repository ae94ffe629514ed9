import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import Type from "typebox";
import type { RequestContext } from "../../auth/context.ts";
import { presentScope } from "../../auth/key-scope.ts";
import type { KeyScope } from "../../auth/policy.ts";
import { AppError } from "../../errors.ts";
import { principalOf } from "../../http/auth.ts";
import { accountRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, OtpHeader, SECURITY } from "../../http/schemas.ts";
import { actorOf, contextOf, type MembershipLookup, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { ApiKeyRow } from "./repo.ts";
import {
  ApiKeyRecord,
  CreatedApiKey,
  CreateKeyBody,
  CurrentKey,
  KeyParams,
  UpdateKeyBody,
} from "./schemas.ts";
import type { KeysService } from "./service.ts";

/** What GET /keys/current needs of other modules: the workspace's members, and its environments. */
export interface KeyReach {
  lookup: MembershipLookup;
  environmentsReached(
    ctx: RequestContext,
    narrowed: Pick<KeyScope, "projectIds" | "environmentIds">,
  ): Promise<
    {
      id: string;
      name: string;
      slug: string;
      environment_type: string;
      workspace_id: string;
      team_id: string;
      project_id: string;
    }[]
  >;
}

/** The scope of a key narrowed to projects or environments (those have a workspace to ask in). */
const narrowedScope = (request: FastifyRequest) => {
  const scope = request.principal?.scope;
  return scope && (scope.projectIds !== null || scope.environmentIds !== null) ? scope : null;
};

const present = (row: ApiKeyRow) => ({ ...row, ...presentScope(row), is_revoked: row.revoked_at !== null });

export const keysRoutes =
  (keys: KeysService, reach: KeyReach): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["API keys"];
    const accountRoute = accountRoutes(tags);
    const sessionOnly =
      " Needs a session (an API key cannot mint or change keys), and the two-factor code in X-Coffer-OTP when the account has it.";

    app.post(
      "/keys/",
      accountRoute("api_key.create", {
        description: `Mints an API key; the token is in this answer only. The key may be narrowed: to one workspace (workspace_id), to projects or environments of it (their secrets only), to read-only access, to client address ranges; what it may do is what its holder's role allows within that scope.${sessionOnly}`,
        headers: OtpHeader,
        body: CreateKeyBody,
        response: { 201: CreatedApiKey, 403: ErrorBody, ...authErrors },
      }),
      async (request, reply) => {
        const { row, token } = await keys.create(actorOf(request), request.body);
        return reply.code(201).send({ ...present(row), token });
      },
    );

    app.get(
      "/keys/",
      { schema: { tags, security: SECURITY, response: { 200: Type.Array(ApiKeyRecord), ...authErrors } } },
      async (request) => (await keys.listActive(principalOf(request).userId)).map(present),
    );

    // A key asks about itself: its scope, and (when narrowed) the environments it reaches, so a
    // deploy job holding only the key finds its environment. It answers nothing the key could not
    // read: the environments are those whose secrets it may read now, by the same policy.
    const inKeyWorkspace = workspaceScope(reach.lookup);
    app.get(
      "/keys/current",
      {
        config: { scopedKeys: true },
        preHandler: async function (request, reply) {
          if (narrowedScope(request)) await inKeyWorkspace.call(this, request, reply);
        },
        schema: {
          tags,
          security: SECURITY,
          description:
            "The calling API key: its scope, and for a key narrowed to projects or environments the environments whose secrets it may read now (ids, names, slugs, and the team and project each is in). Any API key may ask about itself, a narrowed or read-only one too; a session has no key to describe (404).",
          response: { 200: CurrentKey, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        if (principal.kind !== "api_key" || !principal.apiKeyId)
          throw new AppError("not_found", "This request was made with a session, not an API key");
        const scope = principal.scope;
        const narrowed = narrowedScope(request);
        return {
          id: principal.apiKeyId,
          name: principal.apiKeyName ?? "",
          service_account_id: principal.serviceAccount?.id ?? null,
          workspace_id: scope?.workspaceId ?? principal.serviceAccount?.workspaceId ?? null,
          access: scope?.access ?? "read_write",
          project_ids: scope?.projectIds ? [...scope.projectIds] : null,
          environment_ids: scope?.environmentIds ? [...scope.environmentIds] : null,
          environments: narrowed ? await reach.environmentsReached(contextOf(request), narrowed) : null,
        };
      },
    );

    app.patch(
      "/keys/:key_id",
      accountRoute("api_key.update", {
        description: `Changes a key's name, description or expiry, or revokes it.${sessionOnly}`,
        headers: OtpHeader,
        params: KeyParams,
        body: UpdateKeyBody,
        response: { 200: ApiKeyRecord, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
      }),
      async (request) => present(await keys.update(actorOf(request), request.params.key_id, request.body)),
    );

    app.post(
      "/keys/:key_id",
      {
        // A scoped key may revoke itself (the guard refuses it any other key).
        config: { scopedKeys: true, accountAction: "api_key.revoke" },
        schema: {
          tags,
          security: SECURITY,
          description: "Revokes a key. Needs a session, except for a key revoking itself.",
          params: KeyParams,
          response: { 200: ApiKeyRecord, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => present(await keys.revoke(actorOf(request), request.params.key_id)),
    );
  };
