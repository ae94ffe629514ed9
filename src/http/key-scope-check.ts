// The scope of a narrowed key, applied before anything else about the request is looked at (issue
// 21). Every route that acts in a workspace names its policy action (`config: { action }`); a key
// whose scope does not reach that action on the path's project and environment is refused with 403
// key_scope_forbidden. Routes that name no action (a person's own account: sessions, keys,
// two-factor, the list of workspaces) refuse every narrowed key unless they say `scopedKeys: true`
// (a key revoking itself). A route with a workspace in its path that names no action is a
// programming error: the server refuses to start. The use cases ask the same policy again with
// what they resolved (auth/authorize.ts).
import type { FastifyInstance, preValidationAsyncHookHandler } from "fastify";
import { keyScopeRefused } from "../auth/authorize.ts";
import { type Action, keyScopeAllows } from "../auth/policy.ts";
import { AppError } from "../errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The policy action the route takes (the one a narrowed key's scope is held against). */
    action?: Action;
    /** Actions the handler may take besides `action`, depending on the request (the OpenAPI document names them). */
    alsoTakes?: Action[];
    /** A route outside any workspace that a narrowed key may still use (the guard decides the rest). */
    scopedKeys?: boolean;
  }
}

const checkKeyScope: preValidationAsyncHookHandler = async (request) => {
  const scope = request.principal?.scope;
  if (!scope) return;
  const { action, scopedKeys } = request.routeOptions.config;
  if (!action) {
    if (scopedKeys) return;
    throw new AppError(
      "key_scope_forbidden",
      "This key is scoped: it reaches its workspace's resources only, not account routes",
    );
  }
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  // The workspace a bound key names is held against the request's by the workspace scope itself
  // (http/scope.ts), which runs later: here the question is what the key may do inside it.
  const resource = {
    workspaceId: scope.workspaceId ?? undefined,
    projectId: params.project_id,
    environmentId: params.environment_id,
  };
  if (!keyScopeAllows(scope, action, resource)) throw keyScopeRefused(scope, action);
};

export function registerKeyScopeCheck(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const config = (route.config ?? {}) as { public?: boolean; action?: Action };
    if (config.public) return;
    if (route.url.includes(":workspace_id") && !config.action) {
      throw new Error(`${route.method} ${route.url} acts in a workspace but names no policy action`);
    }
    const existing = route.preValidation;
    // Before the body is validated and before any other check: a scoped key learns nothing more.
    route.preValidation = [
      checkKeyScope,
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
    ];
  });
}
