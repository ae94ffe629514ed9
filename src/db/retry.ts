import { AppError } from "../errors.ts";
import { isUniqueViolation } from "./connect.ts";

/**
 * Runs a whole transaction again when it lost a race on a unique index (two creates choosing the
 * same slug at once). Each lost attempt means another writer committed, so N simultaneous creates
 * of one name need up to N attempts. Past the bound the caller gets a 409 to retry, never a 500.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 32): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= attempts)
        throw new AppError("conflict", "Too many simultaneous writes of the same name; try again");
    }
  }
}
