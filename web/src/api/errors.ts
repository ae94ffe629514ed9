// API answers as values or thrown errors: every hook unwraps openapi-fetch's {data, error,
// response} the same way, so screens handle one ApiError (status, code, message).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
    /** Seconds to wait, from a 429's Retry-After. */
    readonly retryAfter?: number,
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
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  throw new ApiError(response.status, code, message, error, retryAfter > 0 ? retryAfter : undefined);
}

/** A paid capability the plan lacks (402): shown as an upgrade hint, not an error. */
export const isPlanRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

/** What some answers mean for the person, where the API's words speak to a programmer. */
const PLAIN_WORDS: Record<string, string> = {
  // What is left when the person closes the code prompt (api/second-factor.ts) without a code.
  two_factor_code_required:
    "Not done: this needs the current code of your authenticator app (or one of your recovery codes).",
  two_factor_code_incorrect:
    "Not done: that code was not accepted. A code works once: wait for the next one, or use a recovery code.",
};

/** "You can try again at 14:32." for a 429's Retry-After (seconds), in the reader's time. */
export function retryAt(seconds: number, now: Date): string {
  const at = new Date(now.getTime() + seconds * 1000);
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return seconds < 60 ? `You can try again in ${seconds} seconds.` : `You can try again at ${time}.`;
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return "Something went wrong";
  if (!(error instanceof ApiError)) return error.message;
  const message = PLAIN_WORDS[error.code] ?? error.message;
  return error.retryAfter === undefined
    ? message
    : `${message.replace(/\.$/, "")}. ${retryAt(error.retryAfter, new Date())}`;
}

/** The `challenge` of a sign-in that waits for its second factor (401 two_factor_required). */
export function challengeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== "two_factor_required") return undefined;
  const { body } = error;
  if (body && typeof body === "object" && "challenge" in body && typeof body.challenge === "string") {
    return body.challenge;
  }
  return undefined;
}
