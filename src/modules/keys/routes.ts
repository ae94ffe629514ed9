import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { presentScope } from "../../auth/key-scope.ts";
import { principalOf } from "../../http/auth.ts";
import { authErrors, ErrorBody, OtpHeader, SECURITY } from "../../http/schemas.ts";
import { actorOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { ApiKeyRow } from "./repo.ts";
import { ApiKeyRecord, CreatedApiKey, CreateKeyBody, KeyParams, UpdateKeyBody } from "./schemas.ts";
import type { KeysService } from "./service.ts";

const present = (row: ApiKeyRow) => ({ ...row, ...presentScope(row), is_revoked: row.revoked_at !== null });

export const keysRoutes =
  (keys: KeysService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["API keys"];
    const sessionOnly =
      " Needs a session (an API key cannot mint or change keys), and the two-factor code in X-Coffer-OTP when the account has it.";

    app.post(
      "/keys/",
      {
        config: { accountAction: "api_key.create" },
        schema: {
          tags,
          security: SECURITY,
          description: `Mints an API key; the token is in this answer only. The key may be narrowed: to one workspace (workspace_id), to projects or environments of it (their secrets only), to read-only access, to client address ranges; what it may do is what its holder's role allows within that scope.${sessionOnly}`,
          headers: OtpHeader,
          body: CreateKeyBody,
          response: { 201: CreatedApiKey, 403: ErrorBody, ...authErrors },
        },
      },
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

    app.patch(
      "/keys/:key_id",
      {
        config: { accountAction: "api_key.update" },
        schema: {
          tags,
          security: SECURITY,
          description: `Changes a key's name, description or expiry, or revokes it.${sessionOnly}`,
          headers: OtpHeader,
          params: KeyParams,
          body: UpdateKeyBody,
          response: { 200: ApiKeyRecord, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...authErrors },
        },
      },
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
