// Password hashing with argon2id (OWASP's recommended parameters for argon2id).
import { hash, verify } from "@node-rs/argon2";

// algorithm 2 is Argon2id (the package exports it as an ambient const enum, unusable here).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// A real hash to verify against when there is no hash to check (no such account, or an account
// without a password), so those cost the same time as a wrong password.
const dummyHash = hash("coffer-timing-equaliser", OPTIONS);

/** Whether `password` matches `storedHash`. A missing hash never matches, whatever is sent. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    if (storedHash === null) {
      // The work is done for its time alone; its answer is never the caller's.
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
