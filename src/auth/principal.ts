// Who is calling: the result of authenticating a request's credential; and the credentials a
// sign-in issues.
import type { KeyScope, SignInMethod } from "./policy.ts";

/** A service account acting through one of its keys: its workspace, role and teams. */
export interface ServiceAccountActor {
  id: string;
  name: string;
  workspaceId: string;
  role: number;
  teamIds: readonly string[];
}

export interface Principal {
  /** The person; for a service account, the service account's id (it has no person). */
  userId: string;
  kind: "session" | "api_key";
  sessionId: string | null;
  /** How the session's sign-in was proven (sessions only; null: unknown, or an API key). */
  signInMethod?: SignInMethod | null;
  apiKeyId: string | null;
  /** The acting key's name, as the audit trail shows it. */
  apiKeyName?: string;
  /** The credential's own workspace scope: the session's claim, or the key holder's current workspace. */
  workspaceClaim: string | null;
  /** What the key's scope narrows (null: the holder's full reach). */
  scope: KeyScope | null;
  serviceAccount: ServiceAccountActor | null;
}

export interface CredentialResolver {
  /**
   * Resolves an `sk-` API key used from `address` (the client's); throws AppError 401 with a
   * precise code, api_key_address_refused among them.
   */
  authenticateApiKey(token: string, address: string): Promise<Principal>;
  /** Resolves a session access token (JWT); throws AppError 401 with a precise code. */
  authenticateAccessToken(token: string): Promise<Principal>;
}

/**
 * A person acting without a credential of their own yet (signing up, accepting an invite, using a
 * reset link or a recovery code): the principal their audit entries name.
 */
export const personActing = (userId: string): Principal => ({
  userId,
  kind: "session",
  sessionId: null,
  apiKeyId: null,
  workspaceClaim: null,
  scope: null,
  serviceAccount: null,
});

/** What a sign-in issues: its session, the access token (JWT) and the refresh token that renews it. */
export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}
