// Budgets of attempts that guess or spam: failed sign-ins per account (DESIGN.md §4), one-time
// code requests per account, sign-ups and password-reset mails per email address. Each is a fixed
// window on the shared counters (lib/counters.ts), so every worker and node spends one budget.
// A spent budget answers 429 with Retry-After until its window ends; the window starts at the
// first attempt and never extends, so nobody can keep an account locked for longer than a window
// without spending a fresh budget after it.
import { sha256 } from "../crypto/tokens.ts";
import { AppError } from "../errors.ts";
import type { Counters } from "../lib/counters.ts";

export interface BudgetRule {
  /** Part of the counter's key; never the subject itself (emails stay out of Redis). */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429's message; `wait` is the seconds until the window ends. */
  refusal: (wait: number) => string;
}

export interface AttemptBudget {
  /** Counts one attempt against `subject`; 429 when that goes past the limit. */
  spend(subject: string): Promise<void>;
  /** Takes the attempt back (it turned out not to be a failure). */
  refund(subject: string): Promise<void>;
}

export function attemptBudget(counters: Counters, rule: BudgetRule): AttemptBudget {
  const keyOf = (subject: string) => `${rule.name}:${sha256(subject)}`;
  return {
    async spend(subject) {
      const counted = await counters.hit(keyOf(subject), rule.windowSeconds * 1000);
      if (counted.current <= rule.limit) return;
      const wait = Math.max(1, Math.ceil(counted.ttl / 1000));
      throw new AppError("rate_limited", rule.refusal(wait), { headers: { "retry-after": String(wait) } });
    },
    refund: (subject) => counters.undo(keyOf(subject)),
  };
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export interface Budgets {
  signIn: AttemptBudget;
  /** Wrong two-factor codes sent with a session (per user): a stolen session cannot guess them. */
  secondFactor: AttemptBudget;
  codeRequests: AttemptBudget;
  signUps: AttemptBudget;
  passwordResets: AttemptBudget;
  /** Wrong device user codes a signed-in account tries (per user). */
  deviceCodeGuesses: AttemptBudget;
}

export function createBudgets(counters: Counters, settings: { loginFailuresPerAccount: number }): Budgets {
  return {
    signIn: attemptBudget(counters, {
      name: "sign-in-failures",
      limit: settings.loginFailuresPerAccount,
      windowSeconds: 15 * 60,
      refusal: (wait) =>
        `Too many failed sign-ins for this account: try again in ${minutes(wait)} minute(s), or reset the password`,
    }),
    secondFactor: attemptBudget(counters, {
      name: "second-factor-failures",
      limit: settings.loginFailuresPerAccount,
      windowSeconds: 15 * 60,
      refusal: (wait) => `Too many wrong two-factor codes: try again in ${minutes(wait)} minute(s)`,
    }),
    codeRequests: attemptBudget(counters, {
      name: "code-requests",
      limit: 5,
      windowSeconds: 60 * 60,
      refusal: (wait) => `Too many codes requested for this account: try again in ${minutes(wait)} minute(s)`,
    }),
    signUps: attemptBudget(counters, {
      name: "sign-ups",
      limit: 5,
      windowSeconds: 60 * 60,
      refusal: (wait) => `Too many sign-ups for this address: try again in ${minutes(wait)} minute(s)`,
    }),
    passwordResets: attemptBudget(counters, {
      name: "password-resets",
      limit: 3,
      windowSeconds: 60 * 60,
      refusal: (wait) => `Too many reset requests for this address: try again in ${minutes(wait)} minute(s)`,
    }),
    // 10 guesses per quarter hour against 20^8 codes: a stolen session finds nobody's code.
    deviceCodeGuesses: attemptBudget(counters, {
      name: "device-code-guesses",
      limit: 10,
      windowSeconds: 15 * 60,
      refusal: (wait) => `Too many wrong device codes: try again in ${minutes(wait)} minute(s)`,
    }),
  };
}
