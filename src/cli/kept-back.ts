// Saying what environment-policy.ts kept back: each key on stderr with why, who last wrote it (the
// newest entry of the secret's own log, which holds what changed it) and how to let it through.
// The writers are asked for only when something is kept back, so the common path costs nothing;
// an answer that cannot be had (offline, no permission) says "unknown" and the command goes on.
import type { EnvironmentPath } from "../client/index.ts";
import type { Session } from "./api.ts";
import { pathOf } from "./context.ts";
import type { KeptBack } from "./environment-policy.ts";
import { keptBackWarning, type WriterLookup, lastWriters as writersOf } from "./last-writer.ts";
import { warn } from "./output.ts";

/** Where a key's secret lives: an inherited one in its parent environment. */
export interface SecretOrigin {
  path: EnvironmentPath;
  secretId: string;
}

/** The secret `secretId` of environment `environmentId` (the target's, or a parent's in its project). */
export const originIn = (target: EnvironmentPath, environmentId: string, secretId: string): SecretOrigin => ({
  path: { ...pathOf(target), environment_id: environmentId },
  secretId,
});

/** The CLI's way of asking who wrote a secret: its SDK session. */
const lookupIn = (session: Session): WriterLookup<SecretOrigin> => ({
  async newestActor(origin) {
    const { data } = await session.client.GET(
      "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/logs",
      { params: { path: { ...origin.path, secret_id: origin.secretId }, query: { limit: 1 } } },
    );
    return data?.[0]?.actor;
  },
  workspaceOf: (origin) => origin.path.workspace_id,
  // One page: enough to name a writer, or not.
  async memberEmails(workspaceId) {
    const { data } = await session.client.GET("/workspaces/{workspace_id}/members", {
      params: { path: { workspace_id: workspaceId }, query: { limit: 1000 } },
    });
    return new Map((data ?? []).map((m) => [m.user_id, m.email]));
  },
});

/** Who last wrote each key's secret, or "unknown". */
export const lastWriters = (
  session: Session,
  keys: string[],
  origins: ReadonlyMap<string, SecretOrigin>,
): Promise<Map<string, string>> => writersOf(keys, origins, lookupIn(session));

/** One warning per key: its name, why, its last writer, and the option that lets it through. */
export async function reportKeptBack(
  session: Session,
  kept: KeptBack[],
  origins: ReadonlyMap<string, SecretOrigin>,
  from: string,
): Promise<void> {
  if (kept.length === 0) return;
  const writers = await lastWriters(
    session,
    kept.map((k) => k.key),
    origins,
  );
  for (const k of kept)
    warn(
      keptBackWarning(k, {
        from,
        here: "here",
        writer: writers.get(k.key),
        letThrough: `name it: --allow-env ${k.key}`,
      }),
    );
}
