// The routes of a secret's value as it is now: create, list, read, change and delete it (one or in
// bulk), list what a screen shows before any value is read, and share a snapshot of some.
import Type from "typebox";
import { ValidationFailed } from "../../../errors.ts";
import { answerIfNotModified, secretReadTag } from "../../../http/etag.ts";
import { originOf } from "../../../http/origin.ts";
import { recordListSerializer } from "../../../http/records.ts";
import { ErrorBody } from "../../../http/schemas.ts";
import { contextOf } from "../../../http/scope.ts";
import type { TypedApp } from "../../../http/types.ts";
import { EnvironmentParams, pathOf } from "../../environments/index.ts";
import { ShareBody, ShareCreated, type SharingService } from "../../sharing/index.ts";
import { Deleted } from "../../workspaces/index.ts";
import {
  answerSingleRead,
  ETAG_HEADERS,
  JSON_UTF8,
  NotModified,
  partial,
  type SecretRouteOptions,
} from "../responses.ts";
import {
  BulkCreateBody,
  BulkDeleteBody,
  BulkDeleted,
  BulkUpdateBody,
  CreateSecretBody,
  DeletedCount,
  LIMITS,
  ListQuery,
  PartialSecretList,
  ReadQuery,
  SecretMetadata,
  SecretParams,
  SecretRecord,
  UpdateSecretBody,
} from "../schemas.ts";

// The list is the hot path: its 200 is serialized from SecretRecord by http/records.ts.
const serializeSecrets = recordListSerializer(SecretRecord);

