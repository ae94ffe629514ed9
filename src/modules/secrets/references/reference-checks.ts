// Refuse on write (security review, item 7): a value may reference another environment only if its
// writer may read it — the writer's whole standing: role, teams and the acting key's scope — and it
// accepts references from the value's environment. An environment that does not exist and one the
// writer may not read get the same answer, so a write never probes for what its writer cannot
// see; only an environment the writer may read can say it takes no references from here. Whoever
// makes a value current (a write, a rollback, a restore) becomes its writer and is asked the same.
import { permits } from "../../../auth/authorize.ts";
import type { RequestContext } from "../../../auth/context.ts";
import { referenceAccepted } from "../../../auth/policy.ts";
import { ValidationFailed, type ValidationIssue } from "../../../errors.ts";
import { mayReference, qualifierOf, referencesIn } from "../../../lib/references.ts";
import type { EnvironmentRow } from "../../environments/index.ts";
import type { SecretsDeps } from "../core.ts";
import { qualifierParts } from "./resolve-references.ts";

/** A value to check, where the error points, and (when several share a place) the key it belongs to. */
export interface Written {
  value: string | undefined;
  loc: (string | number)[];
  key?: string;
}

export function createReferenceChecks(deps: Pick<SecretsDeps, "db" | "environments">) {
  /**
   * Per value, why the caller may not write it into `environment` (null: nothing to say): its first
   * reference into an environment the caller may not read (or none such), or one that takes no
   * references from here. The position of the reference, never the value.
   */
  async function refusals(
    ctx: RequestContext,
    environment: EnvironmentRow,
    values: readonly Written[],
  ): Promise<(ValidationIssue | null)[]> {
    const named = new Map<string, Promise<EnvironmentRow | undefined>>();
    const targetOf = (qualifier: string) => {
      let found = named.get(qualifier);
      if (!found) {
        found = deps.environments.referenced(ctx.workspaceId, environment, qualifierParts(qualifier));
        named.set(qualifier, found);
      }
      return found;
    };
    let mayRead: ((target: EnvironmentRow) => boolean) | undefined;
    const issues: (ValidationIssue | null)[] = [];
    for (const { value, loc, key } of values) {
      let issue: ValidationIssue | null = null;
      for (const reference of value !== undefined && mayReference(value) ? referencesIn(value) : []) {
        const qualifier = qualifierOf(reference);
        if (qualifier === "") continue;
        const target = await targetOf(qualifier);
        if (target?.id === environment.id) continue;
        if (!mayRead) {
          const may = await permits(deps.db, ctx, "secret.read");
          mayRead = (e) => may({ teamId: e.team_id, projectId: e.project_id, environmentId: e.id });
        }
        const where = `${key === undefined ? "The" : `${key}: the`} reference at character ${reference.offset + 1}`;
        if (!target || !mayRead(target)) {
          issue = {
            loc,
            msg: `${where} names an environment that does not exist or that you may not read`,
            type: "reference_unreadable",
          };
        } else if (
          !referenceAccepted(
            { id: target.id, projectId: target.project_id, referencesFrom: target.references_from },
            { id: environment.id, projectId: environment.project_id },
          )
        ) {
          issue = {
            loc,
            msg: `${where} names an environment that does not accept references from this one`,
            type: "reference_not_accepted",
          };
        }
        if (issue) break;
      }
      issues.push(issue);
    }
    return issues;
  }

  return {
    refusals,

    /** 422 naming each value the caller may not write into `environment` (refusals()); nothing is written. */
    async assertMayWrite(ctx: RequestContext, environment: EnvironmentRow, values: readonly Written[]) {
      const issues = (await refusals(ctx, environment, values)).filter(
        (i): i is ValidationIssue => i !== null,
      );
      if (issues.length > 0) throw new ValidationFailed(issues);
    },
  };
}

export type ReferenceChecks = ReturnType<typeof createReferenceChecks>;
