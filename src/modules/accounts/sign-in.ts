// Sign-in: with a password (the account's budget of failed attempts, then its second factor), or
// after a provider proved who this is; finishing a sign-in that waits for its second factor; and
// re-checking a password outside sign-in against the same budget.
import type { Budgets } from "../../auth/attempt-budgets.ts";
import type { SignInMethod } from "../../auth/policy.ts";
import type { IssuedTokens } from "../../auth/principal.ts";
import { verifyPassword } from "../../crypto/passwords.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AccountAudit } from "../audit/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import type { TwoFactorService } from "../two-factor/index.ts";
import * as workspacesModule from "../workspaces/index.ts";
import * as repo from "./repo.ts";

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string;
}

/** A sign-in that proved the first factor and now waits for the second (a challenge to finish it). */
export interface SecondFactorPending {
  challenge: string;
}

export interface SignInDeps {
  db: Db;
  sessions: Pick<SessionsService, "startSession">;
  twoFactor: Pick<
    TwoFactorService,
    "isEnabled" | "checkCode" | "startChallenge" | "attemptChallenge" | "spendChallenge"
  >;
  budgets: Pick<Budgets, "signIn">;
  accountAudit: AccountAudit;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const needsCode = (challenge: string) =>
  new AppError(
    "two_factor_required",
    "This account uses two-factor sign-in: send the code of your authenticator app (or a recovery code) as `otp`, or finish with the challenge at POST /auth/2fa/sign-in",
    { body: { challenge } },
  );
const wrongCode = () =>
  new AppError("two_factor_incorrect", "The two-factor code is not correct, or was already used");
const wrongPassword = () => new AppError("invalid_credentials", "Incorrect email or password");

export function createSignIn(deps: SignInDeps) {
  const { db, budgets, twoFactor } = deps;

  /**
   * A refused sign-in to an existing account, in the trail of its workspaces (an unknown address
   * has none). Sign-in budgets bound how many a caller can write.
   */
  async function recordFailure(
    user: repo.UserRow,
    client: ClientInfo,
    reason: "password" | "two_factor_code",
  ) {
    await deps.accountAudit.audit.recordInWorkspaces(
      db,
      { principal: null, ...client },
      await deps.accountAudit.memberWorkspaces(db, user.id),
      {
        action: "user.sign_in_failed",
        resourceType: "user",
        resourceId: user.id,
        details: { email: user.email, reason },
      },
    );
  }

  /** Starts a session for a user who has proven who they are (password, provider). */
  async function signIn(user: repo.UserRow, client: ClientInfo, method: SignInMethod): Promise<IssuedTokens> {
    let workspaceId = user.current_workspace_id;
    if (!workspaceId || (await workspacesModule.roleOf(db, workspaceId, user.id)) === undefined) {
      workspaceId = (await workspacesModule.firstMembership(db, user.id)) ?? null;
    }
    return deps.sessions.startSession({ userId: user.id, workspaceId, ...client, signInMethod: method });
  }

  /**
   * Password sign-in. Unknown email and wrong password are indistinguishable, in message and in
   * time. Every attempt spends the account's budget until it fully succeeds; an account with
   * two-factor sign-in also needs `otp`, or finishes later with the challenge the 401 carries.
   */
  async function login(input: { email: string; password: string; otp?: string } & ClientInfo) {
    const email = normaliseEmail(input.email);
    const client = { ipAddress: input.ipAddress, userAgent: input.userAgent };
    await budgets.signIn.spend(email);
    const user = await repo.findUserByEmail(db, email);
    const valid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user) throw wrongPassword();
    if (!valid) {
      await recordFailure(user, client, "password");
      throw wrongPassword();
    }
    if (await twoFactor.isEnabled(user.id)) {
      if (!input.otp) {
        // Not a failure: the password was right, the code comes next.
        await budgets.signIn.refund(email);
        throw needsCode(await twoFactor.startChallenge(user.id, "password"));
      }
      if (!(await twoFactor.checkCode(user.id, input.otp, client))) {
        await recordFailure(user, client, "two_factor_code");
        throw wrongCode();
      }
    }
    await budgets.signIn.refund(email);
    return signIn(user, client, "password");
  }

  /** A sign-in whose first factor is proven (a provider): signed in, or waiting for the second factor. */
  async function signInOrChallenge(
    user: repo.UserRow,
    client: ClientInfo,
    method: SignInMethod,
  ): Promise<IssuedTokens | SecondFactorPending> {
    if (await twoFactor.isEnabled(user.id))
      return { challenge: await twoFactor.startChallenge(user.id, method) };
    return signIn(user, client, method);
  }

  /** Finishes a sign-in that waits for its second factor. */
  async function finishChallenge(input: { challenge: string; otp: string }, client: ClientInfo) {
    const { userId, signInMethod } = await twoFactor.attemptChallenge(input.challenge);
    const user = await repo.findUser(db, userId);
    if (!user) throw new AppError("two_factor_challenge_invalid", "This sign-in expired: sign in again");
    await budgets.signIn.spend(user.email);
    if (!(await twoFactor.checkCode(user.id, input.otp, client))) {
      await recordFailure(user, client, "two_factor_code");
      throw wrongCode();
    }
    await budgets.signIn.refund(user.email);
    await twoFactor.spendChallenge(input.challenge);
    return signIn(user, client, signInMethod);
  }

  /**
   * Proves an account's password outside sign-in (an invite accepted with it, the account's own
   * password re-checked): the same budget of failures as sign-in. A missing hash never matches.
   */
  async function passwordMatches(user: repo.UserRow, password: string): Promise<boolean> {
    await budgets.signIn.spend(user.email);
    if (!(await verifyPassword(user.password_hash, password))) return false;
    await budgets.signIn.refund(user.email);
    return true;
  }

  /**
   * The second factor of an account proven some other way than a sign-in (an invite accepted with
   * its password): nothing to do without two-factor; else the code, with the sign-in budget.
   */
  async function proveSecondFactor(user: repo.UserRow, otp: string | undefined, client: ClientInfo) {
    if (!(await twoFactor.isEnabled(user.id))) return;
    if (!otp) {
      throw new AppError(
        "two_factor_required",
        "This account uses two-factor sign-in: send its code as `otp`",
      );
    }
    await budgets.signIn.spend(user.email);
    if (!(await twoFactor.checkCode(user.id, otp, client))) throw wrongCode();
    await budgets.signIn.refund(user.email);
  }

  return { signIn, login, signInOrChallenge, finishChallenge, passwordMatches, proveSecondFactor };
}
