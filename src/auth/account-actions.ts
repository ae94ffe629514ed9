// What the credential must be for the actions on one's own account, and how a workspace's sign-in
// requirements are met. Imported through policy.ts.

// Account actions (issue 18): what the credential must be. A leaked API key must not be able to
// make itself permanent, so minting or changing keys, ending sessions, deleting the account,
// changing the password and managing two-factor sign-in need an interactive session. Those that
// hand out or keep power also need the second factor when the account has one; revocations do
// not, so that someone who fears a compromise can always end it in one step.
interface AccountRule {
  session: boolean;
  secondFactor: boolean;
  description: string;
}

export const ACCOUNT_ACTIONS = {
  "api_key.create": {
    session: true,
    secondFactor: true,
    description: "mint an API key",
  },
  "api_key.update": {
    session: true,
    secondFactor: true,
    description: "change an API key",
  },
  "api_key.revoke": {
    session: true,
    secondFactor: false,
    description: "revoke an API key (a key may always revoke itself)",
  },
  "session.revoke": {
    session: true,
    secondFactor: false,
    description: "end one or every session",
  },
  "account.delete": {
    session: true,
    secondFactor: true,
    description: "delete the account",
  },
  "account.change_password": {
    session: true,
    secondFactor: true,
    description: "change the password",
  },
  "device.review": {
    session: true,
    secondFactor: false,
    description: "look up or deny a device (the CLI) waiting to be signed in",
  },
  "device.approve": {
    session: true,
    secondFactor: true,
    description: "sign a device (the CLI) in to the account",
  },
  "two_factor.manage": {
    session: true,
    secondFactor: true,
    description: "set up, turn off, or renew the recovery codes of two-factor sign-in",
  },
} as const satisfies Record<string, AccountRule>;

export type AccountAction = keyof typeof ACCOUNT_ACTIONS;

/** The credential as far as account actions care. */
export interface Credential {
  kind: "session" | "api_key";
  apiKeyId: string | null;
}

/** Whether the credential may take the action (the target: the API key an action is about). */
export function credentialMay(
  credential: Credential,
  action: AccountAction,
  target: { apiKeyId?: string } = {},
): boolean {
  const rule: AccountRule = ACCOUNT_ACTIONS[action];
  if (!rule.session || credential.kind === "session") return true;
  return (
    action === "api_key.revoke" && target.apiKeyId !== undefined && target.apiKeyId === credential.apiKeyId
  );
}

/** How a session's sign-in was proven. */
export const SIGN_IN_METHODS = ["password", "google", "github", "oidc"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A stored method this code knows, else null (rows from before migration 0016 have none). */
export const asSignInMethod = (stored: string | null): SignInMethod | null =>
  SIGN_IN_METHODS.find((method) => method === stored) ?? null;

/** What a workspace asks of the people who reach it (Owners set both). */
export interface WorkspaceRequirements {
  requiresTwoFactor: boolean;
  /** Sessions must come from the deployment's OpenID Connect provider. */
  requiresSso: boolean;
}

/** A member as far as the requirements care: their account, and the credential they act through. */
export interface MemberStanding {
  twoFactor: boolean;
  credential: { kind: "session" | "api_key"; signInMethod: SignInMethod | null };
}

/**
 * The workspace's first requirement the member does not meet, or null when they may act in it.
 * Two-factor sign-in is asked of the account, whatever the credential. Single sign-on is asked of
 * sessions only: API keys (personal ones and service accounts') are automation, which has no
 * browser to go through the provider with.
 */
export function unmetRequirement(
  workspace: WorkspaceRequirements,
  member: MemberStanding,
): "two_factor" | "sso" | null {
  if (workspace.requiresTwoFactor && !member.twoFactor) return "two_factor";
  if (
    workspace.requiresSso &&
    member.credential.kind === "session" &&
    member.credential.signInMethod !== "oidc"
  )
    return "sso";
  return null;
}

/**
 * Why an Owner may not make single sign-on a requirement, or null when they may: the deployment
 * must offer it, and the Owner must be signed in through it (else the change would lock them out).
 */
export function ssoRequirementRefusal(
  deployment: { ssoConfigured: boolean },
  credential: { kind: "session" | "api_key"; signInMethod: SignInMethod | null },
): "not_configured" | "not_signed_in_with_sso" | null {
  if (!deployment.ssoConfigured) return "not_configured";
  if (credential.kind !== "session" || credential.signInMethod !== "oidc") return "not_signed_in_with_sso";
  return null;
}

/** The account actions as docs/credentials.md shows them (a test keeps the two identical). */
export function renderAccountActionTable(): string {
  const rows = Object.entries(ACCOUNT_ACTIONS).map(
    ([action, rule]) =>
      `| \`${action}\` | ${rule.description} | ${rule.session ? "session only" : "session or API key"} | ${rule.secondFactor ? "yes" : "no"} |`,
  );
  return [
    "| action | what it covers | credential | two-factor code when the account has it |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
