// Where the CLI keeps things: its config dir (credentials.ts, fallback.ts), and the project's ids
// in `.coffer.json`, found by walking up from the current directory.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

export interface ProjectFile {
  api_url: string;
  workspace_id: string;
  team_id: string;
  project_id: string;
  environment_id: string;
}

export const PROJECT_FILE = ".coffer.json";

export function configDir(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "coffer");
}

export interface FoundProjectFile {
  path: string;
  project: ProjectFile;
}

/** The nearest `.coffer.json` at or above `from`. */
export function findProjectFile(from = process.cwd()): FoundProjectFile | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, PROJECT_FILE);
    if (existsSync(candidate))
      return { path: candidate, project: JSON.parse(readFileSync(candidate, "utf8")) };
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function writeProjectFile(project: ProjectFile, dir = process.cwd()): string {
  const path = join(dir, PROJECT_FILE);
  writeFileSync(path, `${JSON.stringify(project, null, 2)}\n`);
  return path;
}
