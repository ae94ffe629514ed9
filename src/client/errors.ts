// How an error answer reaches a program: one ApiError whose `code` is the server's error table
// (the ErrorCode enum of the OpenAPI document), so a caller switches on codes the compiler knows.
import type { components } from "./schema.d.ts";

/**
 * A code of the server's error table, or one of the two the client names itself: the 422 body
 * (`{detail: [{loc, msg}]}`) carries no code, and an answer that is not Coffer's JSON (a proxy's
 * HTML 502, say) has none to read.
 */
export type ApiErrorCode = components["schemas"]["ErrorCode"] | "validation_error" | "unexpected_response";

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The answer's JSON body as sent (extra fields such as a conflict's keys live here). */
  readonly body: unknown;
  /** Seconds to wait, from a 429's or 503's Retry-After. */
  readonly retryAfter: number | undefined;

  // No parameter properties: the CLI also runs this file with Node's type stripping.
  constructor(status: number, code: ApiErrorCode, message: string, body: unknown, retryAfter?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

type Issue = { loc?: unknown[]; msg?: string };

function describe(status: number, body: unknown): { code: ApiErrorCode; message: string } {
  if (body && typeof body === "object" && "detail" in body) {
    const { detail, code } = body as { detail: unknown; code?: unknown };
    if (typeof detail === "string" && typeof code === "string")
      return { code: code as ApiErrorCode, message: detail };
    // 422: [{loc, msg}] -> "password: String should have at least 8 characters"; a message that
    // names its field already ("Version 9 of KEY does not exist") reads once, without the prefix.
    if (Array.isArray(detail)) {
      const parts = (detail as Issue[]).map((issue) => {
        const field = issue.loc?.filter((part) => part !== "body").join(".");
        const last = issue.loc?.at(-1);
        const named =
          typeof last === "string" && issue.msg?.toLowerCase().startsWith(`${last.toLowerCase()} `) === true;
        return field && !named ? `${field}: ${issue.msg}` : (issue.msg ?? "invalid");
      });
      return { code: "validation_error", message: parts.join("; ") };
    }
  }
  return { code: "unexpected_response", message: `The server answered ${status}` };
}

/** The ApiError of an answer that is not a success, from its parsed body. */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const { code, message } = describe(response.status, body);
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  return new ApiError(response.status, code, message, body, retryAfter > 0 ? retryAfter : undefined);
}

/** What an openapi-fetch call resolves to. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; anything else throws its ApiError. */
export async function unwrap<T>(call: Promise<FetchResult<T>> | FetchResult<T>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw apiErrorOf(response, error);
}
