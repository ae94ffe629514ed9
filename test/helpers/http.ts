// What almost every HTTP test shares: request shorthands and the shapes ids and times take.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type Headers = Record<string, string>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** One request through inject(); a JSON payload only when one is given. */
export function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: Headers = {},
  payload?: unknown,
  extra: Omit<InjectOptions, "method" | "url" | "headers" | "payload"> = {},
) {
  return app.inject({
    method,
    url,
    headers,
    ...extra,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * A `call(method, url, headers?, payload?)` on the app `app()` returns (read at each call: test
 * files build theirs in beforeAll), with `defaults` headers under the call's own and `extra` inject
 * options (a client address) on every request.
 */
export function callerOf(
  app: () => FastifyInstance,
  defaults: { headers?: Headers; extra?: Omit<InjectOptions, "method" | "url" | "headers" | "payload"> } = {},
) {
  return (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
    send(app(), method, url, { ...defaults.headers, ...headers }, payload, defaults.extra);
}

/** "403 environment_protected", or the bare status when the body names no code: a refusal in one string. */
export async function statusOf(response: Promise<{ statusCode: number; json: () => { code?: string } }>) {
  const answered = await response;
  return `${answered.statusCode} ${answered.json().code ?? ""}`.trim();
}

/**
 * A PATCH's answer: 200 with the record as it was (`before`) but for `changes` and an updated_at later
 * than `since`. Resolves with the record.
 */
export function expectPatched(
  response: LightMyRequestResponse,
  before: object,
  changes: Record<string, unknown>,
  since: string,
): unknown {
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ ...before, ...changes, updated_at: expect.stringMatching(ISO) });
  expect(Date.parse(body.updated_at)).toBeGreaterThan(Date.parse(since));
  return body;
}
