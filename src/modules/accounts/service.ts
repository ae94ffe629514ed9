// Accounts: sign-up with a first workspace and the profile; sign-in (sign-in.ts), the clean
// takeover of an unverified account (takeover.ts) and account deletion (deletion.ts) are composed in.
import { randomUUID } from "node:crypto";
import type { Budgets } from "../../auth/attempt-budgets.ts";
import type { InvalidationBus } from "../../auth/auth-cache.ts";
import { personActing } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import { hashPassword } from "../../crypto/passwords.ts";
import { isUniqueViolation } from "../../db/connect.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { fullName, splitName } from "../../lib/names.ts";
import type { AccountAudit } from "../audit/index.ts";
import type { KeysService } from "../keys/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import type { TwoFactorService } from "../two-factor/index.ts";
import type * as workspacesModule from "../workspaces/index.ts";
import { createAccountDeletion } from "./deletion.ts";
import * as repo from "./repo.ts";
import { type ClientInfo, createSignIn, normaliseEmail } from "./sign-in.ts";
import { createTakeover, type TakeoverDeps } from "./takeover.ts";

export { type ClientInfo, normaliseEmail } from "./sign-in.ts";

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionsService, "startSession" | "revokeAllOf">;
  keys: Pick<KeysService, "revokeAllOf">;
  workspaces: Pick<workspacesModule.WorkspacesService, "createWithOwner">;
  twoFactor: Pick<
    TwoFactorService,
    "isEnabled" | "checkCode" | "startChallenge" | "attemptChallenge" | "spendChallenge" | "clear"
  >;
  budgets: Pick<Budgets, "signIn" | "signUps">;
  bus: InvalidationBus;
  accountAudit: AccountAudit;
  claims: TakeoverDeps["claims"];
}

export interface SignUpInput {
  email: string;
  password: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  created_at: string | number;
}

export interface ProfilePatch {
  name?: string;
  first_name?: string;
  middle_name?: string | null;
  last_name?: string;
  email?: string;
}

export function presentProfile(user: repo.UserRow) {
  return {
    id: user.id,
    email: user.email,
    name: fullName(user),
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    email_verified: user.email_verified_at !== null,
    has_password: user.password_hash !== null,
    current_workspace_id: user.current_workspace_id,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export type SignUpResult = ReturnType<typeof presentProfile> & {
  workspace: Awaited<ReturnType<workspacesModule.WorkspacesService["createWithOwner"]>>;
};

export function createAccountsService(deps: AccountsDeps) {
  const { db, clock } = deps;
  const signIn = createSignIn(deps);
  const claimUnverified = createTakeover(deps);

  async function requireUser(userId: string): Promise<repo.UserRow> {
    const user = await repo.findUser(db, userId);
    if (!user) throw new AppError("invalid_token", "The account behind this credential no longer exists");
    return user;
  }

  return {
    ...signIn,
    claimUnverified,

    async signUp(input: SignUpInput, client: ClientInfo): Promise<SignUpResult> {
      if (typeof input.created_at === "string" && Number.isNaN(Date.parse(input.created_at))) {
        throw new ValidationFailed([
          {
            loc: ["body", "created_at"],
            msg: "Input should be a valid datetime",
            type: "datetime_parsing",
            input: input.created_at,
          },
        ]);
      }
      // Per address, on top of the per-client limit: answers 409 to nobody more than a few times an hour.
      await deps.budgets.signUps.spend(normaliseEmail(input.email));
      return this.createAccount(
        {
          email: input.email,
          passwordHash: await hashPassword(input.password),
          first_name: input.first_name,
          middle_name: input.middle_name ?? null,
          last_name: input.last_name,
          emailVerified: false,
        },
        client,
      );
    },

    /**
     * Creates an account with its first workspace (where it is Owner), in one transaction.
     * `alsoInside` runs in that transaction with the new user (e.g. to link a sign-in identity).
     */
    async createAccount(
      account: {
        email: string;
        passwordHash: string | null;
        first_name: string;
        middle_name: string | null;
        last_name: string;
        emailVerified: boolean;
      },
      client: ClientInfo,
      alsoInside?: (tx: Queryable, user: repo.UserRow) => Promise<void>,
    ): Promise<SignUpResult> {
      const email = normaliseEmail(account.email);
      const taken = () => new AppError("email_taken", "An account with this email address already exists");
      return retryOnUniqueViolation(async () => {
        try {
          return await db.transaction().execute(async (tx) => {
            if (await repo.findUserByEmail(tx, email)) throw taken();
            const now = clock.now().toISOString();
            const user: repo.UserRow = {
              id: randomUUID(),
              email,
              password_hash: account.passwordHash,
              first_name: account.first_name.trim(),
              middle_name: account.middle_name?.trim() || null,
              last_name: account.last_name.trim(),
              email_verified_at: account.emailVerified ? now : null,
              current_workspace_id: null,
              created_at: now,
              updated_at: now,
            };
            await repo.insertUser(tx, user);
            await alsoInside?.(tx, user);
            const principal = personActing(user.id);
            const workspace = await deps.workspaces.createWithOwner(
              tx,
              { principal, ipAddress: client.ipAddress, userAgent: client.userAgent },
              { name: `${user.first_name || "My"}'s workspace` },
            );
            await repo.setCurrentWorkspace(tx, user.id, workspace.id);
            return { ...presentProfile({ ...user, current_workspace_id: workspace.id }), workspace };
          });
        } catch (error) {
          // Two sign-ups racing for one address: the loser learns it is taken (a slug race retries).
          if (isUniqueViolation(error) && (await repo.findUserByEmail(db, email))) throw taken();
          throw error;
        }
      });
    },

    /** The account behind an address, if any. */
    findByEmail: (email: string, q: Queryable = db) => repo.findUserByEmail(q, normaliseEmail(email)),
    findById: (userId: string, q: Queryable = db) => repo.findUser(q, userId),

    /** Inside the caller's transaction: a new password hash (a change or a reset). */
    async setPasswordHash(tx: Queryable, userId: string, passwordHash: string) {
      await repo.updateUser(tx, userId, {
        password_hash: passwordHash,
        updated_at: clock.now().toISOString(),
      });
    },

    async profile(userId: string) {
      return presentProfile(await requireUser(userId));
    },

    async updateProfile(userId: string, patch: ProfilePatch) {
      const user = await requireUser(userId);
      if (patch.email !== undefined && normaliseEmail(patch.email) !== user.email) {
        throw new ValidationFailed([
          { loc: ["body", "email"], msg: "Email cannot be changed", type: "value_error" },
        ]);
      }
      const names =
        patch.name !== undefined
          ? splitName(patch.name)
          : {
              first_name: patch.first_name?.trim() ?? user.first_name,
              middle_name:
                patch.middle_name === undefined ? user.middle_name : patch.middle_name?.trim() || null,
              last_name: patch.last_name?.trim() ?? user.last_name,
            };
      const updated = { ...user, ...names, updated_at: clock.now().toISOString() };
      await repo.updateUser(db, userId, { ...names, updated_at: updated.updated_at });
      return presentProfile(updated);
    },

    ...createAccountDeletion(deps, { requireUser, passwordMatches: signIn.passwordMatches }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
