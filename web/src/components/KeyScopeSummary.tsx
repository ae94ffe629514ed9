// A key's scope in a table cell: its access, where it reaches and where it may be used from.
import type { WorkspaceTree } from "../api/automation-queries.ts";
import { useWorkspaces } from "../api/queries.ts";
import { describeScope, type KeyScope } from "../lib/key-scope.ts";

export function KeyScopeSummary({
  scope,
  tree,
  here,
}: {
  scope: KeyScope;
  tree: WorkspaceTree;
  here: { id: string; name: string };
}) {
  const workspaces = useWorkspaces().data;
  const words = describeScope(scope, tree, here, (id) => workspaces?.find((w) => w.id === id)?.name);
  return (
    <span className="key-scope">
      <span className={scope.access === "read" ? "badge access-read" : "badge access-write"}>
        {words.access}
      </span>
      {words.reach.map((line) => (
        <span key={line} className="block break">
          {line}
        </span>
      ))}
      {words.from && <span className="block muted break">from {words.from}</span>}
    </span>
  );
}
