// The pure part of choosing and showing what a key reaches (personal keys, service-account keys and
// OIDC trusts share it): the form's state as the API's scope fields, and a scope as words. No DOM,
// so it runs in Node (test/web-automation-logic.test.ts).
import { plural } from "./plural.ts";

export type Access = "read" | "read_write";

/**
 * How far a key reaches: every workspace of its holder (personal keys only), one workspace, or
 * only the chosen projects (all their environments) and environments of that workspace.
 */
export type Reach = "everywhere" | "workspace" | "chosen";

export interface ScopeChoice {
  access: Access;
  reach: Reach;
  projectIds: ReadonlySet<string>;
  environmentIds: ReadonlySet<string>;
  /** Addresses or CIDR ranges as typed: one per line, or separated by commas or spaces. */
  cidrs: string;
}

/** The API's bound on each list (project_ids, environment_ids). */
export const MAX_CHOSEN = 100;

export const openScope = (access: Access, reach: Reach): ScopeChoice => ({
  access,
  reach,
  projectIds: new Set(),
  environmentIds: new Set(),
  cidrs: "",
});

/** "10.0.0.0/8, 192.0.2.7\n2001:db8::/32" -> its entries; an empty text allows every address. */
export const cidrList = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** Why the choice cannot be sent, in words; undefined when it can. */
export function scopeProblem(choice: ScopeChoice): string | undefined {
  if (choice.reach === "chosen" && choice.projectIds.size + choice.environmentIds.size === 0) {
    return "Choose at least one project or environment, or let the key reach the whole workspace.";
  }
  if (choice.projectIds.size > MAX_CHOSEN || choice.environmentIds.size > MAX_CHOSEN) {
    return `A key names at most ${MAX_CHOSEN} projects and ${MAX_CHOSEN} environments; choose whole projects instead.`;
  }
  if (cidrList(choice.cidrs).length > 50) return "A key allows at most 50 addresses or ranges.";
  return undefined;
}

export interface ScopeFields {
  access: Access;
  project_ids: string[] | null;
  environment_ids: string[] | null;
  allowed_cidrs: string[] | null;
}

/** The choice as the API's scope fields (null: not narrowed). */
export function scopeFields(choice: ScopeChoice): ScopeFields {
  const chosen = choice.reach === "chosen";
  const nonEmpty = (ids: ReadonlySet<string>) => (chosen && ids.size > 0 ? [...ids] : null);
  const cidrs = cidrList(choice.cidrs);
  return {
    access: choice.access,
    project_ids: nonEmpty(choice.projectIds),
    environment_ids: nonEmpty(choice.environmentIds),
    allowed_cidrs: cidrs.length > 0 ? cidrs : null,
  };
}

/** The scope fields of a key about to be made; a choice that cannot be sent throws its problem, for the form to show. */
export function checkedScopeFields(choice: ScopeChoice): ScopeFields {
  const problem = scopeProblem(choice);
  if (problem) throw new Error(problem);
  return scopeFields(choice);
}

/** Choosing a whole project covers its environments: they are dropped from the list. */
export function toggleProject(
  choice: ScopeChoice,
  project: { id: string; environments: readonly { id: string }[] },
  on: boolean,
): ScopeChoice {
  const projectIds = new Set(choice.projectIds);
  const environmentIds = new Set(choice.environmentIds);
  if (on) {
    projectIds.add(project.id);
    for (const e of project.environments) environmentIds.delete(e.id);
  } else {
    projectIds.delete(project.id);
  }
  return { ...choice, projectIds, environmentIds };
}

export function toggleEnvironment(choice: ScopeChoice, environmentId: string, on: boolean): ScopeChoice {
  const environmentIds = new Set(choice.environmentIds);
  if (on) environmentIds.add(environmentId);
  else environmentIds.delete(environmentId);
  return { ...choice, environmentIds };
}

/** A key's scope as the API lists it. */
export interface KeyScope {
  access: Access;
  project_ids: readonly string[] | null;
  environment_ids: readonly string[] | null;
  allowed_cidrs: readonly string[] | null;
  /** Personal keys: the one workspace they reach, null for all; absent for service-account keys. */
  workspace_id?: string | null;
}

export interface NamedTree {
  projects: readonly {
    id: string;
    name: string;
    teamName: string;
    environments: readonly { id: string; name: string }[];
  }[];
}

export interface ScopeInWords {
  access: string;
  /** Where it reaches: one line per workspace, project or environment. */
  reach: string[];
  /** Where it may be used from; null: anywhere. */
  from: string | null;
  /** Whether the key is narrower than its holder (a badge says so). */
  narrowed: boolean;
}

/**
 * The scope in words. `here` is the workspace on screen, whose tree names the ids; a personal key
 * bound to another workspace is counted, not named.
 */
export function describeScope(
  scope: KeyScope,
  tree: NamedTree,
  here: { id: string; name: string },
  workspaceName: (id: string) => string | undefined,
): ScopeInWords {
  const projectIds = scope.project_ids ?? [];
  const environmentIds = scope.environment_ids ?? [];
  const boundElsewhere = scope.workspace_id != null && scope.workspace_id !== here.id;
  const reach: string[] = [];
  if (scope.workspace_id === null) reach.push("Every workspace of yours");
  else if (boundElsewhere) {
    const name = workspaceName(scope.workspace_id ?? "") ?? "another workspace";
    const parts = [
      projectIds.length ? plural(projectIds.length, "project") : "",
      environmentIds.length ? plural(environmentIds.length, "environment") : "",
    ].filter(Boolean);
    reach.push(parts.length ? `${parts.join(" and ")} of ${name}` : `Only ${name}`);
  } else if (projectIds.length === 0 && environmentIds.length === 0) {
    reach.push(
      scope.workspace_id === undefined ? `Everything its role reaches in ${here.name}` : `Only ${here.name}`,
    );
  }
  if (!boundElsewhere) {
    for (const id of projectIds) {
      const project = tree.projects.find((p) => p.id === id);
      reach.push(project ? `${project.name} (every environment)` : "a project no longer listed");
    }
    for (const id of environmentIds) {
      const project = tree.projects.find((p) => p.environments.some((e) => e.id === id));
      const environment = project?.environments.find((e) => e.id === id);
      reach.push(
        project && environment ? `${project.name} / ${environment.name}` : "an environment no longer listed",
      );
    }
  }
  const cidrs = scope.allowed_cidrs ?? [];
  return {
    access: scope.access === "read" ? "Read-only" : "Read and write",
    reach,
    from: cidrs.length ? cidrs.join(", ") : null,
    narrowed:
      scope.access === "read" ||
      projectIds.length + environmentIds.length > 0 ||
      cidrs.length > 0 ||
      scope.workspace_id != null,
  };
}
