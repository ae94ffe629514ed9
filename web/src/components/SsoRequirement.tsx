// A workspace's "require single sign-on of every member" (PATCH /workspaces/{id} {require_sso}):
// Owners switch it, everyone else sees whether it is on. The API refuses (409) to turn it on when
// the deployment offers no single sign-on, or when the Owner's own session did not come through
// it (they would lock themselves out): both are said before they try, with the way there.
import { useSessions } from "../api/people-queries.ts";
import { useProviders } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import type { ActionSpec } from "./ActionDialog.tsx";
import { RequirementCard, useSetRequirements } from "./RequirementCard.tsx";
import { useCan } from "./RoleGate.tsx";
import { SsoSignInLink } from "./SsoRequired.tsx";

export function SsoRequirement({ ask }: { ask: (spec: ActionSpec) => void }) {
  const { workspace } = useWorkspace();
  const can = useCan();
  const providers = useProviders();
  const name = providers.data?.oidc?.name;
  if (!can("workspace.sign_in_requirements")) {
    return workspace.require_sso ? (
      <p className="alert alert-info requirement" role="status">
        {workspace.name} requires single sign-on{name ? ` (${name})` : ""} of every member.
      </p>
    ) : null;
  }
  // Nothing to offer where the deployment has no single sign-on (unless it was required before).
  if (!providers.data || (!name && !workspace.require_sso)) return null;
  return <SsoSwitch name={name} ask={ask} />;
}

function SsoSwitch({ name, ask }: { name: string | undefined; ask: (spec: ActionSpec) => void }) {
  const { workspace } = useWorkspace();
  const sessions = useSessions();
  const setRequirements = useSetRequirements(workspace.id);
  const required = workspace.require_sso;
  const signedInWithSso = sessions.data?.find((s) => s.current)?.sign_in_method === "oidc";
  // Turning it off is always allowed; on, only from a single sign-on session. Until the session is
  // known, the switch waits rather than invite a refusal.
  const blocked = !required && (!name || !signedInWithSso);
  const provider = name ?? "single sign-on";

  const change = (next: boolean) =>
    ask({
      title: next ? `Require sign-in with ${provider}?` : "Stop requiring single sign-on?",
      submitLabel: next ? "Require it" : "Stop requiring it",
      message: next
        ? `Every member of ${workspace.name} will need to sign in with ${provider} to reach it. Sessions ` +
          "signed in any other way (a password, Google, GitHub) lose access at once, and are told how to " +
          "sign in again. API keys and service accounts keep working."
        : `Members of ${workspace.name} will reach it however they sign in again.`,
      run: () => setRequirements({ require_sso: next }),
    });

  return (
    <RequirementCard
      title="Single sign-on"
      label={`Require sign-in with ${provider} for every member`}
      checked={required}
      blocked={blocked}
      onChange={change}
      hint={
        blocked && !name ? (
          "This Coffer offers no single sign-on: its operator sets up an OpenID Connect provider first."
        ) : blocked && sessions.data ? (
          <>
            Sign in with {provider} yourself first, so that you cannot lock yourself out:{" "}
            <SsoSignInLink className="" />
          </>
        ) : required ? (
          `Members reach this workspace only in a session signed in with ${provider}; API keys are not affected.`
        ) : (
          `Members would have to sign in with ${provider} to reach this workspace.`
        )
      }
    />
  );
}
