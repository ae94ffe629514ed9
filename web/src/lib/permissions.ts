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
export function allows(caller: Caller | undefined, action: Action, teamId?: string): boolean {
  if (!caller) return false;
  return can({ role: caller.role, teamIds: caller.teamIds }, action, teamId ? { teamId } : {});
}

export const roleName = (role: number): string => ROLE_NAMES[role] ?? `role ${role}`;
