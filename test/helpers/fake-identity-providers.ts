// Fake Google and GitHub for sign-in tests: real HTTP servers on 127.0.0.1 (random free ports)
// speaking the wire formats of shared/reference/platform-apis.md. Nothing of ours is mocked; the
// app is pointed at these servers through its COFFER_GOOGLE_* / COFFER_GITHUB_* settings.
//
// The flow a test drives: GET /auth/{p}-login → the Location is the fake's authorize URL; the
// test fetches it (the fake records the query, as the consent screen would see it), then calls
// `fake.approve(state, profile)` to get the authorization code the provider would redirect back
// with. The token endpoint checks the client secret, that the code was issued (and not used),
// the redirect URI, and PKCE: base64url(sha256(code_verifier)) must equal the recorded challenge.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeNow, listenOnLoopback } from "./loopback.ts";

/**
 * How a fake misbehaves: `"500"` answers 500, `"close"` drops the connection; on every endpoint
 * but authorize, or only on `path` when given.
 */
export interface Outage {
  mode: "500" | "close";
  path?: string;
}

export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

const randomValue = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;

interface Grant<P> {
  profile: P;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** What both fakes share: the server, the recorded authorize requests, codes and tokens. */
abstract class FakeProvider<P> {
  readonly clientId = randomValue("client-");
  readonly clientSecret = randomValue("secret-");
  /** Every query the authorize endpoint received, oldest first. */
  readonly authorizeRequests: URLSearchParams[] = [];
  /** Every access token handed out (so tests can prove none of them leaks). */
  readonly issuedTokens: string[] = [];
  /** Every authorization code handed out. */
  readonly issuedCodes: string[] = [];
  /** Every request the fake received: method and path. */
  readonly requests: { method: string; path: string }[] = [];
  /** Set to make the fake fail (see Outage); null for normal service. */
  outage: Outage | null = null;
  /** Set to make one endpoint answer this instead (a misbehaving provider or proxy). */
  override: { path: string; status: number; contentType: string; body: string } | null = null;
  /** Set to make the API answer 401 to every access token (as for a revoked token). */
  refuseTokens = false;

  protected readonly codes = new Map<string, Grant<P>>();
  protected readonly tokens = new Map<string, P>();
  private server: Server | undefined;
  private port = 0;

  protected abstract readonly authorizePath: string;
  /** Where codes are traded for access tokens. */
  abstract readonly tokenPath: string;
  /** The API endpoint that tells who the token belongs to. */
  abstract readonly profilePath: string;
  protected abstract handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get authorizeUrl(): string {
    return `${this.origin}${this.authorizePath}`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      this.dispatch(request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: String(error) });
        else response.destroy();
      });
    });
    this.server = server;
    this.port = await listenOnLoopback(server);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await closeNow(server);
  }

  /** The query of the authorize request that carried this state. */
  authorizeQuery(state: string): URLSearchParams {
    const query = this.authorizeRequests.find((q) => q.get("state") === state);
    if (!query) throw new Error(`the fake saw no authorize request with state ${state}`);
    return query;
  }

  /** The person consents: a code for this profile, bound to the challenge sent with `state`. */
  approve(state: string, profile: P): string {
    const query = this.authorizeQuery(state);
    return this.issueCode(profile, {
      challenge: query.get("code_challenge"),
      clientId: query.get("client_id") ?? "",
      redirectUri: query.get("redirect_uri") ?? "",
    });
  }

  /** A code for this profile, bound to the given PKCE challenge, client and redirect URI. */
  issueCode(
    profile: P,
    binding: { challenge: string | null; clientId: string; redirectUri: string },
  ): string {
    const code = randomValue("code-");
    this.codes.set(code, { profile, ...binding });
    this.issuedCodes.push(code);
    return code;
  }

  /** Checks a token request; answers the error code, or the profile the code was issued for. */
  protected redeem(form: URLSearchParams): { error: string; status: number } | { profile: P } {
    if (form.get("client_id") !== this.clientId || form.get("client_secret") !== this.clientSecret) {
      return { error: "invalid_client", status: 401 };
    }
    const code = form.get("code") ?? "";
    const grant = this.codes.get(code);
    if (!grant) return { error: "invalid_grant", status: 400 };
    this.codes.delete(code); // single use, used or not
    if (grant.clientId !== this.clientId || grant.redirectUri !== form.get("redirect_uri")) {
      return { error: "invalid_grant", status: 400 };
    }
    if (grant.challenge !== null) {
      const verifier = form.get("code_verifier");
      if (!verifier || pkceChallenge(verifier) !== grant.challenge)
        return { error: "invalid_grant", status: 400 };
    }
    return { profile: grant.profile };
  }

  protected mintToken(prefix: string, profile: P): string {
    const token = randomValue(prefix);
    this.tokens.set(token, profile);
    this.issuedTokens.push(token);
    return token;
  }

  protected bearerProfile(request: IncomingMessage): P | undefined {
    const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "");
    return match && !this.refuseTokens ? this.tokens.get(match[1]!) : undefined;
  }

  private async dispatch(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", this.origin);
    this.requests.push({ method: request.method ?? "", path: url.pathname });
    const isAuthorize = request.method === "GET" && url.pathname === this.authorizePath;
    const outage = this.outage;
    if (outage && !isAuthorize && (outage.path === undefined || outage.path === url.pathname)) {
      if (outage.mode === "close") {
        request.socket.destroy();
        return;
      }
      response.writeHead(500, { "content-type": "text/html" });
      response.end("<h1>Internal Server Error</h1>");
      return;
    }
    if (this.override && this.override.path === url.pathname) {
      response.writeHead(this.override.status, { "content-type": this.override.contentType });
      response.end(this.override.body);
      return;
    }
    if (isAuthorize) {
      this.authorizeRequests.push(url.searchParams);
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<h1>Consent screen</h1>");
      return;
    }
    await this.handle(request, response, url);
  }
}

