// The current git branch, read from the repository's own files (no `git` process): HEAD of the
// nearest repository at or above a directory, through the `gitdir:` link a worktree or submodule
// has in place of a `.git` directory. A detached HEAD has no branch; COFFER_BRANCH, when set, is
// the branch (CI jobs check out a detached commit: COFFER_BRANCH=$GITHUB_HEAD_REF).
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The `.git` directory of the repository holding `from` (a worktree's own), if any. */
function gitDirectory(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const dotGit = join(dir, ".git");
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return dotGit;
    if (stat?.isFile()) {
      const link = readFileSync(dotGit, "utf8").match(/^gitdir:\s*(.+?)\s*$/m);
      return link ? resolve(dir, link[1]!) : undefined;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function currentBranch(from = process.cwd()): string | undefined {
  const named = process.env.COFFER_BRANCH;
  if (named) return named;
  const gitDir = gitDirectory(from);
  if (!gitDir) return undefined;
  let head: string;
  try {
    head = readFileSync(join(gitDir, "HEAD"), "utf8");
  } catch {
    return undefined;
  }
  const branch = head.match(/^ref:\s*refs\/heads\/(.+?)\s*$/m)?.[1];
  // A reftable repository keeps HEAD elsewhere and this placeholder in the file.
  return branch === ".invalid" ? undefined : branch;
}
