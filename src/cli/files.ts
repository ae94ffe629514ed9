// Where the CLI keeps things: its config dir (credentials.ts, fallback.ts), and the project's ids
// in `.coffer.json`, found by walking up from the current directory (project-map.ts reads it).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type ProjectFile, parseProjectFile } from "./project-map.ts";

export type { ProjectFile };

export const PROJECT_FILE = ".coffer.json";

export function configDir(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "coffer");
}

export interface FoundProjectFile {
  path: string;
  project: ProjectFile;
}

/** The nearest `.coffer.json` at or above `from`, checked (a wrong field stops the command). */
export function findProjectFile(from = process.cwd()): FoundProjectFile | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, PROJECT_FILE);
    if (existsSync(candidate))
      return { path: candidate, project: parseProjectFile(candidate, readFileSync(candidate, "utf8")) };
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function writeProjectFile(project: object, dir = process.cwd()): string {
  const path = join(dir, PROJECT_FILE);
  writeFileSync(path, `${JSON.stringify(project, null, 2)}\n`);
  return path;
}
