// What a `.coffer.json` says, checked field by field, and which environments it chooses for a
// directory and a git branch. The five fields `coffer init` has always written (api_url and the
// ids) keep their meaning; a monorepo adds `environments` (several, merged in order: later wins),
// `branches` (git branch pattern -> environments) and `directories` (sub-directory -> project and
// environments, with branches of its own). docs/cli.md, "Monorepos", is the user's side of this.
import { CliError, EXIT } from "./errors.ts";
import { warn } from "./output.ts";

export interface BranchRule {
  pattern: string;
  environments: string[];
}

export interface DirectoryRule {
  /** Relative to the project file's directory, `/`-separated, no `.` or `..`. */
  path: string;
  team_id?: string;
  project_id?: string;
  environments?: string[];
  branches?: BranchRule[];
}

export interface ProjectFile {
  api_url?: string;
  workspace_id?: string;
  team_id?: string;
  project_id?: string;
  environment_id?: string;
  /** Slugs or ids, merged in this order. */
  environments?: string[];
  branches?: BranchRule[];
  directories?: DirectoryRule[];
}

const TOP_FIELDS = new Set([
  "api_url",
  "workspace_id",
  "team_id",
  "project_id",
  "environment_id",
  "environments",
  "branches",
  "directories",
]);
const DIRECTORY_FIELDS = new Set(["team_id", "project_id", "environments", "branches"]);

/** An environment as a project file or --env names it: its slug or its id. */
const ENVIRONMENT_REF = /^[A-Za-z0-9_-]{1,100}$/;
const ID = ENVIRONMENT_REF;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const field = (name: string) => JSON.stringify(name);

