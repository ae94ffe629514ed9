// What the environments module's parts share: the types an environment may have, the path that
// names one, and what of its row leaves the server.
import type { ReferenceSource } from "../../auth/policy.ts";
import { TYPE_ORDER } from "../../lib/environment-order.ts";
import type * as repo from "./repo.ts";

/** The types, in the order the dashboard and the CLI list them. */
export const ENVIRONMENT_TYPES = TYPE_ORDER;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

export interface EnvironmentPath {
  teamId: string;
  projectId: string;
  environmentId: string;
}

/**
 * What leaves the server: default_policy is write-only (spec §2), the revision internal, and the
 * parent, a reference policy other than the default and protection named only when there are some
 * (the spec's record, exactly, for every other environment).
 */
export function presentEnvironment(row: repo.EnvironmentRow) {
  const {
    default_policy: _writeOnly,
    revision: _internal,
    parent_environment_id,
    references_from,
    protected: isProtected,
    ...visible
  } = row;
  return {
    ...visible,
    ...(parent_environment_id === null ? {} : { parent_environment_id }),
    ...(references_from === "anywhere" ? {} : { references_from: references_from as ReferenceSource }),
    ...(isProtected === 1 ? { protected: true as const } : {}),
  };
}
