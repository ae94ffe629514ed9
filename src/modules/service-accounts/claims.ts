// What an account's claim ends of service accounts (lib/claims.ts): those the claim's circle made
// are disabled with every key revoked and every trust removed, and so is every key and trust the
// circle added to another (all of them, in a workspace the holder founded). A disabled account can
// be enabled again by whoever now runs the workspace, but only with keys minted anew.
import type { ClaimEnder } from "../../lib/claims.ts";

export const endServiceAccountsOfClaim: ClaimEnder = async (tx, scope, now) => {
  const inWorkspace = tx
    .selectFrom("service_accounts")
    .select("id")
    .where("workspace_id", "=", scope.workspaceId);
  const circle = scope.circle === "everyone" ? null : [...scope.circle, ""];
  const theirs = circle ? inWorkspace.where("created_by", "in", circle) : inWorkspace;
  const disabled = await tx
    .updateTable("service_accounts")
    .set({ disabled_at: now, updated_at: now })
    .where("id", "in", theirs)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  const keys = tx
    .updateTable("service_account_keys")
    .set({ revoked_at: now, updated_at: now })
    .where("service_account_id", "in", inWorkspace)
    .where("revoked_at", "is", null);
  // A key exchanged through a trust the circle added is the circle's too, for its few minutes.
  const circleTrusts = tx
    .selectFrom("service_account_trusts")
    .select("id")
    .where("created_by", "in", circle ?? [""]);
  const revoked = await (circle
    ? keys.where((eb) =>
        eb.or([
          eb("service_account_id", "in", theirs),
          eb("created_by", "in", circle),
          eb("trust_id", "in", circleTrusts),
        ]),
      )
    : keys
  ).executeTakeFirst();
  const trusts = tx.deleteFrom("service_account_trusts").where("service_account_id", "in", inWorkspace);
  const removed = await (circle
    ? trusts.where((eb) => eb.or([eb("service_account_id", "in", theirs), eb("created_by", "in", circle)]))
    : trusts
  ).executeTakeFirst();
  return {
    service_accounts_disabled: Number(disabled.numUpdatedRows),
    service_account_keys_revoked: Number(revoked.numUpdatedRows),
    trusts_removed: Number(removed.numDeletedRows),
  };
};
