// `coffer init --dir D` / `--branch B`: a monorepo mapping added to the existing `.coffer.json`
// (project-map.ts reads it).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import type { Command } from "commander";
import { CliError, EXIT } from "../api.ts";
import { globalsOf, sessionFor } from "../context.ts";
import { findProjectFile } from "../files.ts";
import { hierarchy, pick } from "../hierarchy.ts";
import { print } from "../output.ts";
import { normaliseDirectory, parseProjectFile } from "../project-map.ts";

export interface InitOptions {
  workspace?: string;
  team?: string;
  project?: string;
  environment?: string;
  dir?: string;
  branch?: string;
}

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Json) } : {};

/**
 * `coffer init --dir D` / `--branch B`: adds (or replaces) one mapping in the nearest `.coffer.json`,
 * the environments checked against the server and written as slugs, the rest of the file kept.
 */
export async function writeMapping(program: Command, options: InitOptions): Promise<void> {
  const found = findProjectFile();
  if (!found)
    throw new CliError(
      "--dir and --branch add to an existing .coffer.json: run `coffer init` without them first",
      EXIT.usage,
    );
  const file = found.path;
  const raw = JSON.parse(readFileSync(file, "utf8")) as Json;
  const { workspace_id, team_id, project_id } = found.project;
  if (!workspace_id || !team_id) throw new CliError(`${file} names no workspace_id or team_id`, EXIT.usage);
  if ((options.team || options.project) && options.dir === undefined)
    throw new CliError("--team and --project map a directory: give --dir too", EXIT.usage);
  if (options.team && !options.project)
    throw new CliError("--team needs --project (a project of that team)", EXIT.usage);

  let directory: string | undefined;
  let key: string | undefined;
  const directories = objectOr(raw.directories);
  if (options.dir !== undefined) {
    directory = normaliseDirectory(relative(dirname(file), resolve(options.dir)));
    if (directory === undefined)
      throw new CliError(`--dir must be a sub-directory of ${dirname(file)} (where ${file} is)`, EXIT.usage);
    key = Object.keys(directories).find((k) => normaliseDirectory(k) === directory) ?? directory;
  }
  const entry = key === undefined ? {} : objectOr(directories[key]);

  const session = sessionFor(program, found);
  const h = hierarchy(session.client);
  // The project the environments are in: the one named, else the directory entry's, else the file's.
  let team = typeof entry.team_id === "string" ? entry.team_id : team_id;
  let project = typeof entry.project_id === "string" ? entry.project_id : project_id;
  if (options.team) team = (await pick(await h.teams(workspace_id), options.team, "team")).id;
  if (options.project)
    project = (await pick(await h.projects({ workspace_id, team_id: team }), options.project, "project")).id;
  if (!project) throw new CliError(`${file} names no project_id: give --project`, EXIT.usage);

  const wanted = (options.environment ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (wanted.length === 0 && (options.branch !== undefined || !options.project))
    throw new CliError(
      "name the environments: --environment SLUG (several, comma-separated, are merged in order)",
      EXIT.usage,
    );
  const listed = await h.environments({ workspace_id, team_id: team, project_id: project });
  const slugs = [];
  for (const name of wanted) slugs.push((await pick(listed, name, "environment")).slug ?? name);
  const value = slugs.length === 1 ? slugs[0] : slugs;

  if (key !== undefined) {
    if (options.project) {
      entry.project_id = project;
      if (options.team) entry.team_id = team;
      else delete entry.team_id;
    }
    if (options.branch !== undefined)
      entry.branches = { ...objectOr(entry.branches), [options.branch]: value };
    else if (slugs.length > 0) entry.environments = value;
    raw.directories = { ...directories, [key]: entry };
  } else {
    raw.branches = { ...objectOr(raw.branches), [options.branch!]: value };
  }
  // Read back as every command will read it, before it is written.
  const text = `${JSON.stringify(raw, null, 2)}\n`;
  parseProjectFile(file, text);
  writeFileSync(file, text);
  const where = [
    key !== undefined ? `directory ${directory}` : "",
    options.branch !== undefined ? `branch ${options.branch}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const target = slugs.length > 0 ? slugs.join(", ") : `project ${project}`;
  print(
    globalsOf(program).json ?? false,
    {
      file,
      directory: directory ?? null,
      branch: options.branch ?? null,
      project_id: project,
      environments: slugs,
    },
    `${where} -> ${target} (${file})\n`,
  );
}
