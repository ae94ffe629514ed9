// The cast of a permission walk: every kind of caller a workspace can meet, and the rule that
// says which of them an action admits (DESIGN.md §5, stated here independently of the policy).
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/schema.ts";
import { newUser } from "./factories.ts";
import { newMember, type Tree } from "./tree.ts";

export type Player =
  | "viewer-in-team"
  | "viewer-other-team"
  | "member-in-team"
  | "member-other-team"
  | "admin"
  | "owner"
  | "non-member";

export const PLAYERS: Player[] = [
  "viewer-in-team",
  "viewer-other-team",
  "member-in-team",
  "member-other-team",
  "admin",
  "owner",
  "non-member",
];

export const ROLE: Record<Player, number> = {
  "viewer-in-team": 0,
  "viewer-other-team": 0,
  "member-in-team": 1,
  "member-other-team": 1,
  admin: 2,
  owner: 3,
  "non-member": -1,
};

/** Minimum role, and whether Viewers and Members must belong to the team. */
export interface RoleRule {
  minRole: number;
  team?: boolean;
}

export function allowed(player: Player, rule: RoleRule): boolean {
  const role = ROLE[player];
  if (role < rule.minRole) return false;
  if (rule.team && role < 2) return player.endsWith("in-team");
  return true;
}

export interface Cast {
  headers: Record<Player, Record<string, string>>;
  ids: Record<Player, string>;
  tokens: Record<Player, string>;
}

/** Signs up one user per player: members of the tree's workspace in and out of its team, and a stranger. */
export async function castPlayers(
  app: FastifyInstance,
  db: Db,
  tree: Tree,
  owner: { id: string; accessToken: string; headers: Record<string, string> },
  otherTeamId: string,
): Promise<Cast> {
  const cast = { headers: {}, ids: {}, tokens: {} } as Cast;
  const enrol = (
    player: Player,
    user: { id: string; accessToken: string; headers: Record<string, string> },
  ) => {
    cast.headers[player] = user.headers;
    cast.ids[player] = user.id;
    cast.tokens[player] = user.accessToken;
  };
  enrol("owner", owner);
  const members: [Player, string[]][] = [
    ["viewer-in-team", [tree.teamId]],
    ["viewer-other-team", [otherTeamId]],
    ["member-in-team", [tree.teamId]],
    ["member-other-team", [otherTeamId]],
    ["admin", []],
  ];
  for (const [player, teams] of members)
    enrol(player, await newMember(app, db, tree.workspaceId, ROLE[player], teams));
  enrol("non-member", await newUser(app));
  return cast;
}
