// Secrets: envelope-encrypted values with per-secret versions, single and bulk writes (all or
// nothing), decrypted reads that survive an unreadable value (207), version history and logs.
// Every write records its audit entries in the same transaction; no entry ever holds a value.
// Deleted secrets stay recoverable for a retention period; any version can be rolled back to; an
// environment can be read and restored as it was at a moment, picked from its timeline.
// The factory composes the parts: reads, writes, history, recovery and what imports need.

import { createSecretsCore, type SecretsDeps } from "./core.ts";
import {
  createPointInTime,
  createRecoverySteps,
  createSecretHistory,
  createSecretRecovery,
  createTimeline,
} from "./history/index.ts";
import {
  createSecretImports,
  createSecretReads,
  createSecretWrites,
  createWriteSteps,
} from "./values/index.ts";
import { createInheritedBy, createSecretCompare, createSecretSearch } from "./views/index.ts";

export type { BulkUpdateItem, SecretInput, SecretPatch, SecretsDeps } from "./core.ts";

export function createSecretsService(deps: SecretsDeps) {
  const core = createSecretsCore(deps);
  const steps = createWriteSteps(deps, core);
  const reads = createSecretReads(deps, core);
  const recovery = createRecoverySteps(deps);
  return {
    ...createSecretImports(deps, core, steps),
    ...reads,
    ...createSecretCompare(deps, core, reads),
    ...createSecretWrites(deps, core, steps, recovery),
    ...createSecretHistory(deps, core, reads),
    ...createSecretRecovery(deps, core, steps, recovery),
    ...createPointInTime(deps, core, reads, steps, recovery),
    ...createTimeline(deps, core),
    ...createSecretSearch(deps),
    ...createInheritedBy(deps, core),
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
