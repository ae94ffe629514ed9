import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { ValidationFailed } from "../../errors.ts";
import { answerIfNotModified, secretReadTag } from "../../http/etag.ts";
import { originOf } from "../../http/origin.ts";
import { recordListSerializer } from "../../http/records.ts";
import { authErrors, ErrorBody, PageQuery, SECURITY, WorkspaceParams } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { AuditEntry } from "../audit/index.ts";
import { EnvironmentParams, pathOf } from "../environments/index.ts";
import { ShareBody, ShareCreated, type SharingService } from "../sharing/index.ts";
import { Deleted, type WorkspacesService } from "../workspaces/index.ts";
import { CompareParams, CompareQuery, Comparison } from "./compare-schemas.ts";
import { registerConsumerReads } from "./consumer-routes.ts";
import { registerVersionRead } from "./history-routes.ts";
import { answerSingleRead, ETAG_HEADERS, JSON_UTF8, KeyedError, NotModified, partial } from "./responses.ts";
import {
  BulkCreateBody,
  BulkDeleteBody,
  BulkDeleted,
  BulkUpdateBody,
  CreateSecretBody,
  DeletedCount,
  DeletedSecretRecord,
  Heirs,
  LIMITS,
  ListQuery,
  PartialSecretList,
  ReadQuery,
  RestorePreview,
  RestoreToBody,
  RollbackBody,
  SearchQuery,
  SearchResult,
  SecretMetadata,
  SecretParams,
  SecretRecord,
  TimelineEvent,
  TimelineQuery,
  UpdateSecretBody,
  VersionRecord,
} from "./schemas.ts";
import type { SecretsService } from "./service.ts";

// The list is the hot path: its 200 is serialized from SecretRecord by http/records.ts.
const serializeSecrets = recordListSerializer(SecretRecord);

