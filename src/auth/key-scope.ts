// A key's scope between its table's columns, the policy's KeyScope and the API's fields. Personal
// keys and service-account keys store the same columns (KeyScopeColumns).
import type { KeyScopeColumns } from "../db/schema.ts";
import { AppError, ValidationFailed } from "../errors.ts";
import { addressIn, parseCidr } from "../lib/cidr.ts";
import { type KeyScope, narrowsAnything } from "./policy.ts";

/** The scope fields of a key's creation (all optional: an unscoped key has its holder's reach). */
export interface KeyScopeInput {
  access?: "read" | "read_write";
  project_ids?: string[] | null;
  environment_ids?: string[] | null;
  allowed_cidrs?: string[] | null;
}

const listOf = (text: string | null): string[] | null =>
  text === null ? null : (JSON.parse(text) as string[]);
const textOf = (list: readonly string[] | null | undefined): string | null =>
  list == null ? null : JSON.stringify([...new Set(list)]);

/** The columns to store; CIDRs are checked and kept in canonical form (422 otherwise). */
export function scopeColumns(input: KeyScopeInput): KeyScopeColumns {
  const cidrs = input.allowed_cidrs?.map((text, index) => {
    const range = parseCidr(text);
    if (!range) {
      throw new ValidationFailed([
        {
          loc: ["body", "allowed_cidrs", index],
          msg: "Input should be an IP address or a CIDR range (e.g. 203.0.113.0/24 or 2001:db8::/32)",
          type: "value_error",
          input: text,
        },
      ]);
    }
    return range;
  });
  return {
    access: input.access ?? "read_write",
    project_ids: textOf(input.project_ids),
    environment_ids: textOf(input.environment_ids),
    allowed_cidrs: textOf(cidrs),
  };
}

/** The policy's view of a key bound to `workspaceId` (null: every workspace of its holder). */
export function keyScopeOf(columns: KeyScopeColumns, workspaceId: string | null): KeyScope | null {
  const scope: KeyScope = {
    workspaceId,
    access: columns.access === "read" ? "read" : "read_write",
    projectIds: listOf(columns.project_ids),
    environmentIds: listOf(columns.environment_ids),
  };
  return narrowsAnything(scope) ? scope : null;
}

/**
 * Throws 401 api_key_address_refused when the key may not be used from `address` (the client's, as
 * COFFER_TRUST_PROXY decides). Checked before the use is recorded: a refused use is not a use.
 */
export function assertUsableFrom(columns: KeyScopeColumns, address: string): void {
  const ranges = listOf(columns.allowed_cidrs);
  if (ranges && !addressIn(address, ranges)) {
    throw new AppError(
      "api_key_address_refused",
      "This API key may not be used from this address (its allowed ranges do not include it)",
    );
  }
}

/** The scope fields as the API shows them. */
export const presentScope = (columns: KeyScopeColumns) => ({
  access: columns.access === "read" ? ("read" as const) : ("read_write" as const),
  project_ids: listOf(columns.project_ids),
  environment_ids: listOf(columns.environment_ids),
  allowed_cidrs: listOf(columns.allowed_cidrs),
});
