// The one gate of account actions (ACCOUNT_ACTIONS in auth/policy.ts): the credential must be a
// session where the policy says so, and an account with two-factor sign-in proves the current
// code in X-Coffer-OTP where the policy asks for it. Routes name their action; nothing else decides.
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { AttemptBudget } from "../auth/attempt-budgets.ts";
import { type AccountAction, credentialMay, needsSecondFactor } from "../auth/policy.ts";
import { AppError } from "../errors.ts";
import type { AuditActor } from "../modules/audit/index.ts";
import { principalOf } from "./auth.ts";
import { clientOf } from "./scope.ts";

export const OTP_HEADER = "x-coffer-otp";

export interface SecondFactor {
  isEnabled(userId: string): Promise<boolean>;
  checkCode(userId: string, code: string, client: Omit<AuditActor, "principal">): Promise<boolean>;
}

export type AccountGuard = (
  action: AccountAction,
  target?: (request: FastifyRequest) => { apiKeyId?: string },
) => preHandlerAsyncHookHandler;

export function createAccountGuard(secondFactor: SecondFactor, guesses: AttemptBudget): AccountGuard {
  return (action, target) => async (request) => {
    const principal = principalOf(request);
    if (!credentialMay(principal, action, target?.(request))) {
      throw new AppError(
        "session_required",
        "This needs a session: sign in with your password or a provider. An API key cannot do it",
      );
    }
    const twoFactor = await secondFactor.isEnabled(principal.userId);
    if (!needsSecondFactor(action, { twoFactor })) return;
    const code = request.headers[OTP_HEADER];
    if (typeof code !== "string" || code.trim() === "") {
      throw new AppError(
        "two_factor_code_required",
        "This account uses two-factor sign-in: send the current code of your authenticator app (or a recovery code) in the X-Coffer-OTP header",
      );
    }
    // Guessing codes with a stolen session spends the account's budget like a failed sign-in.
    await guesses.spend(principal.userId);
    if (!(await secondFactor.checkCode(principal.userId, code, clientOf(request)))) {
      throw new AppError(
        "two_factor_code_incorrect",
        "The two-factor code is not correct, or was already used: send the next one in X-Coffer-OTP",
      );
    }
    await guesses.refund(principal.userId);
  };
}
