// Who wrote each version of a secret, and how, as the audit trail tells it (the timeline and the
// version history read it alike): the entry that wrote the version names its actor, and a
// rollback's (or a restore's) names the version whose value it made current again.
import type { SecretsDeps } from "../core.ts";

type Entry = Awaited<ReturnType<SecretsDeps["audit"]["aboutVersions"]>>[number];

/** The entries that can write a version (updates and restores say whether they did). */
export const VERSION_ACTIONS = ["secret.created", "secret.updated", "secret.rolled_back", "secret.restored"];

export const wroteVersion = (entry: Entry) =>
  entry.action === "secret.created" ||
  entry.action === "secret.rolled_back" ||
  entry.details.new_version === true;

/** Per version of the secret, the entry that wrote it (none: the trail no longer holds it). */
export async function versionAuthors(
  audit: SecretsDeps["audit"],
  workspaceId: string,
  secretId: string,
  versions: number[],
): Promise<Map<number, Entry>> {
  const written = new Map<number, Entry>();
  if (versions.length === 0) return written;
  const entries = await audit.aboutVersions({
    workspaceId,
    secretIds: [secretId],
    versions,
    actions: VERSION_ACTIONS,
  });
  // Oldest first: the first entry naming a version is the one that wrote it.
  for (const entry of entries.filter(wroteVersion))
    if (entry.version !== null && !written.has(entry.version)) written.set(entry.version, entry);
  return written;
}

/** The version a rollback's entry made current again (null: the entry is no rollback). */
export const restoredFrom = (entry: Entry | undefined): number | null =>
  entry?.action === "secret.rolled_back" && typeof entry.details.from_version === "number"
    ? entry.details.from_version
    : null;