/** Checks a project file's text; every refusal names the file and the field. */
export function parseProjectFile(file: string, text: string): ProjectFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`, EXIT.usage);
  }
  const bad = (where: string, why: string) => new CliError(`${file}: ${where} ${why}`, EXIT.usage);
  if (!isObject(raw)) throw new CliError(`${file} must hold a JSON object`, EXIT.usage);

  // Ids go into request paths: nothing there may be read as a path of its own (`..`, `/`).
  const id = (value: unknown, where: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== "string" || !ID.test(value))
      throw bad(where, "must be an id (letters, digits, - and _)");
    return value;
  };
  const environments = (value: unknown, where: string): string[] | undefined => {
    if (value === undefined) return undefined;
    const list = typeof value === "string" ? [value] : value;
    if (!Array.isArray(list) || list.length === 0)
      throw bad(where, "must be an environment slug or id, or a non-empty list of them");
    for (const ref of list) {
      if (typeof ref !== "string" || !ENVIRONMENT_REF.test(ref))
        throw bad(where, `holds ${JSON.stringify(ref)}, which is not an environment slug or id`);
    }
    const twice = list.find((ref, i) => list.indexOf(ref) !== i);
    if (twice) throw bad(where, `names ${twice} twice`);
    return list as string[];
  };
  const branches = (value: unknown, where: string): BranchRule[] | undefined => {
    if (value === undefined) return undefined;
    if (!isObject(value))
      throw bad(where, 'must be an object: {"main": "production", "release/*": "staging"}');
    return Object.entries(value).map(([pattern, envs]) => {
      if (pattern === "" || pattern.length > 255 || /\s/.test(pattern))
        throw bad(`${where}[${field(pattern)}]`, "is not a branch name or pattern");
      return { pattern, environments: environments(envs, `${where}[${field(pattern)}]`)! };
    });
  };
  const directories = (value: unknown): DirectoryRule[] | undefined => {
    if (value === undefined) return undefined;
    if (!isObject(value))
      throw bad("directories", 'must be an object: {"services/api": {"environments": "api-dev"}}');
    const seen = new Map<string, string>();
    return Object.entries(value).map(([name, entry]) => {
      const where = `directories[${field(name)}]`;
      const path = normaliseDirectory(name);
      if (path === undefined)
        throw bad(where, "must be a sub-directory, relative to the project file's directory");
      if (seen.has(path)) throw bad(where, `is the same directory as directories[${field(seen.get(path)!)}]`);
      seen.set(path, name);
      if (!isObject(entry)) throw bad(where, "must be an object with environments, branches or project_id");
      const unknown = Object.keys(entry).filter((k) => !DIRECTORY_FIELDS.has(k));
      if (unknown.length > 0)
        throw bad(
          `${where}.${unknown[0]}`,
          `is not a field here (have: ${[...DIRECTORY_FIELDS].join(", ")})`,
        );
      const rule: DirectoryRule = { path };
      const team = id(entry.team_id, `${where}.team_id`);
      const project = id(entry.project_id, `${where}.project_id`);
      const envs = environments(entry.environments, `${where}.environments`);
      const own = branches(entry.branches, `${where}.branches`);
      if (team) rule.team_id = team;
      if (project) rule.project_id = project;
      if (envs) rule.environments = envs;
      if (own) rule.branches = own;
      if (!project && !envs && !own)
        throw bad(where, "names nothing: give environments, branches or project_id");
      if (team && !project) throw bad(`${where}.team_id`, "needs the project_id of that team beside it");
      return rule;
    });
  };

  if (raw.api_url !== undefined && typeof raw.api_url !== "string") throw bad("api_url", "must be a string");
  const project: ProjectFile = {};
  if (typeof raw.api_url === "string") project.api_url = raw.api_url;
  for (const name of ["workspace_id", "team_id", "project_id", "environment_id"] as const) {
    const value = id(raw[name], name);
    if (value) project[name] = value;
  }
  const top = environments(raw.environments, "environments");
  if (top && project.environment_id)
    throw bad("environments", "and environment_id both name the default: keep one");
  if (top) project.environments = top;
  const ownBranches = branches(raw.branches, "branches");
  if (ownBranches) project.branches = ownBranches;
  const dirs = directories(raw.directories);
  if (dirs) project.directories = dirs;
  // Fields of a later version, or typos ("branch"): said, not fatal — files from older CLIs with
  // fields of their own keep working. `_comment` and `$schema` style fields are left alone.
  for (const name of Object.keys(raw)) {
    if (!TOP_FIELDS.has(name) && !/^[_$]/.test(name)) warn(`${file}: ignoring the unknown field ${name}`);
  }
  return project;
}

/** `services/api/` -> `services/api`; undefined for an absolute path, `..`, or the directory itself. */
export function normaliseDirectory(path: string): string | undefined {
  const slashed = path.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) return undefined;
  const parts = slashed.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.length === 0 || parts.includes("..")) return undefined;
  return parts.join("/");
}

type GlobToken = "**" | "*" | "?" | { literal: string };

/**
 * Whether a branch pattern names this branch: `*` is any run of characters but `/`, `**` any run,
 * `?` one character but `/`; everything else is literal. Matched by a table of pattern position ×
 * branch position, not a regular expression: a pattern comes with the repository, and a crafted one
 * must not make the CLI backtrack for ever.
 */
export function branchMatches(pattern: string, branch: string): boolean {
  if (!/[*?]/.test(pattern)) return pattern === branch;
  const tokens: GlobToken[] = pattern
    .split(/(\*\*|\*|\?)/)
    .flatMap((part): GlobToken[] =>
      part === "**" || part === "*" || part === "?" ? [part] : [...part].map((literal) => ({ literal })),
    );
  const n = branch.length;
  // matches[j]: tokens from i on match branch from j on (computed from the last token back).
  let matches = Array.from({ length: n + 1 }, (_, j) => j === n);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const next = matches;
    const here = new Array<boolean>(n + 1).fill(false);
    for (let j = n; j >= 0; j--) {
      const c = branch[j];
      if (token === "**") here[j] = next[j]! || (j < n && here[j + 1]!);
      else if (token === "*") here[j] = next[j]! || (j < n && c !== "/" && here[j + 1]!);
      else if (token === "?") here[j] = j < n && c !== "/" && next[j + 1]!;
      else here[j] = j < n && c === token.literal && next[j + 1]!;
    }
    matches = here;
  }
  return matches[0]!;
}

/** The rule naming the branch: an exact name first, then the patterns in the file's order. */
function branchRule(rules: BranchRule[] | undefined, branch: () => string | undefined) {
  if (!rules?.length) return undefined;
  const name = branch();
  if (name === undefined) return undefined;
  return rules.find((r) => r.pattern === name) ?? rules.find((r) => branchMatches(r.pattern, name));
}

export interface Selection {
  file: string;
  workspace_id?: string;
  team_id?: string;
  project_id?: string;
  /** Slugs or ids (or, from environment_id, an id), merged in this order; empty: none applies. */
  environments: string[];
  /** Which part of the file (or --env) chose them, for messages: `directories["api"].branches["main"]`. */
  rule: string;
  /** The directory (relative to the file) and branch the choice was made for, for messages. */
  directory: string;
  branch?: string;
}

export interface Place {
  /** The current directory relative to the project file's directory (`""` there). */
  directory: string;
  /** The current git branch, read only when a branch rule needs it. */
  branch: () => string | undefined;
}

/**
 * What the file chooses here. Project: the longest `directories` entry that contains the directory,
 * else the file's own. Environments, first that applies: --env; the directory entry's branch
 * rule; its environments; the file's branch rule; its environments (or environment_id).
 */
export function selectEnvironments(
  file: string,
  project: ProjectFile,
  place: Place,
  override?: string[],
): Selection {
  const here = place.directory;
  const entry = (project.directories ?? [])
    .filter((d) => here === d.path || here.startsWith(`${d.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  let branchRead = false;
  let branchName: string | undefined;
  const branch = () => {
    if (!branchRead) [branchRead, branchName] = [true, place.branch()];
    return branchName;
  };
  const projectId = entry?.project_id ?? project.project_id;
  const teamId = entry?.team_id ?? project.team_id;
  const base = {
    file,
    directory: here,
    ...(project.workspace_id ? { workspace_id: project.workspace_id } : {}),
    ...(teamId ? { team_id: teamId } : {}),
    ...(projectId ? { project_id: projectId } : {}),
  };
  const chosen = (environments: string[], rule: string): Selection => {
    const name = branchRead ? branchName : undefined;
    return { ...base, environments, rule, ...(name !== undefined ? { branch: name } : {}) };
  };
  if (override) return chosen(override, "--env");
  const at = entry ? `directories[${field(entry.path)}]` : "";
  const entryBranch = entry && branchRule(entry.branches, branch);
  if (entryBranch) return chosen(entryBranch.environments, `${at}.branches[${field(entryBranch.pattern)}]`);
  if (entry?.environments) return chosen(entry.environments, `${at}.environments`);
  // The file's own environment_id is an id of the file's own project: it cannot stand for another.
  const otherProject = entry?.project_id !== undefined && entry.project_id !== project.project_id;
  const topBranch = branchRule(project.branches, branch);
  if (topBranch) return chosen(topBranch.environments, `branches[${field(topBranch.pattern)}]`);
  if (project.environments) return chosen(project.environments, "environments");
  if (project.environment_id && !otherProject) return chosen([project.environment_id], "environment_id");
  return chosen([], otherProject ? `${at} (its project_id is another project's)` : "");
}

/** Why there is no environment here, and what to do. */
export function noEnvironment(selection: Selection): CliError {
  const where = selection.directory === "" ? "its own directory" : selection.directory;
  const on = selection.branch !== undefined ? ` on branch ${selection.branch}` : "";
  const because = selection.rule ? `: ${selection.rule} names no environments` : "";
  return new CliError(
    `${selection.file} names no environment for ${where}${on}${because}; add one (environments, ` +
      "branches or a directories entry, docs/cli.md) or pass --env SLUG",
    EXIT.usage,
  );
}

/** --env a,b: the environments to merge, in order. */
export function parseEnvOption(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const refs = value.split(",").map((ref) => ref.trim());
  const wrong = refs.find((ref) => !ENVIRONMENT_REF.test(ref));
  if (wrong !== undefined)
    throw new CliError(`--env: ${JSON.stringify(wrong)} is not an environment slug or id`, EXIT.usage);
  return refs;
}
