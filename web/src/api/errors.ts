// API answers as values or thrown errors: every hook unwraps openapi-fetch's {data, error,
// response} with coffer/client's unwrap, so screens handle one ApiError (status, code, message);
// here is what those errors mean for the person reading the screen.
import { ApiError, type FetchResult, unwrap } from "coffer/client";

export { ApiError, type FetchResult, unwrap };

/** A paid capability the plan lacks (402): shown as an upgrade hint, not an error. */
export const isPlanRequired = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

/** What some answers mean for the person, where the API's words speak to a programmer. */
const PLAIN_WORDS: Record<string, string> = {
  // What is left when the person closes the code prompt (api/second-factor.ts) without a code.
  two_factor_code_required:
    "Not done: this needs the current code of your authenticator app (or one of your recovery codes).",
  two_factor_code_incorrect:
    "Not done: that code was not accepted. A code works once: wait for the next one, or use a recovery code.",
  sso_required: "This workspace requires single sign-on: sign in with it to continue.",
  sso_session_required:
    "Sign in with single sign-on yourself first: a workspace can require it only of people in a session that came through it.",
  sso_not_configured:
    "This Coffer offers no single sign-on: its operator sets up an OpenID Connect provider first.",
};

/** "You can try again at 14:32." for a 429's Retry-After (seconds), in the reader's time. */
export function retryAt(seconds: number, now: Date): string {
  const at = new Date(now.getTime() + seconds * 1000);
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return seconds < 60 ? `You can try again in ${seconds} seconds.` : `You can try again at ${time}.`;
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return "Something went wrong";
  // fetch's own words ("Failed to fetch", "NetworkError when attempting…") for a missing answer.
  if (error instanceof TypeError)
    return "Coffer cannot be reached: check your connection, or whether the server is running.";
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