export function registerValueRoutes(
  app: TypedApp,
  options: SecretRouteOptions,
  sharing: SharingService,
): void {
  const { secrets, route, base, errors } = options;

  app.post(
    `${base}/`,
    route("secret.write", {
      description:
        "Creates one secret (version 1). 409 when the key exists in the environment. 422 reference_unreadable " +
        "when the value references an environment the caller may not read (the same answer as for one that does " +
        "not exist), reference_not_accepted when that environment takes no references from here.",
      params: EnvironmentParams,
      body: CreateSecretBody,
      response: { 201: SecretRecord, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send(await secrets.create(contextOf(request), pathOf(request), request.body)),
  );

  app.post(
    `${base}/bulk`,
    {
      ...route("secret.write", {
        description:
          "Creates up to 1,000 secrets, all or nothing: a key repeated in the batch or already present refuses " +
          "the whole batch with 409 and the list of keys.",
        params: EnvironmentParams,
        body: BulkCreateBody,
        response: { 201: Type.Array(SecretRecord), ...errors },
      }),
      bodyLimit: LIMITS.bulkBodyBytes,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await secrets.bulkCreate(contextOf(request), pathOf(request), request.body.secrets)),
  );

  app.get(
    `${base}/`,
    route("secret.read", {
      description:
        "Every secret of the environment, decrypted. With `version=n` each secret is read at version n, or at its " +
        "newest when it has fewer; with `at=<time>` the environment as it was then (paid capability). References " +
        "in values are resolved with the caller's permissions, and only as far as each value's writer may read too " +
        "(other environments as they are now); raw=true " +
        "answers the stored text. 207 when some values cannot be decrypted or their references resolved " +
        "(`unresolved` says which reference and why). A 200 carries an ETag (not with `at`); If-None-Match with " +
        "it answers 304 (no body) while nothing in the environment, or in an environment its references reach, changed.",
      params: EnvironmentParams,
      querystring: ListQuery,
      response: {
        200: { ...Type.Array(SecretRecord), headers: ETAG_HEADERS },
        207: PartialSecretList,
        304: NotModified,
        ...errors,
      },
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      const path = pathOf(request);
      const { version, at, raw = false } = request.query;
      if (at !== undefined) {
        if (version !== undefined) {
          throw new ValidationFailed([
            { loc: ["query", "at"], msg: "Give version or at, not both", type: "value_error" },
          ]);
        }
        // A past moment's view has no tag: a purge can change it without a write.
        const past = await secrets.listAt(ctx, path, new Date(at).toISOString(), raw);
        if (past.failedIds.length === 0)
          return reply.type(JSON_UTF8).serializer(serializeSecrets).send(past.succeeded);
        return reply.code(207).send(partial(past));
      }
      const view = await secrets.openList(ctx, path, { version, raw });
      const etag = secretReadTag(ctx, view.revision, [
        "list",
        path.environmentId,
        version ?? "current",
        raw ? "raw" : "resolved",
        view.dependencies,
      ]);
      if (answerIfNotModified(request, reply, etag)) return reply;
      const list = await view.readAnswered("list");
      // The tag named what the stored references reach; an answer that reached further (a value
      // stored before references were tracked, a past version) must not be kept under it.
      if (list.dependencies !== view.dependencies) reply.removeHeader("etag");
      if (list.failedIds.length === 0)
        return reply.type(JSON_UTF8).serializer(serializeSecrets).send(list.succeeded);
      // A partial answer is not a copy to keep: whether a value reads can change without a write.
      reply.removeHeader("etag");
      return reply.code(207).send(partial(list));
    },
  );

  app.get(
    `${base}/:secret_id`,
    route("secret.read", {
      description:
        "One secret, decrypted, its references resolved with the caller's permissions, as far as each value's " +
        "writer may read too (raw=true: the stored " +
        "text). 409 reference_unresolved when a reference cannot be resolved. A 200 carries an ETag; " +
        "If-None-Match with it answers 304 (no body) while nothing in the environment, or in an environment " +
        "its references reach, changed.",
      params: SecretParams,
      querystring: ReadQuery,
      response: { 200: { ...SecretRecord, headers: ETAG_HEADERS }, 304: NotModified, ...errors },
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      const path = pathOf(request);
      const secretId = request.params.secret_id;
      const raw = request.query.raw ?? false;
      const view = await secrets.openSecret(ctx, path, secretId, { raw });
      return answerSingleRead(request, reply, ctx, view, [
        "secret",
        path.environmentId,
        secretId,
        raw ? "raw" : "resolved",
      ]);
    },
  );

  app.patch(
    `${base}/:secret_id`,
    route("secret.write", {
      description:
        "Changes key, value, description or rotation_days; only a changed value creates a new version (and is " +
        "checked as a created one is: 422 reference_unreadable, reference_not_accepted).",
      params: SecretParams,
      body: UpdateSecretBody,
      response: { 200: SecretRecord, ...errors },
    }),
    async (request) =>
      secrets.update(contextOf(request), pathOf(request), request.params.secret_id, request.body),
  );

  app.patch(
    `${base}/`,
    {
      ...route("secret.write", {
        description: "Bulk update matched on `key` (optional `new_key`, `value`), atomic.",
        params: EnvironmentParams,
        body: BulkUpdateBody,
        response: { 200: Type.Array(SecretRecord), ...errors },
      }),
      bodyLimit: LIMITS.bulkBodyBytes,
    },
    async (request) => secrets.bulkUpdate(contextOf(request), pathOf(request), request.body.secrets),
  );

  app.delete(
    `${base}/:secret_id`,
    route("secret.write", {
      description:
        "Deletes one secret with its versions and its log. It stays restorable, with its versions, for " +
        "COFFER_DELETED_SECRETS_DAYS (GET …/deleted).",
      params: SecretParams,
      response: { 200: Deleted, ...errors },
    }),
    async (request) => secrets.delete(contextOf(request), pathOf(request), request.params.secret_id),
  );

  app.delete(
    `${base}/`,
    route("secret.delete_all", {
      description:
        "Deletes every secret in the environment. Workspace Owner only. Each stays restorable for " +
        "COFFER_DELETED_SECRETS_DAYS.",
      params: EnvironmentParams,
      response: { 200: DeletedCount, ...errors },
    }),
    async (request) => secrets.deleteAll(contextOf(request), pathOf(request)),
  );

  app.post(
    `${base}/bulk-delete`,
    route("secret.write", {
      description:
        "Deletes the given secrets of the environment in one transaction, all or nothing: 404 `not_found` names " +
        "the ids the environment has not (`ids`). Each stays restorable for COFFER_DELETED_SECRETS_DAYS (0: a " +
        "delete is final); the " +
        "trail holds one entry with the count and the keys.",
      params: EnvironmentParams,
      body: BulkDeleteBody,
      response: { 200: BulkDeleted, ...errors },
    }),
    async (request) => secrets.bulkDelete(contextOf(request), pathOf(request), request.body.ids),
  );

  app.get(
    `${base}/metadata`,
    route("secret.read", {
      description:
        "Every secret the environment reads (inherited ones included, `inherited_from` says from where) without " +
        "its value: nothing is decrypted and no read of a value is recorded. What a screen lists before someone " +
        "asks to see a value (a read of the secret, which the audit trail records). A 200 carries an ETag; " +
        "If-None-Match with it answers 304 while nothing in the environment or its parents changed.",
      params: EnvironmentParams,
      response: {
        200: { ...Type.Array(SecretMetadata), headers: ETAG_HEADERS },
        304: NotModified,
        ...errors,
      },
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      const path = pathOf(request);
      const view = await secrets.openMetadata(ctx, path);
      const etag = secretReadTag(ctx, view.revision, ["metadata", path.environmentId, view.dependencies]);
      if (answerIfNotModified(request, reply, etag)) return reply;
      return view.read();
    },
  );

  app.post(
    `${base}/share`,
    route("secret.write", {
      description:
        "Mints a share link for some secrets of this environment: a snapshot of their values, readable with a " +
        "plain GET of `url` until it expires or its views are spent. Paid capability (402 on the free plan).",
      params: EnvironmentParams,
      body: ShareBody,
      response: { 201: ShareCreated, 402: ErrorBody, ...errors },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await sharing.create(contextOf(request), pathOf(request), request.body, originOf(request))),
  );
}
