// Names for the shapes programs handle most, taken from the generated operations so they follow
// the server's schemas: never written by hand beside them.
import type { operations } from "./schema.d.ts";

/** The JSON body of an operation's 200 (or 201) answer. */
export type Ok<Op extends keyof operations> = operations[Op]["responses"] extends {
  200: { content: { "application/json": infer T } };
}
  ? T
  : operations[Op]["responses"] extends { 201: { content: { "application/json": infer T } } }
    ? T
    : never;

export type Workspace = Ok<"listWorkspaces">[number];
export type Team = Ok<"listTeams">[number];
export type Project = Ok<"listProjects">[number];
export type Environment = Ok<"listEnvironments">[number];
export type Secret = Ok<"listSecrets">[number];
/** A secret of a 207 whose references could not be resolved for the caller. */
export type Unresolved = NonNullable<
  operations["listSecrets"]["responses"][207]["content"]["application/json"]["detail"]["unresolved"]
>[number];
export type Profile = Ok<"getProfile">;

/** Where an environment's secrets live: the four ids of its path. */
export interface EnvironmentPath {
  workspace_id: string;
  team_id: string;
  project_id: string;
  environment_id: string;
}
