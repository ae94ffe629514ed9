// What most commands share: the project file of this directory and the environments it chooses
// here (project-map.ts: by directory and git branch, or --env), a connection for it, and the
// environments' secrets read (with their ETag), merged in order, and written (in bulk calls).
import { dirname, relative, sep } from "node:path";
import type { Command } from "commander";
import {
  ApiError,
  type EnvironmentPath,
  type EnvironmentRead,
  readEnvironment,
  type Secret,
  type Unresolved,
} from "../client/index.ts";
import { UNRESOLVED_REASONS } from "../lib/references.ts";
import { CliError, cliErrorOf, connect, EXIT, failure, type Session } from "./api.ts";
import { bind, resolveTarget } from "./binding.ts";
import { type EnvironmentTarget, resolveEnvironments } from "./environment-targets.ts";
import { type FoundProjectFile, findProjectFile } from "./files.ts";
import { currentBranch } from "./git-branch.ts";
import { keyTargets } from "./key-reach.ts";
import { progressBar, warn } from "./output.ts";
import { parseEnvOption, type Selection, selectEnvironments } from "./project-map.ts";

export type { EnvironmentTarget, Secret };
export type Globals = { apiUrl?: string; json?: boolean };

export const globalsOf = (program: Command) => program.opts<Globals>();

function requireProjectFile(): FoundProjectFile {
  const found = findProjectFile();
  if (!found) throw new CliError("no .coffer.json here or above: run `coffer init` first", EXIT.usage);
  return found;
}

export const pathOf = (p: EnvironmentPath): EnvironmentPath => ({
  workspace_id: p.workspace_id,
  team_id: p.team_id,
  project_id: p.project_id,
  environment_id: p.environment_id,
});

/**
 * A connection to the server this command resolves to (binding.ts), with the credential bound to
 * it; `found` is the project file whose api_url may choose the server.
 */
export function sessionFor(program: Command, found?: FoundProjectFile): Session {
  const flag = globalsOf(program).apiUrl;
  return connect(bind(resolveTarget(flag, found), flag));
}

/** What this directory's project file chooses here (`env`: the --env option, which wins). */
export function projectSelection(env?: string): { found: FoundProjectFile; selection: Selection } {
  const found = requireProjectFile();
  const directory = relative(dirname(found.path), process.cwd()).split(sep).join("/");
  const selection = selectEnvironments(
    found.path,
    found.project,
    { directory, branch: () => currentBranch() },
    parseEnvOption(env),
  );
  return { found, selection };
}

/** This directory's environments (several are merged in order) and a connection to their server. */
export async function projectEnvironments(
  program: Command,
  env?: string,
): Promise<{ session: Session; selection: Selection; targets: EnvironmentTarget[] }> {
  // No project file: a key narrowed to environments says which (key-reach.ts).
  if (!findProjectFile()) {
    const refs = parseEnvOption(env);
    let session: Session;
    try {
      session = sessionFor(program);
    } catch (error) {
      requireProjectFile(); // without a credential, the missing file is still the first thing said
      throw error;
    }
    if (!session.apiKey) requireProjectFile();
    return { session, ...(await keyTargets(session, refs)) };
  }
  const { found, selection } = projectSelection(env);
  const session = sessionFor(program, found);
  return { session, selection, targets: await resolveEnvironments(session, selection) };
}

/** The one environment of this directory, and a connection to its server: a merge is refused. */
export async function projectSession(
  program: Command,
  env?: string,
): Promise<{ p: EnvironmentTarget; session: Session }> {
  const { session, selection, targets } = await projectEnvironments(program, env);
  if (targets.length > 1) {
    throw new CliError(
      `here ${selection.file} merges ${targets.map((t) => t.label).join(", ")} (${selection.rule}); ` +
        "this command acts on one environment: name it with --env where the command takes it, or run it " +
        "where one environment applies",
      EXIT.usage,
    );
  }
  return { p: targets[0]!, session };
}

/** A secret of a merge: the environment it comes from, and those whose value it replaces. */
export type MergedSecret = Secret & { from: EnvironmentTarget; overrides: string[] };

/**
 * The environments' secrets, merged in order (a later environment's value wins). With
 * --allow-partial, a key a later environment holds but cannot resolve is left out rather than
 * taken from an earlier one.
 */
export async function readMerged(
  session: Session,
  targets: EnvironmentTarget[],
  allowPartial: boolean,
  raw = false,
): Promise<MergedSecret[]> {
  const several = targets.length > 1;
  const reads = await Promise.all(
    targets.map((t) =>
      readSecrets(session, t, allowPartial, { raw, ...(several ? { label: t.label } : {}) }),
    ),
  );
  const merged = new Map<string, MergedSecret>();
  reads.forEach((read, i) => {
    if (!read.changed) return;
    for (const u of read.unresolved) merged.delete(u.key);
    for (const secret of read.secrets) {
      const before = merged.get(secret.key);
      const overrides = before ? [...before.overrides, before.from.label] : [];
      merged.set(secret.key, { ...secret, from: targets[i]!, overrides });
    }
  });
  return [...merged.values()];
}

