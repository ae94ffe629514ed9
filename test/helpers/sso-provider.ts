// A real OpenID Connect provider on 127.0.0.1 (the `oidc-provider` package) for the single sign-on
// tests: discovery, keys, the authorization endpoint with a small login form that signs in whoever
// is typed into it, and the token and userinfo endpoints. To play a provider that misbehaves, a
// test can rewrite the ID token the token endpoint answers (re-signed with the provider's own key,
// or not), and can make the provider answer nothing at all.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";
import { closeNow, listenOnLoopback } from "./loopback.ts";

/** A person at the provider: `sub` is what they type into the login form. */
export interface SsoAccount {
  sub: string;
  email?: string;
  /** Whatever the provider says, a string "true" included (it does not count). */
  email_verified?: unknown;
  given_name?: string;
  family_name?: string;
  /** Where the email claims appear: in the ID token (default), or at the userinfo endpoint only. */
  emailIn?: "id_token" | "userinfo";
}

/** What to do to the next ID tokens: change claims (re-signed with the provider's key), or worse. */
export type IdTokenRewrite =
  | { claims: (claims: JWTPayload) => JWTPayload; key?: "provider" | "stranger" }
  | { tamper: true };

export interface SsoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** COFFER_OIDC_* for a Coffer that signs in through this provider. */
  env(overrides?: Record<string, string>): Record<string, string>;
  addAccount(account: SsoAccount): SsoAccount;
  /** Registers another redirect URI of the client (a Coffer whose port is known only once it runs). */
  addRedirectUri(uri: string): void;
  /** Applied to each ID token the token endpoint answers while set. */
  rewriteIdToken: IdTokenRewrite | null;
  /** While true, every request is answered 503. */
  down: boolean;
  /** Requests answered so far ("METHOD /path"). */
  requests: string[];
  /** ID tokens as they were answered (after any rewrite). */
  idTokens: string[];
  /**
   * Walks the browser's part over HTTP: from the authorization URL Coffer redirected to, through
   * the login form (as `sub`), to the redirect back to Coffer (returned; it carries code and state).
   */
  authorize(authorizationUrl: string, sub: string): Promise<URL>;
  stop(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startSsoProvider(
  options: {
    redirectUris?: string[];
    /** How the client authenticates at the token endpoint: the only way the provider offers. */
    clientAuthentication?: "client_secret_basic" | "client_secret_post";
  } = {},
): Promise<SsoProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  const kid = `key-${randomUUID().slice(0, 8)}`;
  const signingJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  const accounts = new Map<string, SsoAccount>();
  const clientId = `coffer-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const state = {
    rewriteIdToken: null as IdTokenRewrite | null,
    down: false,
    requests: [] as string[],
    idTokens: [] as string[],
  };

  const clientAuthentication = options.clientAuthentication ?? "client_secret_basic";
  const redirectUris = options.redirectUris ?? ["https://coffer.test/auth/oidc-callback"];
  let provider: Provider | undefined;
  let callback: ReturnType<Provider["callback"]> | undefined;
  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  const issuer = `http://127.0.0.1:${await listenOnLoopback(server)}`;

  /** (Re)builds the provider: its client's redirect URIs are fixed when it is made. */
  const build = () => {
    provider = new Provider(issuer, configuration());
    callback = provider.callback();
  };
  const configuration = (): ConstructorParameters<typeof Provider>[1] => ({
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [...redirectUris],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: clientAuthentication,
      },
    ],
    clientAuthMethods: [clientAuthentication],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomUUID()] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    // Scope claims go where the account says (the ID token, else userinfo only).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    // Consent is implied: this provider stands for an organisation's own, which asks none.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? "");
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims(use) {
          const { emailIn, email, email_verified, ...rest } = account;
          const withEmail = use === "userinfo" || emailIn !== "userinfo";
          return { ...rest, ...(withEmail ? { email, email_verified } : {}) } as { sub: string };
        },
      };
    },
  });
  build();

  async function rewritten(idToken: string): Promise<string> {
    const rewrite = state.rewriteIdToken;
    if (!rewrite) return idToken;
    if ("tamper" in rewrite) {
      // A payload changed after signing: the signature no longer covers it.
      const [header, , signature] = idToken.split(".");
      const claims = { ...decodeJwt(idToken), sub: "someone-else" };
      return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    }
    const claims = rewrite.claims(decodeJwt(idToken));
    const key = rewrite.key === "stranger" ? stranger.privateKey : privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(key);
  }

  /** Holds the token endpoint's JSON answer back to rewrite its ID token. */
  function interceptTokens(response: ServerResponse) {
    const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
    response.end = ((chunk?: unknown) => {
      void (async () => {
        const text = chunk === undefined ? "" : String(chunk);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text);
        } catch {
          end(chunk);
          return;
        }
        if (typeof body.id_token === "string") {
          body.id_token = await rewritten(body.id_token);
          state.idTokens.push(body.id_token as string);
        }
        const out = JSON.stringify(body);
        response.setHeader("content-length", Buffer.byteLength(out));
        end(out);
      })();
      return response;
    }) as ServerResponse["end"];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", issuer).pathname;
    state.requests.push(`${request.method} ${path}`);
    if (state.down) {
      response.writeHead(503).end();
      return;
    }
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
    if (interaction && provider) {
      if (request.method === "POST" && interaction[2]) {
        const login = new URLSearchParams(await readBody(request)).get("login") ?? "";
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: login } },
          {
            mergeWithLastSubmission: false,
          },
        );
        return;
      }
      const details = await provider.interactionDetails(request, response);
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><title>Acme identity</title><h1>Acme identity</h1>` +
          `<form method="post" action="/interaction/${escapeHtml(details.uid)}/login">` +
          `<label>Username <input name="login" autocomplete="username"></label>` +
          `<button type="submit">Sign in</button></form>`,
      );
      return;
    }
    // oidc-provider takes Basic and form credentials alike; a strict provider takes only the one
    // its client is registered with, as this one does.
    const basic = Boolean(request.headers.authorization?.startsWith("Basic "));
    if (
      request.method === "POST" &&
      path === "/token" &&
      basic !== (clientAuthentication === "client_secret_basic")
    ) {
      response.writeHead(401, { "content-type": "application/json" }).end('{"error":"invalid_client"}');
      return;
    }
    if (request.method === "POST" && path === "/token") interceptTokens(response);
    callback?.(request, response);
  }

  /** A browser's cookie jar, just enough for the provider's own cookies. */
  async function authorize(authorizationUrl: string, sub: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair?.indexOf("=") ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await send(url);
      const location = response.headers.get("location");
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next.href;
        continue;
      }
      const page = await response.text();
      const action = /action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`the provider answered ${response.status} without a login form: ${page}`);
      const submitted = await send(new URL(action, issuer).href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login: sub }).toString(),
      });
      url = new URL(submitted.headers.get("location") ?? "", issuer).href;
    }
    throw new Error("the provider never redirected back");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    env: (overrides = {}) => ({
      COFFER_OIDC_ISSUER: issuer,
      COFFER_OIDC_CLIENT_ID: clientId,
      COFFER_OIDC_CLIENT_SECRET: clientSecret,
      COFFER_OIDC_NAME: "Acme SSO",
      ...overrides,
    }),
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    addRedirectUri(uri) {
      redirectUris.push(uri);
      build();
    },
    get rewriteIdToken() {
      return state.rewriteIdToken;
    },
    set rewriteIdToken(value) {
      state.rewriteIdToken = value;
    },
    get down() {
      return state.down;
    },
    set down(value) {
      state.down = value;
    },
    requests: state.requests,
    idTokens: state.idTokens,
    authorize,
    stop: () => closeNow(server),
  };
}
