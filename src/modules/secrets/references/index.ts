// What a value may reference and what it reads through a reference: refused on write unless the
// writer may read the target, resolved on read with the reader's and each writer's standing.
export { createReferenceChecks } from "./reference-checks.ts";
export {
  type CurrentRows,
  type ReachedRow,
  ReferenceResolution,
  type Resolution,
} from "./resolve-references.ts";
export { writerColumns } from "./writers.ts";
