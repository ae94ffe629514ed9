// A paid capability the workspace's plan lacks (the API answered 402 plan_required): an
// explanation and who can lift it, not an error. The words match the API's refusal, which the CLI
// prints; an operator of the instance gets a link to the page where they change the plan.
import { Link } from "@tanstack/react-router";
import { useMe } from "../api/queries.ts";

/** `title` says what is missing, e.g. "Version history is part of the Pro plan." */
export function UpgradeHint({ title, what }: { title: string; what: string }) {
  const me = useMe();
  return (
    <div className="alert upgrade-hint" role="status">
      <p>
        <strong>{title}</strong> {what}
      </p>
      <p className="muted">
        This workspace is on a plan without it. An operator of this Coffer server can change the plan: on the
        instance-admin page, or with <code>coffer-server admin set-plan &lt;workspace&gt; pro</code>.
      </p>
      {me.data?.instance_operator && (
        <p>
          <Link to="/admin">Change the plan on the instance-admin page</Link>
        </p>
      )}
    </div>
  );
}
