// Reads across environments, and for tools without an SDK: environments compared, the workspace
// searched, the heirs of a secret, and an environment as one object or dotenv text.
export { createSecretCompare } from "./compare.ts";
export { createInheritedBy } from "./inherited-by.ts";
export { createSecretSearch } from "./search.ts";
