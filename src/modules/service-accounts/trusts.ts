// The OIDC issuers a service account trusts (GitHub Actions, GitLab CI, a Kubernetes cluster…):
// an issuer URL, the audience its tokens must carry, and patterns their subject and other claims
// must match. A token that satisfies a trust is exchanged for a short-lived key (oidc-exchange.ts).
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { type KeyScopeInput, presentScope, scopeColumns } from "../../auth/key-scope.ts";
import { notFound, ValidationFailed } from "../../errors.ts";
import { destinationProblem } from "../../lib/outbound.ts";
import { checkScopeTargets } from "../keys/index.ts";
import type { ServiceAccountsCore, ServiceAccountsDeps } from "./core.ts";
import * as repo from "./repo.ts";
import { unpinnedSharedIssuer } from "./shared-issuers.ts";

const DEFAULT_TOKEN_MINUTES = 15;

/**
 * Why an issuer cannot be trusted (a 422's message), or undefined: an http(s) URL without query,
 * fragment or credentials, on an address Coffer may reach — public, or in COFFER_OUTBOUND_ALLOW
 * (plain http only there). Checked again, after resolution, at every exchange.
 */
export async function issuerProblem(
  issuer: string,
  allowedNetworks: readonly string[],
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return "Input should be a URL";
  }
  if (url.search || url.hash || url.username || url.password)
    return "An issuer URL carries no query, fragment or credentials";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "An issuer must be an https URL";
  return destinationProblem(url, allowedNetworks);
}

export const presentTrust = (row: repo.TrustRow) => ({
  ...row,
  ...presentScope(row),
  claims: JSON.parse(row.claims) as Record<string, string>,
});

export function createServiceAccountTrusts(deps: ServiceAccountsDeps, core: ServiceAccountsCore) {
  const { db, clock, audit } = deps;
  return {
    async add(
      ctx: RequestContext,
      accountId: string,
      input: KeyScopeInput & {
        name: string;
        issuer: string;
        audience: string;
        subject: string;
        claims?: Record<string, string>;
        token_minutes?: number;
      },
    ) {
      await authorize(db, ctx, "service_account.grant");
      await core.requireAccount(db, ctx, accountId);
      const problem = await issuerProblem(input.issuer, deps.allowedNetworks);
      if (problem) {
        throw new ValidationFailed([
          { loc: ["body", "issuer"], msg: problem, type: "value_error", input: input.issuer },
        ]);
      }
      const unpinned = unpinnedSharedIssuer(input.issuer, input.subject, input.claims ?? {});
      if (unpinned) {
        throw new ValidationFailed([
          { loc: ["body", "subject"], msg: unpinned, type: "value_error", input: input.subject },
        ]);
      }
      await checkScopeTargets(deps.scopeTargets, ctx.workspaceId, input);
      const row: repo.TrustRow = {
        id: randomUUID(),
        service_account_id: accountId,
        name: input.name,
        // Tokens name their issuer without a trailing slash (GitHub, GitLab, Kubernetes).
        issuer: input.issuer.replace(/\/+$/, ""),
        audience: input.audience,
        subject: input.subject,
        claims: JSON.stringify(input.claims ?? {}),
        token_minutes: input.token_minutes ?? DEFAULT_TOKEN_MINUTES,
        created_by: ctx.principal.userId,
        created_at: clock.now().toISOString(),
        ...scopeColumns(input),
      };
      await db.transaction().execute(async (tx) => {
        await repo.insertTrust(tx, row);
        await audit.record(tx, ctx, {
          action: "service_account.trust_added",
          resourceType: "service_account",
          resourceId: accountId,
          details: { trust_id: row.id, issuer: row.issuer, audience: row.audience, subject: row.subject },
        });
      });
      return presentTrust(row);
    },

    async list(ctx: RequestContext, accountId: string) {
      await authorize(db, ctx, "service_account.list");
      await core.requireAccount(db, ctx, accountId);
      return (await repo.trustsOf(db, accountId)).map(presentTrust);
    },

    /** Removes a trust: no new token is exchanged through it (those already exchanged run out). */
    async remove(ctx: RequestContext, accountId: string, trustId: string) {
      await authorize(db, ctx, "service_account.revoke");
      await core.requireAccount(db, ctx, accountId);
      await db.transaction().execute(async (tx) => {
        const result = await repo.deleteTrust(tx, accountId, trustId);
        if (Number(result.numDeletedRows) === 0) throw notFound("Trust");
        await audit.record(tx, ctx, {
          action: "service_account.trust_removed",
          resourceType: "service_account",
          resourceId: accountId,
          details: { trust_id: trustId },
        });
      });
      return { message: "Trust removed" };
    },
  };
}
