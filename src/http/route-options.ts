// What a module's routes share: its OpenAPI tags, the credential they take (SECURITY), and either the
// workspace scope check with the policy action or the account action of the signed-in person. A
// module's declarations then read as a table of what differs: the action, the description, the
// parameters and the answers.
import type { FastifySchema, preHandlerAsyncHookHandler } from "fastify";
import type { AccountAction, Action } from "../auth/policy.ts";
import { authErrors, ErrorBody, SECURITY } from "./schemas.ts";

/** The answers of a route acting in a workspace besides its own: not allowed, not found, and the credential's. */
export const memberErrors = { 403: ErrorBody, 404: ErrorBody, ...authErrors };

/**
 * The options of the module's routes that take `action`, checked by `preHandler`, with `schema`
 * documented under `tags`; `alsoTakes`: the actions the handler may take besides, depending on the
 * request.
 */
export function workspaceRoutes(tags: string[], preHandler: preHandlerAsyncHookHandler) {
  return <const S extends FastifySchema>(action: Action, schema: S, alsoTakes?: Action[]) => ({
    config: alsoTakes ? { action, alsoTakes } : { action },
    preHandler,
    schema: { tags, security: SECURITY, ...schema },
  });
}

/** The options of the module's routes that take the signed-in person's `accountAction`, documented under `tags`. */
export function accountRoutes(tags: string[]) {
  return <const S extends FastifySchema>(accountAction: AccountAction, schema: S) => ({
    config: { accountAction },
    schema: { tags, security: SECURITY, ...schema },
  });
}
