// The values a person asked to see in the secrets table, in this component's state only: Show
// reads one (a read the trail records), Hide drops it, and all of them go when the screen
// unmounts. A value read at an older version than its row lists is not shown.
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import type { EnvPath, SecretMetadata } from "../api/queries.ts";
import { readSecretValue, type SecretValue } from "../api/secret-values.ts";

type Row = Pick<SecretMetadata, "id" | "key" | "inherited_from" | "current_version">;

const without = <V>(map: ReadonlyMap<string, V>, ids: readonly string[]) => {
  const next = new Map(map);
  for (const id of ids) next.delete(id);
  return next;
};

export function useSecretValues(path: EnvPath) {
  const [shown, setShown] = useState<ReadonlyMap<string, SecretValue>>(new Map());
  const [reading, setReading] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());

  /** One read of the row's value (to show, copy or edit); a failure is kept to show in the row. */
  async function read(secret: Row, options: { raw?: boolean } = {}): Promise<SecretValue> {
    setReading((current) => new Set(current).add(secret.id));
    setFailures((current) => without(current, [secret.id]));
    try {
      return await readSecretValue(path, secret, options);
    } catch (error) {
      setFailures((current) => new Map(current).set(secret.id, errorMessage(error)));
      throw error;
    } finally {
      setReading((current) => {
        const next = new Set(current);
        next.delete(secret.id);
        return next;
      });
    }
  }

  return {
    read,
    /** The value shown for the row, if it was asked for and is still its current version. */
    valueOf: (secret: Row) => {
      const value = shown.get(secret.id);
      return value?.version === secret.current_version ? value : undefined;
    },
    isReading: (secret: Row) => reading.has(secret.id),
    failureOf: (secret: Row) => failures.get(secret.id),
    show(secret: Row) {
      if (reading.has(secret.id)) return;
      read(secret).then(
        (value) => setShown((current) => new Map(current).set(secret.id, value)),
        () => {}, // the failure is shown in the row
      );
    },
    /** Drops the rows' values (Hide, a save, a delete). */
    forget(ids: readonly string[]) {
      setShown((current) => without(current, ids));
      setFailures((current) => without(current, ids));
    },
  };
}
