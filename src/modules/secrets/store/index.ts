// The four tables' queries (secrets, secret_versions and their recovery copies), each naming its
// workspace: the rest of the module reads and writes them through here alone.
export * as repo from "./repo.ts";
export type { StoredVersion } from "./stored-versions.ts";
export * as trash from "./trash-repo.ts";
export { purgeTrash } from "./trash-repo.ts";
