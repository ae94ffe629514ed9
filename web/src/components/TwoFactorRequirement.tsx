// A workspace's "require two-factor sign-in for every member" (PATCH /workspaces/{id}
// {require_two_factor}): Owners switch it, everyone else sees whether it is on. The API refuses
// (409) an Owner who has not turned two-factor on for themselves: said before they try, with the
// way there. Turning it on warns how many members it locks out until they enrol.
import { Link } from "@tanstack/react-router";
import type { Member } from "../api/people-queries.ts";
import { useTwoFactorStatus } from "../api/security-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { withoutTwoFactor } from "../lib/security.ts";
import type { ActionSpec } from "./ActionDialog.tsx";
import { RequirementCard, useSetRequirements } from "./RequirementCard.tsx";
import { useCan } from "./RoleGate.tsx";

interface RequirementProps {
  /** Every member, or undefined while only some are loaded. */
  members: readonly Member[] | undefined;
  ask: (spec: ActionSpec) => void;
}

export function TwoFactorRequirement({ members, ask }: RequirementProps) {
  const { workspace } = useWorkspace();
  const can = useCan();
  const required = workspace.require_two_factor;
  if (!can("workspace.sign_in_requirements")) {
    return required ? (
      <p className="alert alert-info requirement" role="status">
        {workspace.name} requires two-factor sign-in of every member.
      </p>
    ) : null;
  }
  return <TwoFactorSwitch members={members} ask={ask} />;
}

function TwoFactorSwitch({ members, ask }: RequirementProps) {
  const { workspace } = useWorkspace();
  const own = useTwoFactorStatus();
  const setRequirements = useSetRequirements(workspace.id);
  const required = workspace.require_two_factor;
  // The API's 409: an Owner must have it before requiring it (turning it off is always allowed).
  // Until their own state is known, the switch waits rather than invite a refusal.
  const blocked = !required && own.data?.enabled !== true;
  const lockedOut = members ? withoutTwoFactor(members) : undefined;

  const change = (next: boolean) =>
    ask({
      title: next ? "Require two-factor sign-in?" : "Stop requiring two-factor sign-in?",
      submitLabel: next ? "Require it" : "Stop requiring it",
      message: next
        ? `Every member of ${workspace.name} will need two-factor sign-in to reach it. ${
            lockedOut === undefined
              ? "Members without it"
              : lockedOut === 1
                ? "1 member does not use it yet and"
                : `${lockedOut} members do not use it yet and`
          } lose access until they turn it on (they are told how).`
        : `Members of ${workspace.name} will reach it with a password alone again.`,
      run: () => setRequirements({ require_two_factor: next }),
    });

  return (
    <RequirementCard
      title="Two-factor sign-in"
      label="Require two-factor sign-in for every member"
      checked={required}
      blocked={blocked}
      onChange={change}
      hint={
        blocked && own.data ? (
          <>
            Turn on two-factor sign-in for your own account first (
            <Link to="/w/$workspaceId/account/security" params={{ workspaceId: workspace.id }}>
              Account → Security
            </Link>
            ): you cannot require what you do not use.
          </>
        ) : required ? (
          "Members without two-factor sign-in cannot reach this workspace until they turn it on."
        ) : (
          "Members would need a code from an authenticator app to reach this workspace."
        )
      }
    />
  );
}
