// What an account's claim ends of share links (lib/claims.ts): the live links the claim's circle
// made are revoked, their snapshots erased (every one, in a workspace the holder founded).
import type { ClaimEnder } from "../../lib/claims.ts";

export const endShareLinksOfClaim: ClaimEnder = async (tx, scope, now) => {
  let query = tx
    .updateTable("share_links")
    .set({ revoked_at: now, ciphertext: "" })
    .where("workspace_id", "=", scope.workspaceId)
    .where("revoked_at", "is", null);
  if (scope.circle !== "everyone") query = query.where("created_by", "in", [...scope.circle, ""]);
  const result = await query.executeTakeFirst();
  return { share_links_revoked: Number(result.numUpdatedRows) };
};
