// A real OIDC issuer on 127.0.0.1 for the exchange tests: a discovery document, a JWKS, and ID tokens
// signed with keys the test makes (as GitHub Actions' token.actions.githubusercontent.com does).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

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
  /** Makes the issuer answer 503 to everything. */
  down: boolean;
}

export async function startIssuer(): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const requests: string[] = [];
  let url = "";
  const state = { down: false };
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (state.down) {
      response.writeHead(503).end();
      return;
    }
    response.setHeader("content-type", "application/json");
    if (request.url === "/.well-known/openid-configuration") {
      response.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/jwks` }));
    } else if (request.url === "/jwks") {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    async token(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: url,
        aud: "coffer",
        sub: "repo:acme/payments:ref:refs/heads/main",
        iat: now,
        exp: now + 300,
        jti: crypto.randomUUID(),
        ...claims,
      };
      const key = options.key === "stranger" ? stranger.privateKey : privateKey;
      return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(key);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
