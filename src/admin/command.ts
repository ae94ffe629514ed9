// What every database command of `npm run admin` shares: its shape, argument parsing, the two
// ways it fails, and how it records what an operator did in a workspace's audit log.
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/keyring.ts";
import type { Db, Queryable } from "../db/schema.ts";
import { recordOperatorEvent } from "../modules/instance/index.ts";

export interface Command {
  usage: string;
  summary: string;
  /** Answers the summary printed on stdout; progress may go to stderr meanwhile. */
  run(args: string[], db: Db, config: Config): Promise<string>;
}

/** Bad arguments: the message and the command's usage on stderr, exit code 1. */
export class UsageError extends Error {}

/** The command could not finish: the message alone on stderr, exit code 1. */
export class CommandFailed extends Error {}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses `--name value` options and bare `--switch`es; everything else stays positional. */
export function flags(
  args: string[],
  allowed: string[],
  switches: string[] = [],
): { positional: string[]; values: Record<string, string>; set: Set<string> } {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const set = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (switches.includes(name)) {
      set.add(name);
      continue;
    }
    const value = args[++i];
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    values[name] = value;
  }
  return { positional, values, set };
}

/** A whole number in [min, max] given as `--name`, or the default. */
export function intOption(
  values: Record<string, string>,
  name: string,
  min: number,
  max: number,
  fallback: number,
) {
  const text = values[name];
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(text);
}

/** Records an operator's change in the workspace's audit log, in the caller's transaction. */
export const operatorEvent = (
  tx: Queryable,
  masterKeys: MasterKeys,
  workspaceId: string,
  action: string,
  details: Record<string, unknown>,
  now: string,
): Promise<void> =>
  recordOperatorEvent(tx, masterKeys, { workspaceId, action, details, by: { commandLine: true }, now });
