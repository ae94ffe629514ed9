// What an account's claim ends through invites (lib/claims.ts): the pending invites of the claim's
// circle are withdrawn; and who the circle is, beyond the holder: the people who came in through
// the holder's invites, and through theirs in turn.
import type { Queryable } from "../../db/schema.ts";
import type { ClaimEnder } from "../../lib/claims.ts";
import * as accountsModule from "../accounts/index.ts";
import * as repo from "./repo.ts";

export const endInvitesOfClaim: ClaimEnder = async (tx, scope) => ({
  invites_withdrawn: await repo.deletePending(tx, scope.workspaceId, scope.circle),
});

/** The holder and everyone who came into the workspace through the holder's invites, transitively. */
export async function invitedThrough(
  tx: Queryable,
  workspaceId: string,
  holderId: string,
): Promise<string[]> {
  const circle = new Set([holderId]);
  let inviters = [holderId];
  while (inviters.length > 0) {
    const next: string[] = [];
    for (const email of await repo.acceptedBy(tx, workspaceId, inviters)) {
      const user = await accountsModule.findUserByEmail(tx, email);
      if (user && !circle.has(user.id)) {
        circle.add(user.id);
        next.push(user.id);
      }
    }
    inviters = next;
  }
  return [...circle];
}
