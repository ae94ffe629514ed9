// Reads shaped for tools that consume an environment without an SDK (the External Secrets
// Operator's webhook provider, Terraform's http data source, curl): one secret by its key, and the
// whole environment as one flat JSON object or dotenv text. Same authorization, key scope, ETag
// and 207 rules as the list and the read by id (docs/kubernetes.md).
import Type from "typebox";
import { answerIfNotModified, secretReadTag } from "../../../http/etag.ts";
import { handlingPreference } from "../../../http/prefer.ts";
import { contextOf } from "../../../http/scope.ts";
import type { TypedApp } from "../../../http/types.ts";
import { EnvironmentParams, pathOf } from "../../environments/index.ts";
import { answerSingleRead, ETAG_HEADERS, NotModified, type SecretRouteOptions } from "../responses.ts";
import {
  ByKeyQuery,
  ExportObject,
  ExportQuery,
  PartialSecretList,
  PreferHeader,
  SecretRecord,
} from "../schemas.ts";
import { presentExport } from "./export.ts";

const PREFERENCE_APPLIED = {
  "Preference-Applied": {
    type: "string",
    description: "handling=strict when the request preferred it (RFC 7240)",
  },
};

export function registerConsumerReads(app: TypedApp, options: SecretRouteOptions): void {
  const { secrets, route, base, errors } = options;

  // The key goes in the query: `by-key` is a segment no secret id (a UUID) can be, and no path
  // template of the API can be read two ways (a key in the path could, against `{secret_id}/logs`).
  app.get(
    `${base}/by-key`,
    route("secret.read", {
      description:
        "One secret by its key, as the list shows it: the environment's own, else the one it inherits from the " +
        "nearest parent (`inherited_from` says which). The same record, references, ETag/304 and 409s as the " +
        "read by id; 404 when the environment reads no such key.",
      params: EnvironmentParams,
      querystring: ByKeyQuery,
      response: { 200: { ...SecretRecord, headers: ETAG_HEADERS }, 304: NotModified, ...errors },
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      const path = pathOf(request);
      const { key, raw = false } = request.query;
      const view = await secrets.openSecretByKey(ctx, path, key, { raw });
      return answerSingleRead(request, reply, ctx, view, [
        "secret-by-key",
        path.environmentId,
        key,
        raw ? "raw" : "resolved",
      ]);
    },
  );

  app.get(
    `${base}/export`,
    route("secret.read", {
      description:
        "The environment as the list reads it (inherited keys and references resolved), as one flat JSON object " +
        "{KEY: value} (format=json, the default) or as dotenv text (format=dotenv, text/plain). When some values " +
        "cannot be read: the list's 207, in JSON whatever the format — or 409 export_incomplete with " +
        "`Prefer: handling=strict`. 409 not_representable when a value has no dotenv form. A 200 carries an ETag; " +
        "If-None-Match with it answers 304 while nothing the export shows changed.",
      params: EnvironmentParams,
      querystring: ExportQuery,
      headers: PreferHeader,
      response: {
        200: {
          description: "The whole environment",
          headers: { ...ETAG_HEADERS, ...PREFERENCE_APPLIED },
          content: {
            "application/json": { schema: ExportObject },
            "text/plain": {
              schema: Type.String({
                description:
                  "KEY='value' lines, one per key (a multi-line value spans lines inside its quotes)",
              }),
            },
          },
        },
        207: PartialSecretList,
        304: NotModified,
        ...errors,
      },
    }),
    async (request, reply) => {
      const ctx = contextOf(request);
      const path = pathOf(request);
      const format = request.query.format ?? "json";
      const strict = handlingPreference(request.headers.prefer) === "strict";
      if (strict) reply.header("preference-applied", "handling=strict");
      const view = await secrets.openList(ctx, path);
      const etag = secretReadTag(ctx, view.revision, [
        "export",
        path.environmentId,
        format,
        view.dependencies,
      ]);
      if (answerIfNotModified(request, reply, etag)) return reply;
      const list = await view.readAnswered("export");
      // A tag is kept only for a whole answer that depended on nothing more than the tag names.
      if (list.dependencies !== view.dependencies || list.failedIds.length > 0) reply.removeHeader("etag");
      try {
        const answer = presentExport(list, format, strict);
        if (answer.status === 207) return reply.code(207).send(answer.body);
        return reply.type(answer.type).send(answer.text);
      } catch (error) {
        reply.removeHeader("etag");
        throw error;
      }
    },
  );
}
