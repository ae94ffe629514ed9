// The part of `oidc-provider` (a dev dependency without types of its own) that sso-provider.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface Context {
    oidc: {
      provider: Provider;
      result?: { consent?: { grantId?: string } };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      client?: { clientId: string };
    };
  }

  interface Account {
    accountId: string;
    claims(use: "id_token" | "userinfo", scope: string): Promise<{ sub: string }>;
  }

  interface Configuration {
    clients: Record<string, unknown>[];
    clientAuthMethods: string[];
    jwks: { keys: object[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    features: Record<string, { enabled: boolean }>;
    interactions: { url(ctx: Context, interaction: { uid: string }): string };
    ttl: Record<string, number>;
    loadExistingGrant(ctx: Context): Promise<Grant | undefined>;
    findAccount(ctx: Context, sub: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: {
      new (init: { clientId?: string; accountId?: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: object,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
