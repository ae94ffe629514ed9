// Saying what environment-policy.ts kept back: each key on stderr with why, who last wrote it (the
// newest entry of the secret's own log, which holds what changed it) and how to let it through.
// The writers are asked for only when something is kept back, so the common path costs nothing;
// an answer that cannot be had (offline, no permission) says "unknown" and the command goes on.
import type { EnvironmentPath } from "../client/index.ts";
import type { Session } from "./api.ts";
import { pathOf } from "./context.ts";
import type { KeptBack } from "./environment-policy.ts";
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

type Actor = { type: string; user_id: string; name: string; key: { name: string } | null };

// Names come from the server and from what other people typed (a key's name): no control
// character of theirs reaches the terminal, where it could rewrite or forge a line.
const printable = (text: string) => text.replace(/\p{Cc}/gu, "?");
const quoted = (text: string) => printable(JSON.stringify(text));

/** The emails of a workspace's members by user id (one page: enough to name a writer, or not). */
async function memberEmails(session: Session, workspaceId: string): Promise<Map<string, string>> {
  try {
    const { data } = await session.client.GET("/workspaces/{workspace_id}/members", {
      params: { path: { workspace_id: workspaceId }, query: { limit: 1000 } },
    });
    return new Map((data ?? []).map((m) => [m.user_id, m.email]));
  } catch {
    return new Map(); // the key's owner is then named by id
  }
}

/** The person behind a key is named by their address, never by the key's name (which they chose). */
async function writerName(actor: Actor, emailOf: (userId: string) => Promise<string | undefined>) {
  const key = actor.key ? ` (API key ${quoted(actor.key.name)})` : "";
  switch (actor.type) {
    case "user":
      return printable(actor.name);
    case "api_key":
      return `${printable((await emailOf(actor.user_id)) ?? `user ${actor.user_id}`)}${key}`;
    case "service_account":
      return `service account ${quoted(actor.name)}${key}`;
    default:
      return `${printable(actor.type)} ${quoted(actor.name)}`;
  }
}

/** Who last wrote each key's secret, or "unknown". */
export async function lastWriters(
  session: Session,
  keys: string[],
  origins: ReadonlyMap<string, SecretOrigin>,
): Promise<Map<string, string>> {
  const members = new Map<string, Promise<Map<string, string>>>();
  const writers = await Promise.all(
    keys.map(async (key): Promise<[string, string]> => {
      const origin = origins.get(key);
      if (!origin) return [key, "unknown"];
      try {
        const { data } = await session.client.GET(
          "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/logs",
          { params: { path: { ...origin.path, secret_id: origin.secretId }, query: { limit: 1 } } },
        );
        const actor = data?.[0]?.actor;
        if (!actor) return [key, "unknown"];
        const workspace = origin.path.workspace_id;
        const emailOf = async (userId: string) => {
          if (!members.has(workspace)) members.set(workspace, memberEmails(session, workspace));
          return (await members.get(workspace)!).get(userId);
        };
        return [key, await writerName(actor, emailOf)];
      } catch {
        return [key, "unknown"]; // offline (a fallback copy), or the server would not say
      }
    }),
  );
  return new Map(writers);
}

const reasons = (k: KeptBack) =>
  [
    ...(k.setHere ? ["it is already set here"] : []),
    ...(k.readByTools ? ["tools read it as options, code, a program to run or a place to look"] : []),
  ].join(", and ");

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
      `kept back ${k.key} from ${from}: ${reasons(k)}; last written by ${writers.get(k.key)}; ` +
        `to pass it on, name it: --allow-env ${k.key}`,
    );
}
