// What the operators of this Coffer server may do across workspaces. Imported through policy.ts.

// Instance actions (issue 36): what the people who run this Coffer server (COFFER_OPERATORS) may do
// across every workspace. The power spans tenants, so only a person may hold it: a session of a
// verified account whose email the configuration names, never an API key (a leaked key must not
// reach every workspace), and the second factor for a change when the account has it. Everyone
// else is answered 404, as if the page did not exist: the instance's operators are not advertised.
interface InstanceRule {
  secondFactor: boolean;
  description: string;
}

export const INSTANCE_ACTIONS = {
  "instance.list_workspaces": {
    secondFactor: false,
    description: "list every workspace of the instance with its plan, member count and creation date",
  },
  "instance.set_plan": {
    secondFactor: true,
    description: "change any workspace's plan",
  },
} as const satisfies Record<string, InstanceRule>;

export type InstanceAction = keyof typeof INSTANCE_ACTIONS;

/** Whether the account is one of the instance's operators (a verified email the configuration names). */
export const isInstanceOperator = (
  account: { email: string; emailVerified: boolean },
  operators: readonly string[],
): boolean => account.emailVerified && operators.includes(account.email.toLowerCase());

/** Whether the credential's account may take an instance action (the second factor is asked apart). */
export const instanceActionAllowed = (
  account: { email: string; emailVerified: boolean },
  credential: { kind: "session" | "api_key" },
  operators: readonly string[],
): boolean => credential.kind === "session" && isInstanceOperator(account, operators);

/** The instance actions as docs/permissions.md shows them (a test keeps the two identical). */
export function renderInstanceActionTable(): string {
  const rows = Object.entries(INSTANCE_ACTIONS).map(
    ([action, rule]: [string, InstanceRule]) =>
      `| \`${action}\` | ${rule.description} | an operator's verified account (COFFER_OPERATORS), session only | ${rule.secondFactor ? "yes" : "no"} |`,
  );
  return [
    "| action | what it covers | who | two-factor code when the account has it |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
