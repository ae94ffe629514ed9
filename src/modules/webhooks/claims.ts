// What an account's claim ends of webhooks (lib/claims.ts): those the claim's circle made are
// disabled (every one, in a workspace the holder founded). Whoever now runs the workspace sees why,
// and may enable one again after checking where it sends.
import type { ClaimEnder } from "../../lib/claims.ts";

export const CLAIM_REASON =
  "The account that set it up was taken over by the owner of its address: check where it sends before enabling it again";

export const endWebhooksOfClaim: ClaimEnder = async (tx, scope, now) => {
  let query = tx
    .updateTable("webhooks")
    .set({ disabled_at: now, disabled_reason: CLAIM_REASON, updated_at: now })
    .where("workspace_id", "=", scope.workspaceId)
    .where("disabled_at", "is", null);
  if (scope.circle !== "everyone") query = query.where("created_by", "in", [...scope.circle, ""]);
  const result = await query.executeTakeFirst();
  return { webhooks_disabled: Number(result.numUpdatedRows) };
};
