// Requests to a server on a real port (a child process, or an app that listens): the fetch twin of
// callerOf, and an account with a team → project → environment built over HTTP, for the tests
// that restart, kill or swap the server under it.
import { randomUUID } from "node:crypto";
import { bearer, PASSWORD } from "./factories.ts";
import type { Headers, Method } from "./http.ts";

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the answer holds, checked by its expectations
  body: any;
}

/** One request with a JSON body when one is given; the answer's status and parsed body (or null). */
export async function fetchCall(
  url: string,
  method: Method,
  path: string,
  headers: Headers = {},
  body?: unknown,
): Promise<Reply> {
  const response = await fetch(url + path, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The access token of a password sign-in (a user agent of its own: a new "device"). */
export async function accessTokenOverHttp(url: string, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": `test-${randomUUID()}` },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface TenantOverHttp {
  email: string;
  workspaceId: string;
  /** The signed-in owner's Authorization header. */
  headers: Headers;
  /** The environment's secrets path, without a trailing slash. */
  secrets: string;
}

/** A new account (its Owner signed in) with a team, a project and a production environment. */
export async function tenantOverHttp(url: string, label = "tenant"): Promise<TenantOverHttp> {
  const email = `${label}-${randomUUID()}@example.com`;
  const signUp = await fetchCall(
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
  const headers = bearer(await accessTokenOverHttp(url, email));
  const created = async (path: string, body: unknown): Promise<string> => {
    const reply = await fetchCall(url, "POST", path, headers, body);
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