/** Google's userinfo answer (OpenID Connect). */
export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

export class FakeGoogle extends FakeProvider<GoogleProfile> {
  protected readonly authorizePath = "/authorize";
  readonly tokenPath = "/token";
  readonly profilePath = "/userinfo";

  /** The app's environment pointing at this fake. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      COFFER_GOOGLE_AUTH_URL: this.authorizeUrl,
      COFFER_GOOGLE_TOKEN_URL: `${this.origin}${this.tokenPath}`,
      COFFER_GOOGLE_USERINFO_URL: `${this.origin}${this.profilePath}`,
    };
  }

  /** Calls the fake's token endpoint directly, as the app would. */
  tokenRequest(fields: Record<string, string>): Promise<Response> {
    return fetch(`${this.origin}${this.tokenPath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.method === "POST" && url.pathname === this.tokenPath) {
      const form = new URLSearchParams(await readBody(request));
      if (form.get("grant_type") !== "authorization_code") {
        return sendJson(response, 400, { error: "unsupported_grant_type" });
      }
      const result = this.redeem(form);
      if ("error" in result) {
        return sendJson(response, result.status, { error: result.error, error_description: "Bad Request" });
      }
      return sendJson(response, 200, {
        access_token: this.mintToken("ya29.", result.profile),
        expires_in: 3599,
        id_token: `eyJ${randomBytes(24).toString("base64url")}`,
        scope: "openid email profile",
        token_type: "Bearer",
      });
    }
    if (request.method === "GET" && url.pathname === this.profilePath) {
      const profile = this.bearerProfile(request);
      if (!profile) {
        return sendJson(response, 401, {
          error: "invalid_request",
          error_description: "Invalid Credentials",
        });
      }
      return sendJson(response, 200, profile);
    }
    sendJson(response, 404, { error: "not_found" });
  }
}

/** What GitHub's API tells about a person: `GET /user` and `GET /user/emails`. */
export interface GitHubProfile {
  user: { id: number; login: string; name: string | null; email: string | null; avatar_url: string };
  emails: { email: string; primary: boolean; verified: boolean; visibility: "public" | "private" | null }[];
}

export class FakeGitHub extends FakeProvider<GitHubProfile> {
  protected readonly authorizePath = "/login/oauth/authorize";
  readonly tokenPath = "/login/oauth/access_token";
  readonly profilePath = "/user";

  env(): Record<string, string> {
    return {
      GITHUB_CLIENT_ID: this.clientId,
      GITHUB_CLIENT_SECRET: this.clientSecret,
      COFFER_GITHUB_AUTH_URL: this.authorizeUrl,
      COFFER_GITHUB_TOKEN_URL: `${this.origin}${this.tokenPath}`,
      COFFER_GITHUB_API_URL: this.origin,
    };
  }

  tokenRequest(fields: Record<string, string>): Promise<Response> {
    return fetch(`${this.origin}${this.tokenPath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(fields),
    });
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.method === "POST" && url.pathname === this.tokenPath) {
      const raw = await readBody(request);
      const form = (request.headers["content-type"] ?? "").includes("application/json")
        ? new URLSearchParams(JSON.parse(raw) as Record<string, string>)
        : new URLSearchParams(raw);
      const result = this.redeem(form);
      // GitHub answers 200 even when it refuses, with an `error` field.
      const body: Record<string, string> =
        "error" in result
          ? {
              error:
                result.error === "invalid_client" ? "incorrect_client_credentials" : "bad_verification_code",
              error_description: "The code passed is incorrect or expired.",
              error_uri: "https://docs.github.com/apps/troubleshooting",
            }
          : {
              access_token: this.mintToken("gho_", result.profile),
              scope: "read:user,user:email",
              token_type: "bearer",
            };
      if ((request.headers.accept ?? "").includes("application/json")) return sendJson(response, 200, body);
      const text = new URLSearchParams(body).toString();
      response.writeHead(200, { "content-type": "application/x-www-form-urlencoded" });
      response.end(text);
      return;
    }
    if (request.method === "GET" && (url.pathname === "/user" || url.pathname === "/user/emails")) {
      const profile = this.bearerProfile(request);
      if (!profile) {
        return sendJson(response, 401, {
          message: "Bad credentials",
          documentation_url: "https://docs.github.com/rest",
        });
      }
      return sendJson(response, 200, url.pathname === "/user" ? profile.user : profile.emails);
    }
    sendJson(response, 404, { message: "Not Found" });
  }
}

export async function startFakeIdentityProviders() {
  const [google, github] = await Promise.all([new FakeGoogle().start(), new FakeGitHub().start()]);
  return {
    google,
    github,
    env: () => ({ ...google.env(), ...github.env() }),
    stop: () => Promise.all([google.stop(), github.stop()]).then(() => undefined),
  };
}
