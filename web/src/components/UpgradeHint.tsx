// A paid capability the workspace's plan lacks (the API answered 402 plan_required): an
// explanation and the way to get it, not an error.

/** `title` says what is missing, e.g. "Version history is part of the Pro plan." */
export function UpgradeHint({ title, what }: { title: string; what: string }) {
  return (
    <div className="alert upgrade-hint" role="status">
      <p>
        <strong>{title}</strong> {what}
      </p>
      <p className="muted">
        This workspace is on a plan without it. Whoever runs this Coffer server can move the workspace to Pro
        (<code>npm run admin -- set-plan &lt;workspace&gt; pro</code>).
      </p>
    </div>
  );
}
