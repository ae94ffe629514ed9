// Response pieces the secrets routes share: the ETag of a conditional read and its 304, the 207 of
// a partial list, the error body that names keys, and how a single read is answered.
import type { FastifyReply, FastifyRequest } from "fastify";
import Type from "typebox";
import type { RequestContext } from "../../auth/context.ts";
import { answerIfNotModified, secretReadTag } from "../../http/etag.ts";
import type { workspaceRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody } from "../../http/schemas.ts";
import type { SecretView } from "./core.ts";
import type { SecretsService } from "./service.ts";
import type { Unresolved } from "./values/index.ts";

export const ETAG_HEADERS = {
  ETag: {
    type: "string",
    // http/etag.ts: 27 characters of a base64url digest, quoted.
    maxLength: 29,
    pattern: '^"[A-Za-z0-9_-]{27}"$',
    description:
      "strong tag of this answer for this caller; send it back as If-None-Match to get 304 when nothing changed",
  },
};

/** The 304 of a conditional read: no body; the tag (and with it the caller's copy) is still current. */
export const NotModified = {
  type: "null",
  description: "Not modified: If-None-Match named the current tag (or was *); no body, nothing was decrypted",
  headers: ETAG_HEADERS,
} as const;

export const JSON_UTF8 = "application/json; charset=utf-8";

/** The 207 body: readable records, and the rest with why (undecryptable, or a reference unresolved). */
export const partial = <T>(list: { succeeded: T[]; failedIds: string[]; unresolved?: Unresolved[] }) => ({
  detail: {
    succeeded: list.succeeded,
    failed_ids: list.failedIds,
    ...(list.unresolved && list.unresolved.length > 0 ? { unresolved: list.unresolved } : {}),
  },
});

export const KeyedError = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  keys: Type.Optional(Type.Array(Type.String())),
  ids: Type.Optional(Type.Array(Type.String())),
  reference: Type.Optional(Type.String({ description: "reference_unresolved: the reference, as written" })),
  reason: Type.Optional(Type.String({ description: "reference_unresolved: why (as in a 207's unresolved)" })),
});

/** The errors a secrets route answers beside its own. */
export const SECRET_ERRORS = { 403: ErrorBody, 404: KeyedError, 409: KeyedError, ...authErrors };

/** A single read in two steps (openSecret, openSecretByKey): tag and revision first, then the record. */
export interface SingleRead {
  revision: number;
  dependencies: string;
  read(): Promise<{ record: SecretView; dependencies: string }>;
}

/**
 * Answers a single read: 304 when If-None-Match names its tag (nothing decrypted), else the record
 * under its tag (`parts` say which resource and representation it is).
 */
export async function answerSingleRead(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: RequestContext,
  view: SingleRead,
  parts: (string | number)[],
) {
  const etag = secretReadTag(ctx, view.revision, [...parts, view.dependencies]);
  if (answerIfNotModified(request, reply, etag)) return reply;
  let answer: Awaited<ReturnType<SingleRead["read"]>>;
  try {
    answer = await view.read();
  } catch (error) {
    // A 409 (undecryptable, unresolved) is no copy to keep: it carries no tag.
    reply.removeHeader("etag");
    throw error;
  }
  const { record, dependencies } = answer;
  // The tag named what the stored references reach; an answer that reached further must not be kept under it.
  if (dependencies !== view.dependencies) reply.removeHeader("etag");
  return record;
}

/** What the secrets routes hand the routes registered in files of their own. */
export interface SecretRouteOptions {
  secrets: SecretsService;
  /** The environment's secrets path, with Fastify's parameters. */
  base: string;
  /** The options of a route taking an action: the secrets' tag, the credential, the scope check. */
  route: ReturnType<typeof workspaceRoutes>;
  errors: typeof SECRET_ERRORS;
}
