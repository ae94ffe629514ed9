// Sign-in identities: which account a provider's subject id belongs to.
import type { IdentitiesTable, Queryable } from "../../db/schema.ts";

export type IdentityRow = IdentitiesTable;

export async function userIdOf(
  db: Queryable,
  provider: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("identities")
    .select("user_id")
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links an identity to an account; a link that already exists stays as it is. */
export async function linkIdentity(db: Queryable, row: IdentityRow): Promise<void> {
  await db
    .insertInto("identities")
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
