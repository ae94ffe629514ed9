// What sensitive actions ask of the credential, checked in one place. Routes of account actions
// (ACCOUNT_ACTIONS in auth/policy.ts) name theirs in their config, and get its guard: a session where
// the policy says so. Workspace actions that grant power (MATRIX rules with `grants`) are checked where the policy is
// asked, in auth/authorize.ts. Both prove the account's second factor the same way: the current code
// in X-Coffer-OTP, once per request, when the account has two-factor sign-in.
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { AttemptBudget } from "../auth/attempt-budgets.ts";
import { sessionRequired } from "../auth/authorize.ts";
import type { AuditActor } from "../auth/context.ts";
import { ACCOUNT_ACTIONS, type AccountAction, credentialMay } from "../auth/policy.ts";
import { AppError } from "../errors.ts";
import { principalOf } from "./auth.ts";
import { clientOf } from "./scope.ts";

export const OTP_HEADER = "x-coffer-otp";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Proves the account's second factor for this request: resolves at once when the account has
     * no two-factor sign-in, else checks the X-Coffer-OTP code (once: a second call answers the same).
     */
    proveSecondFactor(): Promise<void>;
  }
}

export interface SecondFactor {
  isEnabled(userId: string): Promise<boolean>;
  checkCode(userId: string, code: string, client: Omit<AuditActor, "principal">): Promise<boolean>;
}

/** Gives every request its proveSecondFactor(), backed by the two-factor service and the guess budget. */
export function registerSecondFactorProof(
  app: FastifyInstance,
  secondFactor: SecondFactor,
  guesses: AttemptBudget,
): void {
  async function prove(request: FastifyRequest): Promise<void> {
    const principal = principalOf(request);
    if (!(await secondFactor.isEnabled(principal.userId))) return;
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
  }
  // A code works once: a request that asks twice (two granting changes in one PATCH) is answered once.
  const proven = new WeakMap<FastifyRequest, Promise<void>>();
  app.decorateRequest("proveSecondFactor", function (this: FastifyRequest) {
    let proof = proven.get(this);
    if (!proof) {
      proof = prove(this);
      proven.set(this, proof);
    }
    return proof;
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The account action the route takes (ACCOUNT_ACTIONS): the credential it needs is checked before the handler. */
    accountAction?: AccountAction;
  }
}

/** Whether the request's credential may take the account action, and its second factor when asked. */
async function guardAccountAction(request: FastifyRequest, action: AccountAction): Promise<void> {
  // The key an action is about: a key may always revoke itself.
  const apiKeyId = (request.params as { key_id?: string } | undefined)?.key_id;
  if (!credentialMay(principalOf(request), action, { apiKeyId })) throw sessionRequired();
  if (ACCOUNT_ACTIONS[action].secondFactor) await request.proveSecondFactor();
}

/**
 * Every route that names an account action gets its guard before its body is validated: an API key
 * learns nothing of what the route would accept.
 */
export function registerAccountGuard(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const action = (route.config as { accountAction?: AccountAction } | undefined)?.accountAction;
    if (!action) return;
    const guard: preValidationAsyncHookHandler = (request) => guardAccountAction(request, action);
    const existing = route.preValidation;
    route.preValidation = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), guard];
  });
}
