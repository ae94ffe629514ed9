// Who is calling: the result of authenticating a request's credential.
export interface Principal {
  userId: string;
  kind: "session" | "api_key";
  sessionId: string | null;
  apiKeyId: string | null;
  /** The credential's own workspace scope: the session's claim, or the key holder's current workspace. */
  workspaceClaim: string | null;
}

export interface CredentialResolver {
  /** Resolves an `sk-` API key; throws AppError 401 with a precise code. */
  authenticateApiKey(token: string): Promise<Principal>;
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
});
