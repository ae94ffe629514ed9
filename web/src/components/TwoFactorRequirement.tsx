// A workspace's "require two-factor sign-in for every member" (PATCH /workspaces/{id}
// {require_two_factor}): Owners switch it, everyone else sees whether it is on. The API refuses
// (409) an Owner who has not turned two-factor on for themselves: said before they try, with the
// way there. Turning it on warns how many members it locks out until they enrol.
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import type { Member } from "../api/people-queries.ts";
import { queryKeys } from "../api/queries.ts";
import { useTwoFactorStatus } from "../api/security-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { withoutTwoFactor } from "../lib/security.ts";
import type { ActionSpec } from "./ActionDialog.tsx";
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
  if (!can("workspace.update")) {
    return required ? (
      <p className="alert alert-info requirement" role="status">
        {workspace.name} requires two-factor sign-in of every member.
      </p>
    ) : null;
  }
  return <RequirementSwitch members={members} ask={ask} />;
}

function RequirementSwitch({ members, ask }: RequirementProps) {
  const { workspace } = useWorkspace();
  const own = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const hintId = useId();
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
      run: async () => {
        await unwrap(
          api.PATCH("/workspaces/{workspace_id}", {
            params: { path: { workspace_id: workspace.id } },
            body: { require_two_factor: next },
          }),
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
      },
    });

  return (
    <section className="card stack requirement" aria-labelledby="requirement-title">
      <h2 id="requirement-title">Two-factor sign-in</h2>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={required}
          aria-checked={required}
          disabled={blocked}
          aria-describedby={hintId}
          onChange={(e) => change(e.target.checked)}
        />{" "}
        Require two-factor sign-in for every member
      </label>
      <p id={hintId} className="muted">
        {blocked && own.data ? (
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
        )}
      </p>
    </section>
  );
}
