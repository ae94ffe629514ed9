// API answers as values or thrown errors: every hook unwraps openapi-fetch's {data, error,
// response} the same way, so screens handle one ApiError (status, code, message).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

function messageOf(status: number, body: unknown): { code: string; message: string } {
  if (body && typeof body === "object" && "detail" in body) {
    const { detail, code } = body as { detail: unknown; code?: unknown };
    if (typeof detail === "string") return { code: String(code ?? status), message: detail };
    // 422: [{loc, msg}] -> "password: String must be at least 8 characters"
    if (Array.isArray(detail)) {
      const parts = detail.map((issue: { loc?: unknown[]; msg?: string }) => {
        const field = issue.loc?.filter((p) => p !== "body").join(".");
        return field ? `${field}: ${issue.msg}` : (issue.msg ?? "invalid");
      });
      return { code: "validation_error", message: parts.join("; ") };
    }
  }
  return { code: String(status), message: `The server answered ${status}` };
}

export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; anything else becomes an ApiError. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const { code, message } = messageOf(response.status, error);
  throw new ApiError(response.status, code, message, error);
}

/** A paid capability the plan lacks (402): shown as an upgrade hint, not an error. */
export const isPlanRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : "Something went wrong";
