// Environments side by side: for every key in any of them, whether each has it (its own or inherited
// from a parent, which is named: what the environment reads is what counts), at which version,
// and a fingerprint of its effective value — so a client can show "missing in production" and "differs"
// without any value leaving the server unless asked. Fingerprints are keyed with a secret made for
// this one answer: equal values share a fingerprint within it, and nothing about a value can be
// learnt from it, or matched across answers.
import { createHmac, randomBytes } from "node:crypto";
import type { RequestContext } from "../../../auth/context.ts";
import { ValidationFailed } from "../../../errors.ts";
import type { EnvironmentRow } from "../../environments/index.ts";
import type { SecretsCore, SecretsDeps } from "../core.ts";
import type { createSecretReads } from "../values/index.ts";

/** How many environments one comparison takes at most. */
export const MAX_COMPARED = 10;

type Reads = ReturnType<typeof createSecretReads>;

export type CompareStatus = "same" | "differs" | "missing";

export interface CompareCell {
  environment_id: string;
  present: boolean;
  secret_id?: string;
  version?: number;
  fingerprint?: string;
  value?: string;
  /** The environment the value comes from, when the compared one inherits it (absent: its own). */
  inherited_from?: { id: string; name: string; slug: string };
}

/** An origin outside the chain read a moment ago (moved since): named by its id. */
const originOf = (id: string) => ({ id, name: id, slug: id });

export function createSecretCompare(
  deps: Pick<SecretsDeps, "environments">,
  core: SecretsCore,
  reads: Reads,
) {
  return {
    async compare(
      ctx: RequestContext,
      project: { teamId: string; projectId: string },
      environmentIds: string[],
      withValues: boolean,
    ) {
      if (new Set(environmentIds).size !== environmentIds.length) {
        throw new ValidationFailed([
          { loc: ["query", "environments"], msg: "Name each environment once", type: "value_error" },
        ]);
      }
      const paths = environmentIds.map((environmentId) => ({ ...project, environmentId }));
      // Every environment is proven (and authorized) before any value is read.
      const environments: EnvironmentRow[] = [];
      for (const path of paths) environments.push(await core.environmentFor(ctx, path, "secret.read"));
      // What each environment reads, inherited keys included (a parent it may not read is a 403, as
      // for its list): an inherited key is present there, not missing.
      const lists = await Promise.all(paths.map((path) => reads.list(ctx, path, { raw: true })));
      const origins = new Map<string, { id: string; name: string; slug: string }>();
      for (const environment of environments) {
        if (environment.parent_environment_id === null) continue;
        for (const a of await deps.environments.ancestorsOf(ctx.workspaceId, environment))
          origins.set(a.id, { id: a.id, name: a.name, slug: a.slug });
      }
      if (withValues) {
        for (const [index, environment] of environments.entries())
          await reads.recordRead(ctx, environment, { count: lists[index]!.succeeded.length, how: "compare" });
      }
      const salt = randomBytes(32);
      const fingerprint = (value: string) =>
        createHmac("sha256", salt).update(value).digest("base64url").slice(0, 16);
      const byEnvironment = lists.map((list) => new Map(list.succeeded.map((s) => [s.key, s])));
      const keys = [...new Set(lists.flatMap((list) => list.succeeded.map((s) => s.key)))].sort();
      return {
        environments: environments.map((e) => ({
          id: e.id,
          name: e.name,
          environment_type: e.environment_type,
        })),
        keys: keys.map((key) => {
          const cells: CompareCell[] = environments.map((environment, index) => {
            const secret = byEnvironment[index]!.get(key);
            if (!secret) return { environment_id: environment.id, present: false };
            return {
              environment_id: environment.id,
              present: true,
              secret_id: secret.id,
              version: secret.current_version,
              fingerprint: fingerprint(secret.value),
              ...(withValues ? { value: secret.value } : {}),
              ...(secret.inherited_from
                ? { inherited_from: origins.get(secret.inherited_from) ?? originOf(secret.inherited_from) }
                : {}),
            };
          });
          const prints = new Set(cells.map((c) => c.fingerprint));
          const status: CompareStatus = cells.some((c) => !c.present)
            ? "missing"
            : prints.size === 1
              ? "same"
              : "differs";
          return { key, status, environments: cells };
        }),
        unreadable: environments.flatMap((environment, index) =>
          lists[index]!.failedIds.length > 0
            ? [{ environment_id: environment.id, secret_ids: lists[index]!.failedIds }]
            : [],
        ),
      };
    },
  };
}
