// Role gating in the dashboard: the server's permission matrix (src/auth/policy.ts) read from the
// same file, so what the dashboard offers and what the API allows cannot drift. The API still
// enforces every rule; this only decides which buttons a person sees.
import { type Action, can, ROLE_NAMES, Role } from "../../../src/auth/policy.ts";

export type { Action };
export { ROLE_NAMES, Role };

/** The signed-in person within one workspace. */
export interface Caller {
  role: number;
  /** The teams they belong to; Admins and Owners see every team anyway. */
  teamIds: ReadonlySet<string>;
}

/**
 * Whether the caller may do `action` (on something in `teamId`). Viewers and Members are listed
 * only their own teams, so the teams listing is the set of teams they belong to.
 */
export function allows(
  caller: Caller | undefined,
  action: Action,
  teamId?: string,
  /** Whether the environment acted in is protected (writes into it need Admin). */
  environmentProtected = false,
): boolean {
  if (!caller) return false;
  return can({ role: caller.role, teamIds: caller.teamIds }, action, {
    ...(teamId ? { teamId } : {}),
    environmentProtected,
  });
}

/** Both environments named, before a prod environment's parent changes (null: none). */
export function inheritanceConfirmation(
  child: string,
  parent: string | null,
  previous: string | null,
): string {
  const from = previous === null ? "" : ` instead of ${previous}`;
  return parent === null
    ? `${child} will no longer inherit from ${previous ?? "any environment"}: the secrets it read from there are gone from it at once.`
    : `${child} will inherit from ${parent}${from}: every key ${child} does not set itself reads ${parent}'s value, at once, wherever ${child} runs.`;
}

/** What a delete takes from the environments that inherit the key (empty: nothing). */
export function heirsLoseNote(key: string, heirs: readonly { name: string }[]): string {
  if (heirs.length === 0) return "";
  const names = heirs.map((h) => h.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? "inherits" : "inherit"} ${key} from here and will lose it.`;
}

export const roleName = (role: number): string => ROLE_NAMES[role] ?? `role ${role}`;
