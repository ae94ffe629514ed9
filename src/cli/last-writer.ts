// Who last wrote a secret kept back (environment-policy.ts), in the words of the warning that says
// so: the newest entry of the secret's own log, which holds what changed it, names its writer.
// The CLI (kept-back.ts) and the GitHub Action (action/index.mjs) both say it, and the Action
// imports this file as it is (Node strips its types, with nothing to install or build): so it
// imports nothing at run time, uses only erasable TypeScript, and each caller brings its own way
// of asking the server.
import type { KeptBack } from "./environment-policy.ts";

/** An audit entry's actor, as the API gives it. */
export type Actor = { type: string; user_id: string; name: string; key: { name: string } | null };

/** How to ask the server about a secret kept back; `Origin` says where the secret lives. */
export interface WriterLookup<Origin> {
  /** The actor of the newest entry of the secret's log (undefined, or a throw, when it cannot be had). */
  newestActor(origin: Origin): Promise<Actor | undefined>;
  workspaceOf(origin: Origin): string;
  /** The emails of a workspace's members by user id (a throw: the key's owner is named by id). */
  memberEmails(workspaceId: string): Promise<Map<string, string>>;
}

// Names come from the server and from what other people typed (a key's name): no control
// character of theirs reaches a terminal or a log, where it could rewrite or forge a line.
const printable = (text: string) => text.replace(/\p{Cc}/gu, "?");
const quoted = (text: string) => printable(JSON.stringify(text));

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
export async function lastWriters<Origin>(
  keys: string[],
  origins: ReadonlyMap<string, Origin>,
  lookup: WriterLookup<Origin>,
): Promise<Map<string, string>> {
  const members = new Map<string, Promise<Map<string, string>>>();
  const emailsIn = (workspace: string) => {
    let emails = members.get(workspace);
    if (!emails) {
      emails = lookup.memberEmails(workspace).catch(() => new Map<string, string>());
      members.set(workspace, emails);
    }
    return emails;
  };
  const writers = await Promise.all(
    keys.map(async (key): Promise<[string, string]> => {
      const origin = origins.get(key);
      if (origin === undefined) return [key, "unknown"];
      try {
        const actor = await lookup.newestActor(origin);
        if (!actor) return [key, "unknown"];
        const workspace = lookup.workspaceOf(origin);
        return [key, await writerName(actor, async (userId) => (await emailsIn(workspace)).get(userId))];
      } catch {
        return [key, "unknown"]; // offline (a fallback copy), or the server would not say
      }
    }),
  );
  return new Map(writers);
}

/**
 * The warning for one key kept back: its name, why, its last writer and how to let it through.
 * `here` says where a name "is already set" (this machine, a CI job).
 */
export function keptBackWarning(
  k: KeptBack,
  said: { from: string; here: string; writer: string | undefined; letThrough: string },
): string {
  const reasons = [
    ...(k.setHere ? [`it is already set ${said.here}`] : []),
    ...(k.readByTools ? ["tools read it as options, code, a program to run or a place to look"] : []),
  ].join(", and ");
  return (
    `kept back ${k.key} from ${said.from}: ${reasons}; last written by ${said.writer ?? "unknown"}; ` +
    `to pass it on, ${said.letThrough}`
  );
}
