// What the routes acting in a workspace share: the module's OpenAPI tags, the credential they take
// (SECURITY), the scope check and the policy action. A module's declarations then read as a table
// of what differs: the action, the description, the parameters and the answers.
import type { FastifySchema, preHandlerAsyncHookHandler } from "fastify";
import type { Action } from "../auth/policy.ts";
import { authErrors, ErrorBody, SECURITY } from "./schemas.ts";

/** The answers of a route acting in a workspace besides its own: not allowed, not found, and the credential's. */
export const memberErrors = { 403: ErrorBody, 404: ErrorBody, ...authErrors };

/** The options of the module's routes that take `action`, checked by `preHandler`, with `schema` documented under `tags`. */
export function workspaceRoutes(tags: string[], preHandler: preHandlerAsyncHookHandler) {
  return <const S extends FastifySchema>(action: Action, schema: S) => ({
    config: { action },
    preHandler,
    schema: { tags, security: SECURITY, ...schema },
  });
}
