// A real OIDC issuer on 127.0.0.1 for the exchange tests: a discovery document, a JWKS, and ID tokens
// signed with keys the test makes (as GitHub Actions' token.actions.githubusercontent.com does).
// It also answers as a runner's ID-token endpoint (ACTIONS_ID_TOKEN_REQUEST_URL) for the Action.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { listenOnLoopback } from "./loopback.ts";

export interface Issuer {
  url: string;
  /** A token signed by the issuer's key; claims override the defaults (iss, aud, sub, iat, exp). */
  token(
    claims?: JWTPayload & { audience?: string },
    options?: { key?: "issuer" | "stranger" },
  ): Promise<string>;
  /** Requests the issuer has answered, by path. */
  requests: string[];
  stop(): Promise<void>;
  /** Makes the issuer answer 503 to everything but the job's token endpoint. */
  down: boolean;
  /** The job's token endpoint, as the runner gives it to a step that has `id-token: write`. */
  job: JobTokens;
  /** Fields that replace the discovery document's own (a jwks_uri elsewhere, another issuer). */
  document: Record<string, unknown>;
  /** The key set the issuer publishes, for a server that answers it elsewhere. */
  jwks: { keys: object[] };
}

export interface JobTokens {
  /** ACTIONS_ID_TOKEN_REQUEST_URL (it has a query already: the audience is added with `&`). */
  requestUrl: string;
  /** ACTIONS_ID_TOKEN_REQUEST_TOKEN: the bearer the endpoint wants. */
  requestToken: string;
  /** Claims of the tokens it issues (the audience comes from the request). */
  claims: JWTPayload;
  /** Every token it issued, in order. */
  issued: string[];
}

/** `host` names the issuer in its URL (e.g. localhost); it listens on 127.0.0.1 whatever the name. */
export async function startIssuer(options: { host?: string } = {}): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const requests: string[] = [];
  let url = "";
  const state = { down: false };
  const document: Record<string, unknown> = {};
  const job: JobTokens = { requestUrl: "", requestToken: randomUUID(), claims: {}, issued: [] };
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url?.startsWith("/id-token?")) {
      void answerJobToken(request, response);
      return;
    }
    if (state.down) {
      response.writeHead(503).end();
      return;
    }
    response.setHeader("content-type", "application/json");
    if (request.url === "/.well-known/openid-configuration") {
      response.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/jwks`, ...document }));
    } else if (request.url === "/jwks") {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end("{}");
    }
  });
  url = `http://${options.host ?? "127.0.0.1"}:${await listenOnLoopback(server)}`;
  job.requestUrl = `${url}/id-token?api-version=2.0`;

  // GitHub's endpoint answers {"count", "value"} to a GET with the runner's bearer; the audience
  // is the `audience` query parameter (GitHub's default one is the owner's URL).
  async function answerJobToken(request: IncomingMessage, response: ServerResponse) {
    if (
      !/^bearer /i.test(request.headers.authorization ?? "") ||
      request.headers.authorization?.slice(7) !== job.requestToken
    ) {
      response.writeHead(401).end("{}");
      return;
    }
    const audience =
      new URL(request.url ?? "", url).searchParams.get("audience") ?? "https://github.com/acme";
    const value = await issue({ ...job.claims, aud: audience });
    job.issued.push(value);
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ count: 1, value }));
  }

  async function issue(claims: JWTPayload = {}, options: { key?: "issuer" | "stranger" } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: url,
      aud: "coffer",
      sub: "repo:acme/payments:ref:refs/heads/main",
      iat: now,
      exp: now + 300,
      jti: randomUUID(),
      ...claims,
    };
    const key = options.key === "stranger" ? stranger.privateKey : privateKey;
    return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(key);
  }

  return {
    url,
    requests,
    job,
    document,
    jwks: { keys: [jwk] },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    token: issue,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
