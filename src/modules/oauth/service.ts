// Sign-in through Google, GitHub and any OpenID Connect provider: the authorization-code flow with
// state, PKCE (S256) and, for OpenID Connect, a nonce, all kept in a short-lived signed HttpOnly
// cookie. A first sign-in creates the account and its first workspace; a later one signs into the
// account linked to (provider, subject). An existing password account is linked only when the
// provider vouches for the address, and one whose address was never verified is taken over cleanly
// then (nothing of its previous holder survives). An account with two-factor sign-in still needs
// its code: the callback hands over a challenge. Sessions remember which provider signed them in.
import { createHash, createHmac } from "node:crypto";
import type { InvalidationBus } from "../../auth/auth-cache.ts";
import type { Clock } from "../../clock.ts";
import { constantTimeEqual, randomToken } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import * as accountsModule from "../accounts/index.ts";
import { type AccountsService, normaliseEmail } from "../accounts/index.ts";
import { type Provider, ProviderError, type ProviderName, type ProviderProfile } from "./providers.ts";
import * as repo from "./repo.ts";

export const STATE_COOKIE = "coffer_oauth";
const STATE_TTL_SECONDS = 600;

export interface OAuthDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, "createAccount" | "signInOrChallenge" | "claimUnverified">;
  bus: InvalidationBus;
  providers: Record<ProviderName, Provider>;
  publicUrl: string;
  /** Key that signs the state cookie (derived from the master key). */
  cookieKey: Buffer;
}

/** Why a sign-in ended without a session; the code travels back as `?error=`. */
export class SignInError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface FlowState {
  provider: ProviderName;
  state: string;
  verifier: string;
  /** What the ID token must carry back (OpenID Connect). */
  nonce: string;
  expires: number;
}

const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export function createOAuthService(deps: OAuthDeps) {
  const { db, clock } = deps;
  const sign = (payload: string) => createHmac("sha256", deps.cookieKey).update(payload).digest("base64url");
  const redirectUri = (provider: ProviderName) => `${deps.publicUrl}/auth/${provider}-callback`;

  function readState(cookie: string | undefined): FlowState {
    const [payload, mac] = (cookie ?? "").split(".");
    if (!payload || !mac || !constantTimeEqual(sign(payload), mac)) {
      throw new SignInError(
        "invalid_state",
        "The sign-in state is missing or was tampered with; start again",
      );
    }
    const state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as FlowState;
    if (state.expires < clock.now().getTime())
      throw new SignInError("invalid_state", "The sign-in took too long; start again");
    return state;
  }

  async function accountFor(
    provider: Provider,
    profile: ProviderProfile,
    client: { ipAddress: string | null; userAgent: string },
    retried = false,
  ): Promise<accountsModule.UserRow> {
    const linkedUserId = await repo.userIdOf(db, provider.name, profile.subject);
    if (linkedUserId) {
      const user = await accountsModule.findUser(db, linkedUserId);
      if (user) return user;
    }
    if (!profile.verifiedEmail) {
      throw new SignInError(
        "email_not_verified",
        `Your ${provider.label} account has no verified email address`,
      );
    }
    const email = normaliseEmail(profile.verifiedEmail);
    const now = clock.now().toISOString();
    const link = (userId: string) => ({
      provider: provider.name,
      subject: profile.subject,
      user_id: userId,
      email,
      created_at: now,
    });
    const existing = await accountsModule.findUserByEmail(db, email);
    if (existing) {
      // Someone who signed up with this address but never proved it must not keep a way in (a
      // password, a session, a key) into the account the address's owner now signs into.
      const claimed = await db.transaction().execute(async (tx) => {
        const ended = await deps.accounts.claimUnverified(tx, existing, provider.name, client);
        await repo.linkIdentity(tx, link(existing.id));
        return ended;
      });
      for (const tag of claimed.tags) await deps.bus.publish(tag);
      return existing;
    }
    let created: { id: string };
    try {
      created = await deps.accounts.createAccount(
        {
          email,
          passwordHash: null,
          first_name: profile.firstName || email.split("@")[0]!,
          middle_name: null,
          last_name: profile.lastName,
          emailVerified: true,
        },
        client,
        async (tx, user) => {
          await repo.linkIdentity(tx, link(user.id));
        },
      );
    } catch (error) {
      // A concurrent sign-in (double click, two tabs) made the account first: find it as a later
      // sign-in would, instead of answering 409 in the middle of a browser redirect.
      if (!retried && error instanceof AppError && error.code === "email_taken") {
        return accountFor(provider, profile, client, true);
      }
      throw error;
    }
    return (await accountsModule.findUser(db, created.id))!;
  }

  return {
    /** Where to send the browser, and the cookie that remembers state and verifier. */
    async start(provider: Provider): Promise<{ location: string; cookie: string; maxAge: number }> {
      const flow: FlowState = {
        provider: provider.name,
        state: randomToken(24),
        verifier: randomToken(32),
        nonce: randomToken(24),
        expires: clock.now().getTime() + STATE_TTL_SECONDS * 1000,
      };
      let url: URL;
      try {
        url = new URL(await provider.authorizationUrl());
      } catch (error) {
        if (error instanceof ProviderError) throw new SignInError(error.code, error.message);
        throw error;
      }
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", provider.clientId ?? "");
      url.searchParams.set("redirect_uri", redirectUri(provider.name));
      url.searchParams.set("scope", provider.scope);
      url.searchParams.set("state", flow.state);
      url.searchParams.set("code_challenge", challengeOf(flow.verifier));
      url.searchParams.set("code_challenge_method", "S256");
      if (provider.usesNonce) url.searchParams.set("nonce", flow.nonce);
      const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
      return { location: url.toString(), cookie: `${payload}.${sign(payload)}`, maxAge: STATE_TTL_SECONDS };
    },

    /** Completes the round trip: checks state, trades the code, finds or makes the account, signs in. */
    async finish(
      provider: Provider,
      query: { code?: string; state?: string; error?: string },
      cookie: string | undefined,
      client: { ipAddress: string | null; userAgent: string },
    ) {
      // State first: a forged callback learns nothing, not even whether its error was read.
      const flow = readState(cookie);
      if (flow.provider !== provider.name || !query.state || !constantTimeEqual(flow.state, query.state)) {
        throw new SignInError("invalid_state", "The sign-in state does not match; start again");
      }
      if (query.error) throw new SignInError("provider_denied", `${provider.name} reported: ${query.error}`);
      if (!query.code) throw new SignInError("provider_error", "The provider sent no authorization code");
      try {
        const profile = await provider.identify(query.code, {
          redirectUri: redirectUri(provider.name),
          verifier: flow.verifier,
          nonce: flow.nonce,
        });
        const user = await accountFor(provider, profile, client);
        return deps.accounts.signInOrChallenge(user, client, provider.name);
      } catch (error) {
        if (error instanceof ProviderError) throw new SignInError(error.code, error.message);
        throw error;
      }
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
