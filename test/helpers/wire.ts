// Requests to a real server process over its port, each on a connection of its own (no keep-alive),
// so that a cluster's primary hands each one to a worker afresh; and the few account steps the
// process tests need (sign up, sign in, mint a key) over the wire.
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { expect } from "vitest";
import { bearer, PASSWORD, randomEmail } from "./factories.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the route answers.
  json: () => any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

/** One request on a fresh connection to 127.0.0.1:port, bounded in time. */
export function call(port: number, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const payload =
    options.json !== undefined
      ? { type: "application/json", text: JSON.stringify(options.json) }
      : options.form
        ? { type: "application/x-www-form-urlencoded", text: new URLSearchParams(options.form).toString() }
        : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        agent: false,
        headers: {
          connection: "close",
          ...options.headers,
          ...(payload
            ? { "content-type": payload.type, "content-length": Buffer.byteLength(payload.text) }
            : {}),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path}: no answer within 20 s`)));
    req.end(payload?.text);
  });
}

/** Like call(), and expects `status` (the body is in the failure message). */
export async function expectCall(
  status: number,
  port: number,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const answer = await call(port, method, path, options);
  expect(answer.status, `${method} ${path}: ${answer.body}`).toBe(status);
  return answer;
}

export interface Account {
  email: string;
  workspaceId: string;
  accessToken: string;
  /** The bearer header, plus whatever extra headers the account was made with. */
  headers: Record<string, string>;
}

/** Signs up (on `port`) and signs in (on `loginPort`, by default the same). */
export async function newAccount(
  port: number,
  extraHeaders: Record<string, string> = {},
  loginPort = port,
): Promise<Account> {
  const email = randomEmail("wire");
  const signedUp = await expectCall(201, port, "POST", "/auth/get-started", {
    headers: extraHeaders,
    json: {
      email,
      first_name: "Wi",
      last_name: "Re",
      password: PASSWORD,
      created_at: new Date().toISOString(),
    },
  });
  const login = await expectCall(200, loginPort, "POST", "/auth/login", {
    headers: { ...extraHeaders, "user-agent": `wire-${randomUUID()}` },
    form: { username: email, password: PASSWORD },
  });
  const accessToken = login.json().access_token as string;
  return {
    email,
    workspaceId: signedUp.json().workspace.id,
    accessToken,
    headers: { ...extraHeaders, ...bearer(accessToken) },
  };
}

/** Mints an API key for the account; the key's own headers keep the account's extra headers. */
export async function mintKey(
  port: number,
  account: Account,
): Promise<{ id: string; token: string; headers: Record<string, string> }> {
  const created = await expectCall(201, port, "POST", "/keys/", {
    headers: account.headers,
    json: { name: `wire-${randomUUID().slice(0, 8)}` },
  });
  const { id, token } = created.json() as { id: string; token: string };
  const { authorization: _session, ...extra } = account.headers;
  return { id, token, headers: { ...extra, "x-api-key": token } };
}

/** Makes a team, a project and an environment in the account's workspace; the environment's secrets path. */
export async function newEnvironment(port: number, account: Account): Promise<string> {
  const { headers, workspaceId: ws } = account;
  const post = async (path: string, json: Record<string, unknown>) =>
    (await expectCall(201, port, "POST", path, { headers, json })).json().id as string;
  const team = await post(`/teams/${ws}/`, { name: "Core" });
  const project = await post(`/projects/${ws}/${team}/`, { name: "Api" });
  const env = await post(`/environments/${ws}/${team}/${project}/`, { name: "Dev", environment_type: "dev" });
  return `/secrets/${ws}/${team}/${project}/${env}/`;
}
