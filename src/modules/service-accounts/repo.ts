// Service accounts, their teams, keys and OIDC trusts, and the exchanged OIDC tokens (replay guard).
import type {
  Queryable,
  ServiceAccountKeysTable,
  ServiceAccountsTable,
  ServiceAccountTrustsTable,
} from "../../db/schema.ts";
import { rowsOldestFirst, rowWhere } from "../../db/workspace-rows.ts";

export type AccountRow = ServiceAccountsTable;
export type KeyRow = ServiceAccountKeysTable;
export type TrustRow = ServiceAccountTrustsTable;

export const insertAccount = (db: Queryable, row: AccountRow) =>
  db.insertInto("service_accounts").values(row).execute();

export const findAccount = (db: Queryable, workspaceId: string, id: string) =>
  rowWhere(db, "service_accounts", { workspace_id: workspaceId, id });

export const listAccounts = (db: Queryable, workspaceId: string) =>
  rowsOldestFirst(db, "service_accounts", { workspace_id: workspaceId });

export async function countAccounts(db: Queryable, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("service_accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const nameTaken = async (db: Queryable, workspaceId: string, name: string, except?: string) =>
  Boolean(
    await db
      .selectFrom("service_accounts")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where("name", "=", name)
      .$if(except !== undefined, (q) => q.where("id", "!=", except as string))
      .executeTakeFirst(),
  );

export const updateAccount = (
  db: Queryable,
  id: string,
  patch: Partial<Pick<AccountRow, "name" | "description" | "role" | "disabled_at" | "updated_at">>,
) => db.updateTable("service_accounts").set(patch).where("id", "=", id).execute();

export const deleteAccount = (db: Queryable, id: string) =>
  db.deleteFrom("service_accounts").where("id", "=", id).execute();

export async function teamIdsOf(
  db: Queryable,
  accountIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byAccount = new Map<string, string[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .selectFrom("service_account_teams")
    .select(["service_account_id", "team_id"])
    .where("service_account_id", "in", [...accountIds])
    .orderBy("team_id")
    .execute();
  for (const row of rows) byAccount.get(row.service_account_id)?.push(row.team_id);
  return byAccount;
}

/**
 * What the policy needs of a service account of the workspace: its role and teams; undefined when
 * it is gone or disabled (it can act in nothing).
 */
export async function standingOf(
  db: Queryable,
  workspaceId: string,
  accountId: string,
): Promise<{ role: number; teamIds: Set<string> } | undefined> {
  const account = await findAccount(db, workspaceId, accountId);
  if (!account || account.disabled_at !== null) return undefined;
  const teams = (await teamIdsOf(db, [accountId])).get(accountId) ?? [];
  return { role: account.role, teamIds: new Set(teams) };
}

export async function setTeams(db: Queryable, accountId: string, teamIds: readonly string[], now: string) {
  await db.deleteFrom("service_account_teams").where("service_account_id", "=", accountId).execute();
  if (teamIds.length === 0) return;
  await db
    .insertInto("service_account_teams")
    .values(
      [...new Set(teamIds)].map((team_id) => ({ service_account_id: accountId, team_id, created_at: now })),
    )
    .execute();
}

export const insertKey = (db: Queryable, row: KeyRow) =>
  db.insertInto("service_account_keys").values(row).execute();

/** Minted keys of an account that are still live, newest first (exchanged OIDC tokens are not listed). */
export const liveKeysOf = (db: Queryable, accountId: string, now: string) =>
  db
    .selectFrom("service_account_keys")
    .selectAll()
    .where("service_account_id", "=", accountId)
    .where("trust_id", "is", null)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();

export const findKey = (db: Queryable, accountId: string, keyId: string) =>
  db
    .selectFrom("service_account_keys")
    .selectAll()
    .where("service_account_id", "=", accountId)
    .where("id", "=", keyId)
    .executeTakeFirst();

export const revokeKey = (db: Queryable, keyId: string, now: string) =>
  db
    .updateTable("service_account_keys")
    .set({ revoked_at: now, updated_at: now })
    .where("id", "=", keyId)
    .execute();

export const touchKey = (db: Queryable, keyId: string, now: string) =>
  db.updateTable("service_account_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();

/** A key by digest, with what the policy needs of its account. */
export const findKeyByDigest = (db: Queryable, tokenHash: string) =>
  db
    .selectFrom("service_account_keys as k")
    .innerJoin("service_accounts as a", "a.id", "k.service_account_id")
    .select([
      "k.id",
      "k.name",
      "k.expires_at",
      "k.revoked_at",
      "k.last_used_at",
      "k.access",
      "k.project_ids",
      "k.environment_ids",
      "k.allowed_cidrs",
      "a.id as account_id",
      "a.name as account_name",
      "a.workspace_id",
      "a.role",
      "a.disabled_at",
    ])
    .where("k.token_hash", "=", tokenHash)
    .executeTakeFirst();

export const insertTrust = (db: Queryable, row: TrustRow) =>
  db.insertInto("service_account_trusts").values(row).execute();

export const trustsOf = (db: Queryable, accountId: string) =>
  db
    .selectFrom("service_account_trusts")
    .selectAll()
    .where("service_account_id", "=", accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

export const deleteTrust = (db: Queryable, accountId: string, trustId: string) =>
  db
    .deleteFrom("service_account_trusts")
    .where("service_account_id", "=", accountId)
    .where("id", "=", trustId)
    .executeTakeFirst();

/**
 * One account's trusts of an issuer, with the account's state. Always one account's: trusts of
 * other workspaces never decide an exchange.
 */
export const trustsOfIssuer = (db: Queryable, issuer: string, accountId: string) =>
  db
    .selectFrom("service_account_trusts as t")
    .innerJoin("service_accounts as a", "a.id", "t.service_account_id")
    .selectAll("t")
    .select(["a.workspace_id", "a.disabled_at"])
    .where("t.issuer", "=", issuer)
    .where("t.service_account_id", "=", accountId)
    .orderBy("t.created_at")
    .orderBy("t.id")
    .execute();

/**
 * Records an exchanged token by its digest (of its issuer and jti, else of what it signed; rows from
 * before hold a digest of the token's text and run out with it); false when it was exchanged before.
 */
export async function rememberExchange(db: Queryable, digest: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .insertInto("oidc_token_uses")
    .values({ digest, expires_at: expiresAt })
    .onConflict((oc) => oc.column("digest").doNothing())
    .returning("digest")
    .executeTakeFirst();
  return result !== undefined;
}

/** Housekeeping: replay records and exchanged tokens past their lifetime. */
export async function purgeExpired(db: Queryable, cutoff: string): Promise<number> {
  const uses = await db.deleteFrom("oidc_token_uses").where("expires_at", "<", cutoff).executeTakeFirst();
  const exchanged = await db
    .deleteFrom("service_account_keys")
    .where("trust_id", "is not", null)
    .where("expires_at", "<", cutoff)
    .executeTakeFirst();
  return Number(uses.numDeletedRows) + Number(exchanged.numDeletedRows);
}
