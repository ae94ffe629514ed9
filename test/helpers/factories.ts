// Test data through the public API: random emails and names so tests never depend on each other.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

export const PASSWORD = "correct horse battery";

export const randomEmail = (label = "user") => `${label}-${randomUUID().slice(0, 12)}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  workspaceId: string;
  body: Record<string, unknown>;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedUp> {
  const body = {
    email: randomEmail(),
    first_name: "Ada",
    last_name: "Lovelace",
    password: PASSWORD,
    created_at: new Date().toISOString(),
    ...overrides,
  };
  const response = await app.inject({ method: "POST", url: "/auth/get-started", payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const json = response.json();
  return {
    id: json.id,
    email: body.email as string,
    password: body.password as string,
    workspaceId: json.workspace.id,
    body: json,
  };
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  setCookie: string;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  userAgent = "vitest-agent",
): Promise<LoggedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === "refresh_token");
  return {
    accessToken: response.json().access_token,
    refreshToken: cookie?.value ?? "",
    setCookie: String(response.headers["set-cookie"]),
  };
}

/** A signed-up, logged-in user. */
export async function newUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const user = await signUp(app, overrides);
  const session = await login(app, user.email, user.password);
  return { ...user, ...session, headers: bearer(session.accessToken) };
}

export async function createApiKey(
  app: FastifyInstance,
  accessToken: string,
  body: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/keys/",
    headers: bearer(accessToken),
    payload: { name: "test key", ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; token: string; expires_at: string | null };
}
