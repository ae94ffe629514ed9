// Requests to a server on a real port (a child process, or an app that listens): the fetch twin of
// callerOf, a password sign-in, and an account with a team → project → environment built over HTTP, for the tests
// that restart, kill or swap the server under it.
import { randomUUID } from "node:crypto";
import { PASSWORD } from "./factories.ts";
import type { Headers, Method } from "./http.ts";

/** One JSON call (a JSON body when one is given); resolves with the status and the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: by default a test reads whatever the answer holds, checked by its expectations
export async function httpJson<T = any>(
  baseUrl: string,
  method: Method,
  path: string,
  headers: Headers = {},
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * A session of the test's own (password sign-in over HTTP): its Authorization and User-Agent
 * headers. One device has one session, so each sign-in gets its own user agent unless told.
 */
export async function httpSignIn(
  baseUrl: string,
  email: string,
  password = PASSWORD,
  userAgent = `test-${randomUUID()}`,
): Promise<Headers> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": userAgent },
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}`, "user-agent": userAgent };
}

/** A sign-up over real HTTP (POST /auth/get-started) with PASSWORD; the caller reads the answer. */
export function signUpOverHttp(
  url: string,
  person: { email: string; first_name: string; last_name: string },
): Promise<Response> {
  return fetch(`${url}/auth/get-started`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...person, password: PASSWORD, created_at: new Date().toISOString() }),
  });
}

export interface TenantOverHttp {
  email: string;
  workspaceId: string;
  /** The signed-in Owner's session headers. */
  headers: Headers;
  /** The environment's secrets path, without a trailing slash. */
  secrets: string;
}

/** A new account (its Owner signed in) with a team, a project and a production environment. */
export async function tenantOverHttp(url: string, label = "tenant"): Promise<TenantOverHttp> {
  const email = `${label}-${randomUUID()}@example.com`;
  const signUp = await httpJson(
    url,
    "POST",
    "/auth/get-started",
    {},
    {
      email,
      first_name: "Test",
      last_name: "Tenant",
      password: PASSWORD,
      created_at: new Date().toISOString(),
    },
  );
  if (signUp.status !== 201)
    throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const workspaceId: string = signUp.body.workspace.id;
  const headers = await httpSignIn(url, email);
  const created = async (path: string, body: unknown): Promise<string> => {
    const reply = await httpJson(url, "POST", path, headers, body);
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.id;
  };
  const team = await created(`/teams/${workspaceId}/`, { name: "Platform" });
  const project = await created(`/projects/${workspaceId}/${team}/`, { name: "Payments" });
  const environment = await created(`/environments/${workspaceId}/${team}/${project}/`, {
    name: "Production",
    environment_type: "prod",
  });
  return {
    email,
    workspaceId,
    headers,
    secrets: `/secrets/${workspaceId}/${team}/${project}/${environment}`,
  };
}

/** The four ids of a tenant's environment, from its secrets path (as a .coffer.json names them). */
export function environmentIdsOf(tenant: TenantOverHttp) {
  const [, , workspace_id, team_id, project_id, environment_id] = tenant.secrets.split("/") as string[];
  return {
    workspace_id: workspace_id!,
    team_id: team_id!,
    project_id: project_id!,
    environment_id: environment_id!,
  };
}
