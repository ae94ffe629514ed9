// Schema pieces shared by every module: ids, times, error bodies.
import Type, { type Static, type TSchema } from "typebox";
import { type ErrorCode as Code, ERROR_STATUS } from "../errors.ts";
import { INPUT_LIMITS } from "./input-guard.ts";

// A uuid is 36 characters whatever it holds; the server writes times as ISO 8601 (24 characters), and
// 64 leaves room for any offset or fraction a client sends.
export const Uuid = Type.String({ format: "uuid", maxLength: 36 });
export const DateTime = Type.String({ format: "date-time", maxLength: 64 });
/** The largest value of a PostgreSQL `integer`, the column type of every integer the API holds. */
export const INT32_MAX = 2_147_483_647;

/**
 * An integer of the API: int32 (the columns they come from, and the counts of their rows), never
 * negative unless the options say so.
 */
export const Int32 = (options: Parameters<typeof Type.Integer>[0] = {}) =>
  Type.Integer({ format: "int32", minimum: 0, maximum: INT32_MAX, ...options });

/**
 * A value of `schema` or null, as a JSON Schema type list rather than anyOf: one clear 422 when it
 * fails, and no per-field branch validation when fast-json-stringify serialises a response.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const { type } = schema as { type?: unknown };
  if (typeof type !== "string") return Type.Union([schema, Type.Null()]);
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, "null"] });
};

/**
 * A slug the server made of a name: at most 80 of its characters in kebab-case, then `-2`, `-3`…
 * on a collision (lib/slug.ts).
 */
export const Slug = Type.String({ maxLength: 100, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" });

/** A team's, project's or environment's name: their create and update bodies hold it to 100. */
export const PlaceName = Type.String({ maxLength: 100 });

/** A string enum rendered as JSON Schema `enum` (one clear 422 and an exact OpenAPI list). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) => Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });

/**
 * Every code of the error table, published once as the OpenAPI component `ErrorCode` so clients
 * get the union (coffer/client's ApiError.code) from the document rather than by hand.
 */
export const ErrorCodeSchema = {
  $id: "ErrorCode",
  type: "string",
  enum: Object.keys(ERROR_STATUS),
  description: "what went wrong, for programs; the table is in docs/api.md",
} as const;

export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    code: Type.Unsafe<Code>({ $ref: "ErrorCode#" }),
    // A session's device is told why it lost the session: the dashboard says it in words.
    reason: Type.Optional(
      Type.String({
        maxLength: 32,
        description:
          "session_revoked only: why the session ended — replaced (the same user agent signed in again), " +
          "signed_out, revoked, revoked_all, password_changed, password_reset, account_claimed, refresh_reused",
      }),
    ),
    revoked_at: Type.Optional(
      Type.String({ format: "date-time", maxLength: 64, description: "session_revoked only" }),
    ),
  },
  { $id: "Error" },
);

export const ValidationErrorBody = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        // The part, then the path into it: no deeper than the input guard lets a value nest.
        loc: Type.Array(Type.Union([Type.String(), Int32({ description: "an index in a list" })]), {
          maxItems: INPUT_LIMITS.maxDepth + 2,
        }),
        msg: Type.String(),
        type: Type.String(),
        input: Type.Optional(Type.Unknown()),
        ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
      { maxItems: 20, description: "the first problems found (at most 20)" },
    ),
  },
  { $id: "ValidationError" },
);

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const authErrors = {
  401: ErrorBody,
  422: ValidationErrorBody,
  429: ErrorBody,
};

export const SECURITY: Array<Record<string, string[]>> = [
  { OAuth2PasswordBearer: [] },
  { APIKeyHeader: [] },
  { HTTPBearer: [] },
];

/** How an answer about a person names them: their email and the parts of their name. */
export const PersonNames = {
  email: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  middle_name: Nullable(Type.String()),
  last_name: Type.String(),
};

/** The path of a workspace-scoped route names its workspace (http/scope.ts reads it). */
export const WorkspaceParams = Type.Object({ workspace_id: Uuid });

/** `limit` and `cursor` of the lists that grow without bound (DESIGN.md §3). */
export const PageQuery = Type.Object({
  limit: Type.Optional(Int32({ minimum: 1, maximum: 1000 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The second factor of a sensitive account action (ACCOUNT_ACTIONS in auth/policy.ts). */
export const OtpHeader = Type.Object({
  "x-coffer-otp": Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "the current two-factor code (or a recovery code); sensitive account actions need it when the account has two-factor sign-in",
    }),
  ),
});
