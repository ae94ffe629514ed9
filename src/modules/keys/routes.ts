import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { principalOf } from "../../http/auth.ts";
import { authErrors, ErrorBody, SECURITY } from "../../http/schemas.ts";
import { actorOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { ApiKeyRow } from "./repo.ts";
import { ApiKeyRecord, CreatedApiKey, CreateKeyBody, KeyParams, UpdateKeyBody } from "./schemas.ts";
import type { KeysService } from "./service.ts";

const present = (row: ApiKeyRow) => ({ ...row, is_revoked: row.revoked_at !== null });

export const keysRoutes =
  (keys: KeysService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["API keys"];

    app.post(
      "/keys/",
      {
        schema: {
          tags,
          security: SECURITY,
          body: CreateKeyBody,
          response: { 201: CreatedApiKey, ...authErrors },
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
        schema: {
          tags,
          security: SECURITY,
          params: KeyParams,
          body: UpdateKeyBody,
          response: { 200: ApiKeyRecord, 404: ErrorBody, 409: ErrorBody, ...authErrors },
        },
      },
      async (request) => present(await keys.update(actorOf(request), request.params.key_id, request.body)),
    );

    app.post(
      "/keys/:key_id",
      {
        schema: {
          tags,
          security: SECURITY,
          params: KeyParams,
          response: { 200: ApiKeyRecord, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => present(await keys.revoke(actorOf(request), request.params.key_id)),
    );
  };
