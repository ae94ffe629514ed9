// The routes of what secrets were: versions and their values, logs, the timeline, rollbacks, the
// environment restored to a moment, and deleted secrets listed and put back.
import Type from "typebox";
import { ErrorBody, PageQuery } from "../../../http/schemas.ts";
import { contextOf } from "../../../http/scope.ts";
import type { TypedApp } from "../../../http/types.ts";
import { AuditEntry } from "../../audit/index.ts";
import { EnvironmentParams, pathOf } from "../../environments/index.ts";
import type { SecretRouteOptions } from "../responses.ts";
import {
  DeletedSecretRecord,
  RestorePreview,
  RestoreToBody,
  RollbackBody,
  SecretParams,
  SecretRecord,
  TimelineEvent,
  TimelineQuery,
  VersionParams,
  VersionRecord,
  VersionValue,
} from "../schemas.ts";

export function registerHistoryRoutes(app: TypedApp, options: SecretRouteOptions): void {
  const { secrets, route, base, errors } = options;

  app.post(
    `${base}/restore`,
    route("secret.restore", {
      description:
        "Puts the environment back to a moment (paid capability). Without apply, a preview: keys deleted since " +
        "(added back with their versions), values changed since (changed: a new version each), keys created " +
        "since (removed: deleted, recoverable) and the unchanged. With apply: true, all of it in one transaction " +
        "(409 if the environment changed while it was compared; 422 reference_unreadable if a value it puts back " +
        "references an environment the caller may not read). Keys are shown under their current names.",
      params: EnvironmentParams,
      body: RestoreToBody,
      response: { 200: RestorePreview, 402: ErrorBody, ...errors },
    }),
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
    route("secret.rollback", {
      description:
        "Rolls the secret back to an earlier version: that version's value becomes a new version (current + 1), " +
        "so history only grows. 422 for the current version or one that does not exist, or one whose value " +
        "references an environment the caller may not read (reference_unreadable).",
      params: SecretParams,
      body: RollbackBody,
      response: { 200: SecretRecord, ...errors },
    }),
    async (request) =>
      secrets.rollback(contextOf(request), pathOf(request), request.params.secret_id, request.body.version),
  );

  app.get(
    `${base}/deleted`,
    route("secret.read", {
      description:
        "The environment's deleted secrets that can still be restored (for COFFER_DELETED_SECRETS_DAYS), most " +
        "recently deleted first; keys only, never values. They are in no list, read or count until restored.",
      params: EnvironmentParams,
      response: { 200: Type.Array(DeletedSecretRecord), ...errors },
    }),
    async (request) => secrets.deleted(contextOf(request), pathOf(request)),
  );

  app.get(
    `${base}/timeline`,
    route("secret.read", {
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
    }),
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
    route("secret.restore", {
      description:
        "Restores a deleted secret with every version, under its own id; its log starts again with the restore. " +
        "409 when a secret with its key exists now; 404 once it is purged; 422 reference_unreadable when its " +
        "value references an environment the caller may not read.",
      params: SecretParams,
      response: { 200: SecretRecord, ...errors },
    }),
    async (request) => secrets.restore(contextOf(request), pathOf(request), request.params.secret_id),
  );

  app.get(
    `${base}/:secret_id/versions`,
    route("secret.read", {
      description:
        "Every version's stored ciphertext, newest first, with its author (as the audit trail names them) and, " +
        "for a rollback's version, the version it restored. Never a value (GET …/versions/{version} reads one). " +
        "Paid capability (402 on the free plan).",
      params: SecretParams,
      response: { 200: Type.Array(VersionRecord), 402: ErrorBody, ...errors },
    }),
    async (request) => secrets.versions(contextOf(request), pathOf(request), request.params.secret_id),
  );

  // One past version's value, read on purpose: the same permission as any read (secret.read), the
  // same plan as the history, and in the audit trail as a read of that version.
  app.get(
    `${base}/:secret_id/versions/:version`,
    route("secret.read", {
      description:
        "One version's value as stored (references unresolved), recorded in the audit trail as a read of " +
        "that version. Paid capability, like version history (402 on the free plan); 404 for a version the " +
        "secret does not have.",
      params: VersionParams,
      response: { 200: VersionValue, 402: ErrorBody, ...errors },
    }),
    async (request) =>
      secrets.versionValue(
        contextOf(request),
        pathOf(request),
        request.params.secret_id,
        request.params.version,
      ),
  );

  app.get(
    `${base}/:secret_id/logs`,
    route("secret.read", {
      description: "The secret's audit entries, newest first (`limit`, `cursor` from X-Next-Cursor).",
      params: SecretParams,
      querystring: PageQuery,
      response: { 200: Type.Array(AuditEntry), ...errors },
    }),
    async (request, reply) => {
      const page = await secrets.logs(contextOf(request), pathOf(request), request.params.secret_id, {
        limit: request.query.limit ?? 100,
        cursor: request.query.cursor,
      });
      if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
      return page.items;
    },
  );
}
