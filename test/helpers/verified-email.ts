// An account whose address counts as proven, set in the store: how the proof is given (a mailed
// code) is verification's own tests' subject, not the subject of the tests that need the state.
import type { Db } from "../../src/db/schema.ts";

export const markEmailVerified = (db: Db, userId: string) =>
  db
    .updateTable("users")
    .set({ email_verified_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
