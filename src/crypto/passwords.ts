// Password hashing with argon2id (OWASP's recommended parameters for argon2id).
import { hash, verify } from "@node-rs/argon2";

// algorithm 2 is Argon2id (the package exports it as an ambient const enum, unusable here).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// A real hash to verify against when the account does not exist, so an unknown email costs the
// same time as a wrong password.
const dummyHash = hash("coffer-timing-equaliser", OPTIONS);

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}