export const secretsRoutes =
  (deps: {
    secrets: SecretsService;
    sharing: SharingService;
    workspaces: WorkspacesService;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { secrets } = deps;
    const tags = ["Secrets"];
    const preHandler = workspaceScope(deps.workspaces.lookup);
    const errors = { 403: ErrorBody, 404: KeyedError, 409: KeyedError, ...authErrors };
    const base = "/secrets/:workspace_id/:team_id/:project_id/:environment_id";
    const common = { tags, security: SECURITY };

    app.post(
      `${base}/`,
      {
        config: { action: "secret.write" },
        preHandler,
        schema: {
          ...common,
          description:
            "Creates one secret (version 1). 409 when the key exists in the environment. 422 reference_unreadable " +
            "when the value references an environment the caller may not read (the same answer as for one that does " +
            "not exist), reference_not_accepted when that environment takes no references from here.",
          params: EnvironmentParams,
          body: CreateSecretBody,
          response: { 201: SecretRecord, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await secrets.create(contextOf(request), pathOf(request), request.body)),
    );

    app.post(
      `${base}/bulk`,
      {
        config: { action: "secret.write" },
        preHandler,
        bodyLimit: LIMITS.bulkBodyBytes,
        schema: {
          ...common,
          description:
            "Creates up to 1,000 secrets, all or nothing: a key repeated in the batch or already present refuses " +
            "the whole batch with 409 and the list of keys.",
          params: EnvironmentParams,
          body: BulkCreateBody,
          response: { 201: Type.Array(SecretRecord), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await secrets.bulkCreate(contextOf(request), pathOf(request), request.body.secrets)),
    );

    app.get(
      `${base}/`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
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
        },
      },
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
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "One secret, decrypted, its references resolved with the caller's permissions, as far as each value's " +
            "writer may read too (raw=true: the stored " +
            "text). 409 reference_unresolved when a reference cannot be resolved. A 200 carries an ETag; " +
            "If-None-Match with it answers 304 (no body) while nothing in the environment, or in an environment " +
            "its references reach, changed.",
          params: SecretParams,
          querystring: ReadQuery,
          response: { 200: { ...SecretRecord, headers: ETAG_HEADERS }, 304: NotModified, ...errors },
        },
      },
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

    registerConsumerReads(app, { secrets, preHandler, base, common, errors });
    registerVersionRead(app, { secrets, preHandler, base, common, errors });

    app.patch(
      `${base}/:secret_id`,
      {
        config: { action: "secret.write" },
        preHandler,
        schema: {
          ...common,
          description:
            "Changes key, value, description or rotation_days; only a changed value creates a new version (and is " +
            "checked as a created one is: 422 reference_unreadable, reference_not_accepted).",
          params: SecretParams,
          body: UpdateSecretBody,
          response: { 200: SecretRecord, ...errors },
        },
      },
      async (request) =>
        secrets.update(contextOf(request), pathOf(request), request.params.secret_id, request.body),
    );

    app.patch(
      `${base}/`,
      {
        config: { action: "secret.write" },
        preHandler,
        bodyLimit: LIMITS.bulkBodyBytes,
        schema: {
          ...common,
          description: "Bulk update matched on `key` (optional `new_key`, `value`), atomic.",
          params: EnvironmentParams,
          body: BulkUpdateBody,
          response: { 200: Type.Array(SecretRecord), ...errors },
        },
      },
      async (request) => secrets.bulkUpdate(contextOf(request), pathOf(request), request.body.secrets),
    );

    app.delete(
      `${base}/:secret_id`,
      {
        config: { action: "secret.write" },
        preHandler,
        schema: {
          ...common,
          description:
            "Deletes one secret with its versions and its log. It stays restorable, with its versions, for " +
            "COFFER_DELETED_SECRETS_DAYS (GET …/deleted).",
          params: SecretParams,
          response: { 200: Deleted, ...errors },
        },
      },
      async (request) => secrets.delete(contextOf(request), pathOf(request), request.params.secret_id),
    );

    app.delete(
      `${base}/`,
      {
        config: { action: "secret.delete_all" },
        preHandler,
        schema: {
          ...common,
          description:
            "Deletes every secret in the environment. Workspace Owner only. Each stays restorable for " +
            "COFFER_DELETED_SECRETS_DAYS.",
          params: EnvironmentParams,
          response: { 200: DeletedCount, ...errors },
        },
      },
      async (request) => secrets.deleteAll(contextOf(request), pathOf(request)),
    );

    app.get(
      "/environments/:workspace_id/:team_id/:project_id/compare",
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "Environments of one project side by side: every key in any of them, with its presence, version and a " +
            "value fingerprint per environment (values only with values=true). The caller must read each one.",
          params: CompareParams,
          querystring: CompareQuery,
          response: { 200: Comparison, ...errors },
        },
      },
      async (request) =>
        secrets.compare(
          contextOf(request),
          { teamId: request.params.team_id, projectId: request.params.project_id },
          request.query.environments.toLowerCase().split(","),
          request.query.values ?? false,
        ),
    );

    app.post(
      `${base}/restore`,
      {
        config: { action: "secret.restore" },
        preHandler,
        schema: {
          ...common,
          description:
            "Puts the environment back to a moment (paid capability). Without apply, a preview: keys deleted since " +
            "(added back with their versions), values changed since (changed: a new version each), keys created " +
            "since (removed: deleted, recoverable) and the unchanged. With apply: true, all of it in one transaction " +
            "(409 if the environment changed while it was compared; 422 reference_unreadable if a value it puts back " +
            "references an environment the caller may not read). Keys are shown under their current names.",
          params: EnvironmentParams,
          body: RestoreToBody,
          response: { 200: RestorePreview, 402: ErrorBody, ...errors },
        },
      },
      async (request) =>
        secrets.restoreTo(
          contextOf(request),
          pathOf(request),
          new Date(request.body.at).toISOString(),
          request.body.apply ?? false,
        ),
    );

    app.post(
      `${base}/:secret_id/rollback`,
      {
        config: { action: "secret.rollback" },
        preHandler,
        schema: {
          ...common,
          description:
            "Rolls the secret back to an earlier version: that version's value becomes a new version (current + 1), " +
            "so history only grows. 422 for the current version or one that does not exist, or one whose value " +
            "references an environment the caller may not read (reference_unreadable).",
          params: SecretParams,
          body: RollbackBody,
          response: { 200: SecretRecord, ...errors },
        },
      },
      async (request) =>
        secrets.rollback(contextOf(request), pathOf(request), request.params.secret_id, request.body.version),
    );

    app.post(
      `${base}/bulk-delete`,
      {
        config: { action: "secret.write" },
        preHandler,
        schema: {
          ...common,
          description:
            "Deletes the given secrets of the environment in one transaction, all or nothing: 404 `not_found` names " +
            "the ids the environment has not (`ids`). Each stays restorable for COFFER_DELETED_SECRETS_DAYS (0: a " +
            "delete is final); the " +
            "trail holds one entry with the count and the keys.",
          params: EnvironmentParams,
          body: BulkDeleteBody,
          response: { 200: BulkDeleted, ...errors },
        },
      },
      async (request) => secrets.bulkDelete(contextOf(request), pathOf(request), request.body.ids),
    );

    app.get(
      "/workspaces/:workspace_id/search",
      {
        config: { action: "secret.search" },
        preHandler,
        schema: {
          tags,
          security: SECURITY,
          description:
            "Secrets of the workspace whose key or description holds `q` (any case), sorted by key, at most " +
            "`limit` (1-100, default 50): only those the caller may read (Viewers and Members: their teams). Values " +
            "are never searched or answered. A key narrowed to projects or environments is refused.",
          params: WorkspaceParams,
          querystring: SearchQuery,
          response: { 200: Type.Array(SearchResult), 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => secrets.search(contextOf(request), request.query.q, request.query.limit ?? 50),
    );

    app.get(
      `${base}/metadata`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
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
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const path = pathOf(request);
        const view = await secrets.openMetadata(ctx, path);
        const etag = secretReadTag(ctx, view.revision, ["metadata", path.environmentId, view.dependencies]);
        if (answerIfNotModified(request, reply, etag)) return reply;
        return view.read();
      },
    );

    app.get(
      `${base}/deleted`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "The environment's deleted secrets that can still be restored (for COFFER_DELETED_SECRETS_DAYS), most " +
            "recently deleted first; keys only, never values. They are in no list, read or count until restored.",
          params: EnvironmentParams,
          response: { 200: Type.Array(DeletedSecretRecord), ...errors },
        },
      },
      async (request) => secrets.deleted(contextOf(request), pathOf(request)),
    );

    app.get(
      `${base}/timeline`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "What happened to the environment's secrets, newest first: each version written (created, updated, " +
            "rolled_back, restored), each deletion, rename and restore, with who did it as the audit trail names " +
            "them — never a value. `undoable` events are put back by a restore to just before `at` (POST …/restore). " +
            "Paged by `limit` (1-500, default 100) and `cursor` from X-Next-Cursor; `before` keeps the events " +
            "before a moment. Paid capability (402 on the free plan), like version history.",
          params: EnvironmentParams,
          querystring: TimelineQuery,
          response: {
            200: Type.Array(TimelineEvent),
            402: ErrorBody,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { limit, cursor, before } = request.query;
        const page = await secrets.timeline(contextOf(request), pathOf(request), {
          limit: limit ?? 100,
          cursor,
          before: before === undefined ? undefined : new Date(before).toISOString(),
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.post(
      `${base}/deleted/:secret_id/restore`,
      {
        config: { action: "secret.restore" },
        preHandler,
        schema: {
          ...common,
          description:
            "Restores a deleted secret with every version, under its own id; its log starts again with the restore. " +
            "409 when a secret with its key exists now; 404 once it is purged; 422 reference_unreadable when its " +
            "value references an environment the caller may not read.",
          params: SecretParams,
          response: { 200: SecretRecord, ...errors },
        },
      },
      async (request) => secrets.restore(contextOf(request), pathOf(request), request.params.secret_id),
    );

    app.get(
      `${base}/:secret_id/inherited-by`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "The environments that inherit this secret from this one (directly or through others, unless they set " +
            "the key themselves): deleting it takes it from them. Names only, never values.",
          params: SecretParams,
          response: { 200: Heirs, ...errors },
        },
      },
      async (request) => secrets.inheritedBy(contextOf(request), pathOf(request), request.params.secret_id),
    );

    app.get(
      `${base}/:secret_id/versions`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description:
            "Every version's stored ciphertext, newest first, with its author (as the audit trail names them) and, " +
            "for a rollback's version, the version it restored. Never a value (GET …/versions/{version} reads one). " +
            "Paid capability (402 on the free plan).",
          params: SecretParams,
          response: { 200: Type.Array(VersionRecord), 402: ErrorBody, ...errors },
        },
      },
      async (request) => secrets.versions(contextOf(request), pathOf(request), request.params.secret_id),
    );

    app.get(
      `${base}/:secret_id/logs`,
      {
        config: { action: "secret.read" },
        preHandler,
        schema: {
          ...common,
          description: "The secret's audit entries, newest first (`limit`, `cursor` from X-Next-Cursor).",
          params: SecretParams,
          querystring: PageQuery,
          response: { 200: Type.Array(AuditEntry), ...errors },
        },
      },
      async (request, reply) => {
        const page = await secrets.logs(contextOf(request), pathOf(request), request.params.secret_id, {
          limit: request.query.limit ?? 100,
          cursor: request.query.cursor,
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.post(
      `${base}/share`,
      {
        config: { action: "secret.write" },
        preHandler,
        schema: {
          ...common,
          description:
            "Mints a share link for some secrets of this environment: a snapshot of their values, readable with a " +
            "plain GET of `url` until it expires or its views are spent. Paid capability (402 on the free plan).",
          params: EnvironmentParams,
          body: ShareBody,
          response: { 201: ShareCreated, 402: ErrorBody, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await deps.sharing.create(contextOf(request), pathOf(request), request.body, originOf(request)),
          ),
    );
  };
