// The pure logic of the account-security screens (sign-in's second step, password reset,
// two-factor set-up, a workspace's two-factor requirement): fragments read from mailed or
// redirected links, how codes are typed, how the secret and the recovery codes are shown. No DOM,
// so it runs in Node (test/web-security-logic.test.ts).
import { ApiError } from "../api/errors.ts";

/**
 * A value from a link's fragment (`#token=…`, `#challenge=…`), which browsers never send to a
 * server. null when absent or not token-shaped.
 */
export function fragmentParam(hash: string, name: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, "")).get(name)?.trim();
  return value && /^[A-Za-z0-9_.~-]{1,200}$/.test(value) ? value : null;
}

/** How the person proves the second factor: the app's six digits, or a recovery code. */
export type CodeKind = "app" | "recovery";

/** What a code field keeps of what was typed or pasted: digits for the app, code characters else. */
export function normaliseCode(input: string, kind: CodeKind): string {
  if (kind === "app") return input.replace(/\D/g, "").slice(0, 6);
  return input
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 11);
}

/** Why a code cannot be sent yet (six digits, or a recovery code's ten characters); undefined when it can. */
export function codeProblem(code: string, kind: CodeKind): string | undefined {
  if (kind === "app") return /^\d{6}$/.test(code) ? undefined : "Enter the 6 digits your app shows.";
  return code.replace(/-/g, "").length === 10 ? undefined : "Enter the whole recovery code (xxxxx-xxxxx).";
}

/** Throws the reason a code cannot be sent (a form's submit shows it). */
export function requireCode(code: string, kind: CodeKind): void {
  const problem = codeProblem(code, kind);
  if (problem) throw new Error(problem);
}

/** The base32 secret in groups of four, for typing into an app by hand. */
export const groupSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(" ") ?? "";

/** The recovery codes as a text file to keep (the download). */
export function recoveryCodesFile(codes: readonly string[], account: string, made: Date): string {
  return [
    `Coffer recovery codes for ${account}`,
    `Made ${made.toISOString().slice(0, 10)}. Each code works once, in place of the authenticator app's code.`,
    "Making new codes stops these from working.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** Why a new password (typed twice) cannot be sent yet; undefined when it can. */
export function newPasswordProblem(password: string, repeated: string): string | undefined {
  if (password.length < 8) return "The new password needs at least 8 characters.";
  if (password.length > 128) return "The new password can have at most 128 characters.";
  if (password !== repeated) return "The two new passwords differ.";
  return undefined;
}

/** "2 members do not use two-factor sign-in yet" — who a requirement would lock out. */
export function withoutTwoFactor(members: readonly { two_factor: boolean }[]): number {
  return members.filter((m) => !m.two_factor).length;
}

/** A member without two-factor sign-in in a workspace that requires it (403). */
export const isEnrollmentRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "two_factor_enrollment_required";

/** What a workspace asks of a member before it lets them in: two-factor sign-in, or single sign-on. */
export type Requirement = "two_factor" | "sso";

/** The requirement a refusal names (403 two_factor_enrollment_required or sso_required), if any. */
export function requirementOf(error: unknown): Requirement | null {
  if (isEnrollmentRequired(error)) return "two_factor";
  return error instanceof ApiError && error.code === "sso_required" ? "sso" : null;
}

/** How the two-factor sign-in step answers a refused code or challenge. */
export type CodeRefusal = "retry" | "restart";

/** A wrong code may be tried again; an expired or spent challenge means signing in again. */
export function refusalOf(error: unknown): CodeRefusal {
  return error instanceof ApiError && error.code === "two_factor_challenge_invalid" ? "restart" : "retry";
}