export type SecretsRead =
  | { changed: true; secrets: Secret[]; unresolved: Unresolved[]; etag: string | undefined }
  | { changed: false; etag: string };

/** "DB_URL: ${prod.DB_HOST} names a key its environment does not have". */
export const unresolvedLine = (u: Unresolved) => `${u.key}: ${u.reference} ${UNRESOLVED_REASONS[u.reason]}`;

/**
 * The environment's secrets (readEnvironment of coffer/client), references resolved unless `raw`.
 * With `ifNoneMatch` (the tag of a copy the caller holds) an unchanged environment answers 304 and
 * nothing is decrypted or sent. A 207 warns and names the unreadable ids and the unresolved
 * references (exit 5 unless allowed); it carries no tag.
 */
export async function readSecrets(
  session: Session,
  p: EnvironmentPath,
  allowPartial: boolean,
  options: { ifNoneMatch?: string; raw?: boolean; label?: string } = {},
): Promise<SecretsRead> {
  const { label, ...readOptions } = options;
  const of = label ? ` of ${label}` : "";
  let read: EnvironmentRead;
  try {
    read = await readEnvironment(session.client, p, readOptions);
  } catch (error) {
    if (error instanceof ApiError) throw cliErrorOf(error, `cannot read the secrets${of}`);
    throw error;
  }
  if (!read.changed) return read;
  const unresolvedIds = new Set(read.unresolved.map((u) => u.id));
  const undecryptable = read.failedIds.filter((id) => !unresolvedIds.has(id));
  const inLabel = label ? ` in ${label}` : "";
  if (undecryptable.length > 0)
    warn(`${undecryptable.length} secret(s)${inLabel} could not be decrypted: ${undecryptable.join(", ")}`);
  for (const u of read.unresolved) warn(`unresolved reference${inLabel}: ${unresolvedLine(u)}`);
  if (read.failedIds.length > 0 && !allowPartial)
    throw new CliError(`partial read${of} (pass --allow-partial to go on)`, EXIT.partial);
  return { changed: true, secrets: read.secrets, unresolved: read.unresolved, etag: read.etag };
}

/** The environment's secrets; `raw`: the stored text, references as written (and every key listed). */
export async function listSecrets(
  session: Session,
  p: EnvironmentPath,
  allowPartial: boolean,
  raw = false,
): Promise<Secret[]> {
  const read = await readSecrets(session, p, allowPartial, { raw });
  return read.changed ? read.secrets : [];
}

// The bulk endpoints take at most 1,000 secrets a call; each call is one transaction.
const BATCH = 1000;

/** Creates the new keys in bulk calls and (when allowed) updates the existing ones in others. */
export async function writeSecrets(
  session: Session,
  p: EnvironmentPath,
  wanted: Map<string, string>,
  overwrite: boolean,
) {
  // The environment's own keys: one it inherits gets its own value here (an override), by create.
  const existing = new Set(
    (await listSecrets(session, p, true, true)).filter((s) => !s.inherited_from).map((s) => s.key),
  );
  const creates = [...wanted].filter(([k]) => !existing.has(k)).map(([key, value]) => ({ key, value }));
  const updates = overwrite
    ? [...wanted].filter(([k]) => existing.has(k)).map(([key, value]) => ({ key, value }))
    : [];
  const path = { params: { path: pathOf(p) } };
  type Batch = { key: string; value: string }[];
  const steps: [Batch, string, (batch: Batch) => Promise<{ error?: unknown; response: Response }>][] = [
    [
      creates,
      "create",
      (batch) =>
        session.client.POST("/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/bulk", {
          ...path,
          body: { secrets: batch },
        }),
    ],
    [
      updates,
      "update",
      (batch) =>
        session.client.PATCH("/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/", {
          ...path,
          body: { secrets: batch },
        }),
    ],
  ];
  const total = creates.length + updates.length;
  const bar = total > BATCH ? progressBar(total, "secrets") : undefined;
  let done = 0;
  bar?.update(0);
  for (const [items, verb, send] of steps) {
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const { error, response } = await send(batch);
      if (!response.ok)
        throw failure(response, error, `cannot ${verb} the secrets (${done} of ${total} written)`);
      done += batch.length;
      bar?.update(done);
    }
  }
  bar?.end();
  return {
    created: creates.length,
    updated: updates.length,
    skipped: overwrite ? 0 : wanted.size - creates.length,
  };
}
