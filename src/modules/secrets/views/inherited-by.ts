// Which environments read a secret from here (issue 36, item 3): deleting it takes it from them
// too, so the delete confirmation names them. An heir that sets the key itself keeps its own, and
// so do the environments below it.
import type { RequestContext } from "../../../auth/context.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import type { SecretsCore, SecretsDeps } from "../core.ts";
import { repo } from "../store/index.ts";

export function createInheritedBy(deps: SecretsDeps, core: SecretsCore) {
  const { db } = deps;
  return {
    /** The environments that inherit the secret from its own, nearest first (their names, not values). */
    async inheritedBy(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      const environment = await core.environmentFor(ctx, path, "secret.read");
      const secret = await core.requireSecret(db, ctx, path, secretId);
      const heirs = await deps.environments.heirsOf(ctx.workspaceId, environment);
      const overriding = await repo.environmentsWithKey(
        db,
        ctx.workspaceId,
        heirs.map((e) => e.id),
        secret.key,
      );
      // Parents come before their children: one pass follows the value down.
      const reached = new Set([environment.id]);
      const losing = heirs.filter((heir) => {
        const inherits =
          heir.parent_environment_id !== null &&
          reached.has(heir.parent_environment_id) &&
          !overriding.has(heir.id);
        if (inherits) reached.add(heir.id);
        return inherits;
      });
      return losing.map(({ id, name, slug, environment_type }) => ({ id, name, slug, environment_type }));
    },
  };
}
