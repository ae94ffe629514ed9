// A secret's value as it is now: written (single, bulk, an import's), read (the list, one secret,
// the metadata, a share link's snapshot), and kept per revision between reads.
export { createSecretImports } from "./import-writes.ts";
export { createSecretReads, type Unresolved } from "./reads.ts";
export { createWriteSteps, type WriteSteps } from "./write-steps.ts";
export { createSecretWrites } from "./writes.ts";
