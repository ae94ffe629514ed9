import { isUniqueViolation } from "./connect.ts";

/**
 * Runs a whole transaction again when it lost a race on a unique index (two creates choosing
 * the same slug at once). The work must be idempotent up to its unique choice.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
