// A secret's history: the stored ciphertext of every version (a paid capability) and its audit log.
import type { RequestContext } from "../../auth/context.ts";
import type { EnvironmentPath } from "../environments/index.ts";
import { planOf } from "../workspaces/index.ts";
import type { SecretsCore, SecretsDeps } from "./core.ts";
import * as repo from "./repo.ts";

export function createSecretHistory(deps: SecretsDeps, core: SecretsCore) {
  const { db, audit } = deps;
  const { environmentFor, requireSecret } = core;

  return {
    /** Stored ciphertext of every version, newest first: a paid capability. */
    async versions(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      await environmentFor(ctx, path, "secret.read");
      await requireSecret(db, ctx, path, secretId);
      deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "version_history");
      return repo.versionsOf(db, ctx.workspaceId, secretId);
    },

    async logs(
      ctx: RequestContext,
      path: EnvironmentPath,
      secretId: string,
      page: { limit: number; cursor?: string },
    ) {
      await environmentFor(ctx, path, "secret.read");
      await requireSecret(db, ctx, path, secretId);
      return audit.list({ workspaceId: ctx.workspaceId, secretId, ...page });
    },
  };
}
