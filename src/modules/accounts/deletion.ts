// Deleting an account: its password is checked again (an account made through Google or GitHub has
// none: its session is the proof), workspaces the person solely owns go with it (everything inside
// them too), the others stay without this member, and every one of them keeps an audit entry.
import { tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import { AppError } from "../../errors.ts";
import * as workspacesModule from "../workspaces/index.ts";
import * as repo from "./repo.ts";
import type { AccountsDeps } from "./service.ts";

export function createAccountDeletion(
  deps: AccountsDeps,
  account: {
    requireUser(userId: string): Promise<repo.UserRow>;
    passwordMatches(user: repo.UserRow, password: string): Promise<boolean>;
  },
) {
  const { db } = deps;
  const { requireUser, passwordMatches } = account;
  return {
    /**
     * Deletes the account after re-checking its password. Workspaces the user is the only Owner of
     * go with it (everything inside them too); the others stay, without this member.
     */
    async deleteAccount(actor: ActorContext, password: string) {
      const userId = actor.principal.userId;
      const user = await requireUser(userId);
      // An account made through Google or GitHub has no password: its session is the proof.
      if (user.password_hash !== null && !(await passwordMatches(user, password))) {
        throw new AppError("password_incorrect", "The password is not correct; the account was not deleted");
      }
      const result = await db.transaction().execute(async (tx) => {
        const owned = await workspacesModule.workspacesSolelyOwnedBy(tx, userId);
        const memberships = await workspacesModule.countMemberships(tx, userId);
        // Written first, while the actor's name can still be read. Audit entries outlive their
        // workspace (no foreign key), so the deleted workspaces keep the record of why.
        const all = await deps.accountAudit.memberWorkspaces(tx, userId);
        await deps.accountAudit.audit.recordInWorkspaces(tx, actor, all, {
          action: "account.deleted",
          resourceType: "user",
          resourceId: userId,
          details: { workspaces_deleted: owned.length },
        });
        for (const workspaceId of owned) {
          await deps.accountAudit.audit.recordInWorkspaces(tx, actor, [workspaceId], {
            action: "workspace.deleted",
            resourceType: "workspace",
            resourceId: workspaceId,
            details: { reason: "account_deleted" },
          });
        }
        const deleted = await workspacesModule.deleteWorkspaces(tx, owned);
        await repo.deleteUser(tx, userId);
        return {
          owned,
          summary: {
            deleted: true,
            workspaces_deleted: deleted,
            workspaces_left: memberships - owned.length,
          },
        };
      });
      await deps.bus.publish(tags.user(userId));
      for (const workspaceId of result.owned) await deps.bus.publish(tags.workspace(workspaceId));
      return result.summary;
    },
  };
}
