// What most commands share: the project file of this directory, a connection for it, and the
// environment's secrets read (with their ETag) and written (in bulk calls).
import type { Command } from "commander";
import {
  ApiError,
  type EnvironmentRead,
  readEnvironment,
  type Secret,
  type Unresolved,
} from "../client/index.ts";
import { UNRESOLVED_REASONS } from "../lib/references.ts";
import { CliError, cliErrorOf, connect, EXIT, failure, type Session } from "./api.ts";
import { bind, resolveTarget } from "./binding.ts";
import { type FoundProjectFile, findProjectFile, type ProjectFile } from "./files.ts";
import { progressBar, warn } from "./output.ts";

export type { Secret };
export type Globals = { apiUrl?: string; json?: boolean };

export const globalsOf = (program: Command) => program.opts<Globals>();

function requireProjectFile(): FoundProjectFile {
  const found = findProjectFile();
  if (!found) throw new CliError("no .coffer.json here or above: run `coffer init` first", EXIT.usage);
  return found;
}

export const pathOf = (p: ProjectFile) => ({
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

/** The environment of this directory's `.coffer.json`, and a connection to its server. */
export function projectSession(program: Command): { p: ProjectFile; session: Session } {
  const found = requireProjectFile();
  return { p: found.project, session: sessionFor(program, found) };
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
  p: ProjectFile,
  allowPartial: boolean,
  options: { ifNoneMatch?: string; raw?: boolean } = {},
): Promise<SecretsRead> {
  let read: EnvironmentRead;
  try {
    read = await readEnvironment(session.client, p, options);
  } catch (error) {
    if (error instanceof ApiError) throw cliErrorOf(error, "cannot read the secrets");
    throw error;
  }
  if (!read.changed) return read;
  const unresolvedIds = new Set(read.unresolved.map((u) => u.id));
  const undecryptable = read.failedIds.filter((id) => !unresolvedIds.has(id));
  if (undecryptable.length > 0)
    warn(`${undecryptable.length} secret(s) could not be decrypted: ${undecryptable.join(", ")}`);
  for (const u of read.unresolved) warn(`unresolved reference: ${unresolvedLine(u)}`);
  if (read.failedIds.length > 0 && !allowPartial)
    throw new CliError("partial read (pass --allow-partial to go on)", EXIT.partial);
  return { changed: true, secrets: read.secrets, unresolved: read.unresolved, etag: read.etag };
}

/** The environment's secrets; `raw`: the stored text, references as written (and every key listed). */
export async function listSecrets(
  session: Session,
  p: ProjectFile,
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
  p: ProjectFile,
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
