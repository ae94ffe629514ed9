// Why a session ended, so the device that lost it can be told (issue 24): signed in again from the
// same user agent elsewhere, signed out, revoked from another device, a password change… Sessions
// revoked before this migration have no reason and read as plainly "revoked".
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("revoked_reason", "text").execute();
}
